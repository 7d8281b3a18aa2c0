/// Decides, as a request streams in, whether its body is still within the configured limit.
/// Pure so the 413 rules are tested without sockets: a declared `Content-Length` above the
/// limit is refused before any body byte arrives, a streamed body as soon as it crosses it.
public struct BodyLimit: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable { case accept, tooLarge }

    public let limit: Int
    public private(set) var received = 0

    public init(limit: Int) { self.limit = limit }

    /// Called with the request head's Content-Length header value(s).
    public mutating func begin(contentLength: String?) -> Verdict {
        received = 0
        guard let cl = contentLength else { return .accept }
        // An unparsable or huge declared length can never be within the limit.
        guard let n = Int(cl.trimmingCharacters(in: .whitespaces)), n >= 0 else { return .tooLarge }
        return n > limit ? .tooLarge : .accept
    }

    public mutating func receive(_ count: Int) -> Verdict {
        received += count
        return received > limit ? .tooLarge : .accept
    }
}
