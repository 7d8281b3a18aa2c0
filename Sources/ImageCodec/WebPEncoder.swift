import CLibWebP
import PNGCodec

/// Premultiplied RGBA8 → WebP through libwebp. Lossless by default: the file decodes (with
/// `WebPDecoder`) to exactly the pixels given, as a PNG would. With a quality it is lossy
/// (VP8), alpha still lossless, for much smaller tiles of imagery-like maps.
public enum WebPEncoder {
    public static let qualityRange = 1...100

    /// libwebp's lossless preset (0 fastest … 9 smallest). Level 1 on the dense city's tiles:
    /// 21 % smaller than PNG for about 3 × its encode time; libwebp's own default (6) saves
    /// another 19 % at 7 × level 1's time, too slow for tiles rendered on request
    /// (README, `bench/formats-osm.sh`).
    public static let defaultLosslessLevel = 1

    /// `quality` nil: lossless at `losslessLevel`; 1...100: lossy at that quality.
    public static func encode(premultipliedRGBA pixels: UnsafeRawBufferPointer, width: Int, height: Int,
                              quality: Int? = nil, losslessLevel: Int = defaultLosslessLevel) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 16383, height <= 16383, pixels.count >= width * height * 4 else {
            throw ImageEncodeError(format: .webp, "\(width)×\(height) is outside WebP's 1…16383 px per side or the buffer is short")
        }
        if let quality, !qualityRange.contains(quality) {
            throw ImageEncodeError(format: .webp, "quality \(quality) is outside 1…100")
        }
        let straight = StraightRGBAImage(premultipliedRGBA: pixels, width: width, height: height)
        var message = [CChar](repeating: 0, count: 200)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = straight.rgba.withUnsafeBufferPointer {
            strata_webp_encode_rgba($0.baseAddress, Int32(width), Int32(height), Int32(width * 4),
                                    Float(quality ?? -1), Int32(losslessLevel), &out, &size, &message)
        }
        guard status == 0, let out else { throw ImageEncodeError(format: .webp, ImageEncodeError.text(message)) }
        defer { strata_webp_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
