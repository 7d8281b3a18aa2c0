import JSON
import NIOHTTP1
import StyleSpec

/// Every failure the API reports: `{"error": {"status", "code", "message", "path"}}` where
/// `path` is a JSON pointer into the request body when one applies.
public struct APIError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: HTTPResponseStatus
    public var code: String
    public var message: String
    public var path: String?
    /// Extra headers (`Allow` on 405, `Retry-After` on 503).
    public var headers: [(String, String)]

    public init(_ status: HTTPResponseStatus, code: String, message: String, path: String? = nil, headers: [(String, String)] = []) {
        self.status = status; self.code = code; self.message = message; self.path = path; self.headers = headers
    }

    public static func == (l: APIError, r: APIError) -> Bool {
        l.status == r.status && l.code == r.code && l.message == r.message && l.path == r.path
    }

    public var description: String { "\(status.code) \(code): \(message)" + (path.map { " at \($0)" } ?? "") }

    public var json: JSONValue {
        var e = JSONObject()
        e["status"] = .number(Double(status.code))
        e["code"] = .string(code)
        e["message"] = .string(message)
        if let path { e["path"] = .string(path) }
        return .object(JSONObject([("error", .object(e))]))
    }

    public var response: HTTPResponse {
        var h = HTTPHeaders()
        for (k, v) in headers { h.add(name: k, value: v) }
        return HTTPResponse.json(json, status: status, headers: h)
    }

    // MARK: common errors

    public static func badRequest(_ message: String, code: String = "bad_request", path: String? = nil) -> APIError {
        APIError(.badRequest, code: code, message: message, path: path)
    }
    public static func notFound(_ message: String, code: String = "not_found") -> APIError {
        APIError(.notFound, code: code, message: message)
    }
    public static func conflict(_ message: String, code: String = "conflict", path: String? = nil) -> APIError {
        APIError(.conflict, code: code, message: message, path: path)
    }
    public static func methodNotAllowed(_ method: HTTPMethod, allow: [HTTPMethod]) -> APIError {
        let list = allow.map(\.rawValue).joined(separator: ", ")
        return APIError(.methodNotAllowed, code: "method_not_allowed",
                        message: "\(method.rawValue) is not allowed here; allowed: \(list)", headers: [("Allow", list)])
    }
    public static func payloadTooLarge(limit: Int, what: String = "request body") -> APIError {
        APIError(.payloadTooLarge, code: "payload_too_large", message: "\(what) exceeds the limit of \(limit) bytes")
    }
    public static func unavailable(_ message: String, retryAfter: Int = 1, code: String = "overloaded") -> APIError {
        APIError(.serviceUnavailable, code: code, message: message, headers: [("Retry-After", String(retryAfter))])
    }
    public static func preconditionFailed(_ message: String) -> APIError {
        APIError(.preconditionFailed, code: "revision_mismatch", message: message)
    }
    public static func internalError(_ message: String) -> APIError {
        APIError(.internalServerError, code: "internal_error", message: message)
    }

    /// A malformed JSON body: 400 with the parser's line and column.
    public static func malformedJSON(_ e: JSONParseError) -> APIError {
        APIError(.badRequest, code: "malformed_json",
                 message: "malformed JSON: \(e.message) at line \(e.line), column \(e.column)", path: "")
    }

    /// A style validation/apply error about a request body: duplicates and sources in use are
    /// 409, everything else (including a body naming a missing layer or source) is 400 with
    /// the JSON pointer. A missing target named by the URL is a 404 raised by the route itself.
    public static func style(_ e: StyleError, prefix: JSONPointer = .root) -> APIError {
        let status: HTTPResponseStatus
        switch e.code {
        case "duplicate_layer", "duplicate_source", "source_in_use", "slot_in_use", "duplicate_annotation", "duplicate_import", "conflict",
             "too_many_annotations":
            status = .conflict
        case "payload_too_large": status = .payloadTooLarge
        default: status = .badRequest
        }
        return APIError(status, code: e.code, message: e.message, path: e.prefixed(by: prefix).path.description)
    }
}
