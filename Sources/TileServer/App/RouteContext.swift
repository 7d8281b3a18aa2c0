import Foundation
import NIOCore

/// One routed request: the request, its path captures and the event loop that answers it.
public struct RouteContext: Sendable {
    public let request: HTTPRequest
    public let params: [String: String]
    public let loop: any EventLoop

    public func param(_ name: String) -> String { params[name] ?? "" }

    /// The session a request names by `X-Session-ID` or `?session=` (nil → the default session).
    public var sessionID: String? {
        if let h = request.header("X-Session-ID"), !h.isEmpty { return h }
        if let q = request.query["session"], !q.isEmpty { return q }
        return nil
    }

    /// `If-Match: "<revision>"` (also bare or weak); `*` and absence mean "any revision".
    public func ifMatchRevision() throws -> Int? {
        guard let raw = request.header("If-Match")?.trimmingCharacters(in: .whitespaces), !raw.isEmpty, raw != "*" else { return nil }
        let tag = ETag.strip(raw)
        guard let n = Int(tag), n >= 0 else {
            throw APIError.badRequest("If-Match must be a quoted revision number like \"3\" (got \(raw))", code: "invalid_if_match")
        }
        return n
    }
}
