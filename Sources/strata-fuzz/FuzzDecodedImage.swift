import ImageCodec
import PNGCodec

/// The invariants every decoded raster image keeps, whatever its format: within the pixel
/// budget, a buffer of exactly width·height·4 bytes, premultiplied (no channel above alpha),
/// and the straight-alpha decode of the same bytes agrees on the size.
func fuzzCheckDecodedImage(_ data: UnsafeRawBufferPointer, format: ImageFormat, maxPixels: Int) {
    let bytes = Array(data)
    let decoded: DecodedImage
    do {
        decoded = try ImageDecoder.decode(bytes, maxPixels: maxPixels)
    } catch let e as ImageDecodeError {
        fuzzCheck(!e.message.isEmpty, "an error without a message")
        return
    } catch {
        fuzzCheck(false, "an error that is not an ImageDecodeError: \(error)")
        return
    }
    fuzzCheck(ImageFormat.sniff(bytes) == format, "decoded as \(format) but sniffed otherwise")
    fuzzCheck(decoded.width > 0 && decoded.height > 0 && decoded.width * decoded.height <= maxPixels, "size \(decoded.width)×\(decoded.height)")
    fuzzCheck(decoded.premultipliedRGBA.count == decoded.width * decoded.height * 4, "buffer size")
    decoded.premultipliedRGBA.withUnsafeBufferPointer { px in
        for k in stride(from: 0, to: min(px.count, 1 << 20), by: 4) {
            fuzzCheck(px[k] <= px[k + 3] && px[k + 1] <= px[k + 3] && px[k + 2] <= px[k + 3], "pixel \(k / 4) not premultiplied")
        }
    }
    let straight = try? ImageDecoder.decodeStraightRGBA(bytes, maxPixels: maxPixels)
    fuzzCheck(straight?.width == decoded.width && straight?.height == decoded.height, "straight decode disagrees")
}
