import PNGCodec

/// An uploaded PNG (`PUT /images/{id}`) as `ImageValidation` decodes it (through
/// `ImageDecoder`, which hands PNGs to `PNGDecoder`): at most 4096² pixels. JPEG and WebP
/// have their own targets (`FuzzJPEG.swift`, `FuzzWebP.swift`). A decoded image has a buffer of width·height·4 bytes,
/// premultiplied (no channel above alpha), and the straight-alpha decode agrees on size.
func fuzzImage(_ data: UnsafeRawBufferPointer) {
    let maxPixels = 4096 * 4096
    guard let img = try? PNGDecoder.decode(Array(data), maxPixels: maxPixels) else { return }
    fuzzCheck(img.width > 0 && img.height > 0 && img.width * img.height <= maxPixels, "size \(img.width)×\(img.height)")
    fuzzCheck(img.premultipliedRGBA.count == img.width * img.height * 4, "buffer size")
    img.premultipliedRGBA.withUnsafeBufferPointer { px in
        for k in stride(from: 0, to: min(px.count, 1 << 20), by: 4) {
            fuzzCheck(px[k] <= px[k + 3] && px[k + 1] <= px[k + 3] && px[k + 2] <= px[k + 3], "pixel \(k / 4) not premultiplied")
        }
    }
    let straight = try? PNGDecoder.decodeStraightRGBA(data, maxPixels: maxPixels)
    fuzzCheck(straight?.width == img.width && straight?.height == img.height, "straight decode disagrees")
}
