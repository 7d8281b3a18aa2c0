import JSON

/// A validation or apply error, pointing into the style or request body it came from.
///
/// Shared by style parsing, expression parsing, runtime commands and the HTTP layer, which
/// turns it into `{"error": {"status", "code", "message", "path"}}`.
public struct StyleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is, as a JSON pointer into the document being validated.
    public var path: JSONPointer
    public var message: String
    /// Machine-readable reason: "invalid_property", "invalid_expression", "unknown_layer",
    /// "unknown_source", "duplicate_layer", "duplicate_source", "invalid_position", ...
    public var code: String

    public init(path: JSONPointer, message: String, code: String = "invalid_style") {
        self.path = path; self.message = message; self.code = code
    }

    public var description: String { "\(path): \(message)" }

    /// The same error relative to a parent document (e.g. a layer's error inside a style).
    public func prefixed(by parent: JSONPointer) -> StyleError {
        StyleError(path: JSONPointer(parent.tokens + path.tokens), message: message, code: code)
    }
}
