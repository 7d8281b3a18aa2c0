import CLibJPEG
import PNGCodec

/// JPEG → RGBA8 through libjpeg-turbo: baseline, progressive and arithmetic-coded files in
/// greyscale, YCbCr or RGB (CMYK is refused). JPEG has no alpha, so the straight and the
/// premultiplied image are the same bytes (alpha 255). Corrupt or truncated files and images
/// larger than `maxPixels` throw; the pixel buffer is only allocated after the header passed.
public enum JPEGDecoder {
    public static func decode(_ jpeg: [UInt8], maxPixels: Int = 64 << 20) throws -> DecodedImage {
        let image = try jpeg.withUnsafeBytes { try decodeStraightRGBA($0, maxPixels: maxPixels) }
        return DecodedImage(width: image.width, height: image.height, premultipliedRGBA: image.rgba)
    }

    /// The decoded pixels; alpha is always 255, so this is also the premultiplied image.
    public static func decodeStraightRGBA(_ jpeg: UnsafeRawBufferPointer, maxPixels: Int = 64 << 20) throws -> StraightRGBAImage {
        guard let decoder = strata_jpeg_decoder_create(jpeg.baseAddress, jpeg.count) else {
            throw ImageDecodeError(.invalid, format: .jpeg, "out of memory creating the libjpeg reader")
        }
        defer { strata_jpeg_decoder_destroy(decoder) }
        func failure(_ what: String) -> ImageDecodeError {
            ImageDecodeError(.invalid, format: .jpeg, what + ": " + String(cString: strata_jpeg_decoder_message(decoder)))
        }
        var width: UInt32 = 0, height: UInt32 = 0
        guard strata_jpeg_decoder_read_header(decoder, &width, &height) == Int32(STRATA_JPEG_OK) else {
            throw failure("invalid JPEG header")
        }
        let w = Int(width), h = Int(height)
        let pixels = try ImageDecodeError.checkedPixelCount(w, h, maxPixels: maxPixels, format: .jpeg)
        var status = Int32(STRATA_JPEG_ERROR)
        let rgba = [UInt8](unsafeUninitializedCapacity: pixels * 4) { buffer, initialized in
            status = strata_jpeg_decoder_read_image(decoder, buffer.baseAddress, w * 4)
            initialized = status == Int32(STRATA_JPEG_OK) ? pixels * 4 : 0
        }
        guard status == Int32(STRATA_JPEG_OK) else { throw failure("corrupt or truncated JPEG") }
        return StraightRGBAImage(width: w, height: h, rgba: rgba)
    }
}
