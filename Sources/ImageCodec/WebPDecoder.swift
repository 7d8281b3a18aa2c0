import CLibWebP
import PNGCodec

/// WebP → RGBA8 through libwebp: still images, lossy (VP8) or lossless (VP8L), with or
/// without alpha; animated files are refused. libwebp decodes straight alpha, premultiplied
/// here with the same rounding as the PNG decoder, so a lossless WebP and a PNG of the same
/// pixels decode to identical bytes. Corrupt or truncated files and images larger than
/// `maxPixels` throw; the pixel buffer is only allocated after the header passed.
public enum WebPDecoder {
    public static func decode(_ webp: [UInt8], maxPixels: Int = 64 << 20) throws -> DecodedImage {
        try webp.withUnsafeBytes { try decodeStraightRGBA($0, maxPixels: maxPixels) }.premultiplied()
    }

    /// The file's own straight-alpha RGBA8 (raster-dem elevations are read from these).
    public static func decodeStraightRGBA(_ webp: UnsafeRawBufferPointer, maxPixels: Int = 64 << 20) throws -> StraightRGBAImage {
        var message = [CChar](repeating: 0, count: Int(STRATA_WEBP_MESSAGE_CAPACITY))
        func failure(_ what: String) -> ImageDecodeError {
            ImageDecodeError(.invalid, format: .webp, what + ": " + String(cString: message))
        }
        var width: UInt32 = 0, height: UInt32 = 0
        guard strata_webp_read_header(webp.baseAddress, webp.count, &width, &height, &message) == Int32(STRATA_WEBP_OK) else {
            throw failure("invalid WebP header")
        }
        let w = Int(width), h = Int(height)
        let pixels = try ImageDecodeError.checkedPixelCount(w, h, maxPixels: maxPixels, format: .webp)
        var status = Int32(STRATA_WEBP_ERROR)
        let rgba = [UInt8](unsafeUninitializedCapacity: pixels * 4) { buffer, initialized in
            status = strata_webp_decode_rgba(webp.baseAddress, webp.count, buffer.baseAddress, pixels * 4, w * 4, &message)
            initialized = status == Int32(STRATA_WEBP_OK) ? pixels * 4 : 0
        }
        guard status == Int32(STRATA_WEBP_OK) else { throw failure("corrupt or truncated WebP") }
        return StraightRGBAImage(width: w, height: h, rgba: rgba)
    }
}
