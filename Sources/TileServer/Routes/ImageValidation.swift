import ImageCodec

/// Images a client uploads must be real PNG, JPEG or WebP images of a sane size: decoded once
/// here (off the event loop) so a corrupt upload is a 400 now rather than a render failure
/// later. The bytes are stored as sent; the renderer sniffs the format again when it draws.
enum ImageValidation {
    static let maxPixels = 4096 * 4096

    static func validateImage(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else {
            throw APIError.badRequest("the body must be a PNG, JPEG or WebP image", code: "invalid_image", path: "")
        }
        do {
            let img = try ImageDecoder.decode(bytes, maxPixels: maxPixels)
            guard img.width > 0, img.height > 0 else {
                throw ImageDecodeError(.invalid, format: ImageFormat.sniff(bytes), "empty image")
            }
        } catch let e as ImageDecodeError {
            let what = e.format.map { "a usable \($0.rawValue) image" } ?? "a PNG, JPEG or WebP image"
            throw APIError.badRequest("the body is not \(what): \(e.message)", code: "invalid_image", path: "")
        }
    }
}
