/// A request value (tile address, image size, view, bounds, output format, query option)
/// that does not hold: what is wrong, with a code and, for bodies, a JSON pointer. Made by the
/// request types themselves, before anything renders; the HTTP layer answers it as a 400
/// (`APIError(mapping:)`).
public struct InvalidRequest: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var code: String
    public var path: String?

    public init(_ message: String, code: String = "bad_request", path: String? = nil) {
        self.message = message; self.code = code; self.path = path
    }

    public var description: String { "\(code): \(message)" }
}
