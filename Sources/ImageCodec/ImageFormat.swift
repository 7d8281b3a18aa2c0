/// The raster formats Strata decodes, told apart by their first bytes (never by file
/// extension or MIME type: tiles in archives have neither).
public enum ImageFormat: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"

    /// The format `bytes` start like; nil when they match none. Only the signature is
    /// looked at: a file that sniffs as JPEG can still fail to decode.
    public static func sniff<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        // RIFF <4-byte little-endian size> WEBP
        if bytes.count >= 12, bytes.starts(with: [0x52, 0x49, 0x46, 0x46]),
           bytes.dropFirst(8).starts(with: [0x57, 0x45, 0x42, 0x50]) {
            return .webp
        }
        return nil
    }
}
