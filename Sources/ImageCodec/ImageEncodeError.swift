/// Why WebP or JPEG encoding failed (bad dimensions, out of memory): the library's words,
/// for logs and the 500 the server answers with.
public struct ImageEncodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var format: ImageFormat
    public var message: String

    public init(format: ImageFormat, _ message: String) {
        self.format = format
        self.message = message
    }

    public var description: String { "\(format.rawValue) encoding error: \(message)" }

    /// A C shim's NUL-terminated message buffer as a string.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
