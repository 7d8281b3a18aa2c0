import Foundation

/// Entity-tag handling for conditional requests (RFC 9110 §13.1.2, weak comparison).
public enum ETag {
    /// `"value"` form for a response header.
    public static func quoted(_ value: String) -> String { "\"\(value)\"" }

    /// True when an `If-None-Match` header value names `etag` (quoted) or is `*`.
    public static func matches(ifNoneMatch header: String?, etag: String) -> Bool {
        guard let header else { return false }
        let target = strip(etag)
        for raw in header.split(separator: ",") {
            let t = raw.trimmingCharacters(in: .whitespaces)
            if t == "*" { return true }
            if strip(t) == target { return true }
        }
        return false
    }

    /// The tag inside `W/"..."` or `"..."`.
    static func strip<S: StringProtocol>(_ t: S) -> Substring {
        var s = Substring(t)
        if s.hasPrefix("W/") { s = s.dropFirst(2) }
        if s.hasPrefix("\""), s.hasSuffix("\""), s.count >= 2 { s = s.dropFirst().dropLast() }
        return s
    }
}
