import PNGCodec

/// Why an image could not be decoded. `kind` lets callers tell a hostile size from damaged
/// bytes; `message` says what went wrong in plain words for logs and API errors.
public struct ImageDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The bytes start like no supported format.
        case unrecognized
        /// width × height is more than the caller's `maxPixels` (checked before allocating).
        case tooLarge
        /// Corrupt, truncated or using a feature the decoder does not support.
        case invalid
    }

    public var kind: Kind
    /// The format the bytes were sniffed as (nil for `unrecognized`).
    public var format: ImageFormat?
    public var message: String

    public init(_ kind: Kind, format: ImageFormat?, _ message: String) {
        self.kind = kind
        self.format = format
        self.message = message
    }

    public var description: String { "\(format?.rawValue ?? "image") error: \(message)" }

    /// The pixel count of a `width` × `height` image if it is within `maxPixels` (and its
    /// RGBA8 byte count fits an Int); otherwise a `tooLarge` error. Every decoder calls this
    /// between reading the header and allocating the pixels.
    static func checkedPixelCount(_ width: Int, _ height: Int, maxPixels: Int, format: ImageFormat) throws -> Int {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels, pixels <= Int.max / 4 else {
            throw ImageDecodeError(.tooLarge, format: format, "\(format.rawValue) is \(width)×\(height) pixels, more than the limit of \(maxPixels)")
        }
        return pixels
    }
}
