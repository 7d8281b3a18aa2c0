import PNGCodec

/// Any raster image Strata reads from untrusted bytes — raster and raster-dem tiles, `image`
/// sources, uploaded images — sniffed by signature (PNG, JPEG, WebP) and decoded by the
/// matching decoder. Every failure is an `ImageDecodeError`, whatever the format, so callers
/// handle one error type; the `maxPixels` budget is checked before any pixel is allocated.
public enum ImageDecoder {
    /// Premultiplied RGBA8, what the renderer composites.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 64 << 20) throws -> DecodedImage {
        switch try format(of: bytes) {
        case .png: return try decodePNG { try PNGDecoder.decode(bytes, maxPixels: maxPixels) }
        case .jpeg: return try JPEGDecoder.decode(bytes, maxPixels: maxPixels)
        case .webp: return try WebPDecoder.decode(bytes, maxPixels: maxPixels)
        }
    }

    /// Straight-alpha RGBA8 as the file stores it: for data that are not colours, such as the
    /// elevations of raster-dem tiles, which premultiplying would corrupt where alpha < 255.
    public static func decodeStraightRGBA(_ bytes: [UInt8], maxPixels: Int = 64 << 20) throws -> StraightRGBAImage {
        let format = try format(of: bytes)
        return try bytes.withUnsafeBytes { raw in
            switch format {
            case .png: return try decodePNG { try PNGDecoder.decodeStraightRGBA(raw, maxPixels: maxPixels) }
            case .jpeg: return try JPEGDecoder.decodeStraightRGBA(raw, maxPixels: maxPixels)
            case .webp: return try WebPDecoder.decodeStraightRGBA(raw, maxPixels: maxPixels)
            }
        }
    }

    /// The sniffed format, or an `unrecognized` error naming what the bytes look like.
    public static func format(of bytes: [UInt8]) throws -> ImageFormat {
        if let format = ImageFormat.sniff(bytes) { return format }
        let what = bytes.isEmpty ? "no data" : "not a PNG, JPEG or WebP image"
        throw ImageDecodeError(.unrecognized, format: nil, what)
    }

    /// PNGCodec's own error, re-thrown as an `ImageDecodeError` (PNGDecoder checks the
    /// pixel budget itself; its message says "limit" when that is what failed).
    private static func decodePNG<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as PNGError {
            let kind: ImageDecodeError.Kind = e.message.contains("more than the limit") ? .tooLarge : .invalid
            throw ImageDecodeError(kind, format: .png, e.message)
        }
    }
}
