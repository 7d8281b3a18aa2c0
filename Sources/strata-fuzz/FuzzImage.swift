import ImageCodec

/// An uploaded PNG (`PUT /images/{id}`) as `ImageValidation` decodes it (through
/// `ImageDecoder`, which hands PNGs to `PNGDecoder`): at most 4096² pixels, and the invariants
/// of `fuzzCheckDecodedImage`. JPEG and WebP have their own targets (`FuzzJPEG.swift`,
/// `FuzzWebP.swift`); bytes sniffed as one of those are theirs.
func fuzzImage(_ data: UnsafeRawBufferPointer) {
    guard ImageFormat.sniff(Array(data)) == .png else { return }
    fuzzCheckDecodedImage(data, format: .png, maxPixels: 4096 * 4096)
}
