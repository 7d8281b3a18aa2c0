import PNGCodec

/// Images a client uploads must be real PNGs of a sane size: decoded once here (off the event
/// loop) so a corrupt upload is a 400 now rather than a render failure later.
enum ImageValidation {
    static let maxPixels = 4096 * 4096

    static func validatePNG(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { throw APIError.badRequest("the body must be a PNG image", code: "invalid_image", path: "") }
        do {
            let img = try PNGDecoder.decode(bytes, maxPixels: maxPixels)
            guard img.width > 0, img.height > 0 else { throw PNGError("empty image") }
        } catch let e as PNGError {
            throw APIError.badRequest("the body is not a usable PNG image: \(e.message)", code: "invalid_image", path: "")
        }
    }
}
