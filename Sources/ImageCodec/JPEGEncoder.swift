import CLibJPEG

/// Premultiplied RGBA8 → baseline JPEG through libjpeg-turbo. JPEG has no alpha, so each pixel
/// is composited over an opaque `background` first (premultiplied: c + bg × (1 − a)); a map
/// whose style draws an opaque background is unchanged by it.
public enum JPEGEncoder {
    public static let qualityRange = 1...100

    /// An opaque sRGB colour to composite under transparent pixels.
    public struct Background: Sendable, Equatable, Hashable {
        public var red: UInt8, green: UInt8, blue: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8) { self.red = red; self.green = green; self.blue = blue }
        public static let white = Background(red: 255, green: 255, blue: 255)
    }

    public static func encode(premultipliedRGBA pixels: UnsafeRawBufferPointer, width: Int, height: Int,
                              quality: Int, background: Background = .white) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 65500, height <= 65500, pixels.count >= width * height * 4 else {
            throw ImageEncodeError(format: .jpeg, "\(width)×\(height) is outside JPEG's 1…65500 px per side or the buffer is short")
        }
        guard qualityRange.contains(quality) else { throw ImageEncodeError(format: .jpeg, "quality \(quality) is outside 1…100") }
        var message = [CChar](repeating: 0, count: 200)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = strata_jpeg_encode_premultiplied_rgba(
            pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), Int32(width * 4),
            Int32(quality), background.red, background.green, background.blue, &out, &size, &message)
        guard status == 0, let out else { throw ImageEncodeError(format: .jpeg, ImageEncodeError.text(message)) }
        defer { strata_jpeg_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
