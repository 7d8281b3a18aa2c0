/// Straight pixels from any decoder (JPEG and WebP in ImageCodec too) reach the renderer
/// through `premultiplied()`, so every format shares this module's rounding.
extension StraightRGBAImage {
    /// The same image premultiplied (round to nearest, as `PNGDecoder.decode`), in place.
    public consuming func premultiplied() -> DecodedImage {
        var data = rgba
        rgba = []  // `data` is the buffer's only owner now: no copy on write.
        let count = width * height
        data.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { AlphaConversion.premultiplyPixels(base, count: count) }
        }
        return DecodedImage(width: width, height: height, premultipliedRGBA: data)
    }
}
