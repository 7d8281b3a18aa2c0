/// A JPEG raster tile, image source or upload as `ImageDecoder` reads it (libjpeg-turbo
/// through CLibJPEG): damaged input must throw, never exit the process through libjpeg's
/// default error handler or read out of bounds. Inputs get the JPEG signature prefixed when
/// they lack it, so every input reaches libjpeg rather than the sniffer.
func fuzzJPEG(_ data: UnsafeRawBufferPointer) {
    let signature: [UInt8] = [0xFF, 0xD8, 0xFF]
    if data.starts(with: signature) {
        fuzzCheckDecodedImage(data, format: .jpeg, maxPixels: 4096 * 4096)
    } else {
        (signature + Array(data)).withUnsafeBytes { fuzzCheckDecodedImage($0, format: .jpeg, maxPixels: 4096 * 4096) }
    }
}
