/// A WebP raster tile, image source or upload as `ImageDecoder` reads it (libwebp through
/// CLibWebP). Inputs that are not a RIFF/WEBP container get one around them (with a length
/// that matches), so mutations spend their time in libwebp's chunk and bitstream parsers.
func fuzzWebP(_ data: UnsafeRawBufferPointer) {
    let isWebP = data.count >= 12 && data.starts(with: Array("RIFF".utf8)) && data.dropFirst(8).starts(with: Array("WEBP".utf8))
    if isWebP {
        fuzzCheckDecodedImage(data, format: .webp, maxPixels: 4096 * 4096)
        return
    }
    let size = UInt32(truncatingIfNeeded: data.count + 4)
    let header = Array("RIFF".utf8) + withUnsafeBytes(of: size.littleEndian, Array.init) + Array("WEBP".utf8)
    (header + Array(data)).withUnsafeBytes { fuzzCheckDecodedImage($0, format: .webp, maxPixels: 4096 * 4096) }
}
