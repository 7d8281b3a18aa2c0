/// A failed PNG encode or decode: bad arguments, a corrupt or truncated file, or a
/// libpng error. `message` says what went wrong in plain words.
public struct PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { "PNG error: \(message)" }
}
