import CLibPNG

/// An image decoded to premultiplied RGBA8, rows top to bottom, no padding.
public struct DecodedImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var premultipliedRGBA: [UInt8]

    public init(width: Int, height: Int, premultipliedRGBA: [UInt8]) {
        self.width = width
        self.height = height
        self.premultipliedRGBA = premultipliedRGBA
    }
}

/// Straight (non-premultiplied) RGBA8, as stored in PNG files.
public struct StraightRGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    /// Also for pixels made by other decoders (JPEG, WebP in ImageCodec).
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "RGBA8 buffer of the wrong size")
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

/// PNG → premultiplied RGBA8 through libpng: every colour type, bit depth (16-bit is
/// rounded to 8), interlacing and tRNS. Corrupt or truncated files and images larger
/// than `maxPixels` throw; the pixel buffer is only allocated after the header passed.
public enum PNGDecoder {
    public static func decode(_ png: [UInt8], maxPixels: Int = 64 << 20) throws -> DecodedImage {
        try png.withUnsafeBytes { try decode($0, maxPixels: maxPixels) }
    }

    public static func decode(_ png: UnsafeRawBufferPointer, maxPixels: Int = 64 << 20) throws -> DecodedImage {
        try decode(png, maxPixels: maxPixels, premultiply: true)
    }

    /// The file's own straight-alpha RGBA8 (what PNG stores), for checks and tools that
    /// feed other encoders.
    public static func decodeStraightRGBA(_ png: UnsafeRawBufferPointer, maxPixels: Int = 64 << 20) throws -> StraightRGBAImage {
        let image = try decode(png, maxPixels: maxPixels, premultiply: false)
        return StraightRGBAImage(width: image.width, height: image.height, rgba: image.premultipliedRGBA)
    }

    private static func decode(_ png: UnsafeRawBufferPointer, maxPixels: Int, premultiply: Bool) throws -> DecodedImage {
        guard let decoder = strata_png_decoder_create(png.baseAddress, png.count) else {
            throw PNGError("out of memory creating the libpng reader")
        }
        defer { strata_png_decoder_destroy(decoder) }
        func failure(_ what: String) -> PNGError {
            PNGError(what + ": " + String(cString: strata_png_decoder_message(decoder)))
        }
        var width: UInt32 = 0, height: UInt32 = 0
        guard strata_png_decoder_read_header(decoder, &width, &height) == Int32(STRATA_PNG_OK) else {
            throw failure("invalid PNG header")
        }
        let w = Int(width), h = Int(height)
        let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
        guard !overflow, pixels <= maxPixels, pixels <= Int.max / 4 else {
            throw PNGError("PNG is \(w)×\(h) pixels, more than the limit of \(maxPixels)")
        }
        var status = Int32(STRATA_PNG_ERROR)
        let rgba = [UInt8](unsafeUninitializedCapacity: pixels * 4) { buffer, initialized in
            status = strata_png_decoder_read_image(decoder, buffer.baseAddress, w * 4)
            if status == Int32(STRATA_PNG_OK) {
                if premultiply { AlphaConversion.premultiplyPixels(UnsafeMutableRawPointer(buffer.baseAddress!), count: pixels) }
                initialized = pixels * 4
            } else {
                initialized = 0
            }
        }
        guard status == Int32(STRATA_PNG_OK) else { throw failure("corrupt or truncated PNG") }
        return DecodedImage(width: w, height: h, premultipliedRGBA: rgba)
    }
}
