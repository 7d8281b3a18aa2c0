/// Encoders of other formats (WebP in ImageCodec) store straight alpha as PNG does; they
/// convert through here so every format shares PNG's rounding and a lossless file decodes
/// back to the premultiplied bytes it was made from.
extension StraightRGBAImage {
    /// Straight RGBA8 of `width` × `height` premultiplied RGBA8 pixels (tightly packed).
    public init(premultipliedRGBA source: UnsafeRawBufferPointer, width: Int, height: Int) {
        let count = width * height
        precondition(source.count >= count * 4, "premultiplied buffer smaller than width × height × 4")
        let rgba = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            if let base = source.baseAddress, let out = buffer.baseAddress, count > 0 {
                AlphaConversion.unpremultiplyPixels(base, into: out, count: count)
            }
            initialized = count * 4
        }
        self.init(width: width, height: height, rgba: rgba)
    }
}
