import CLibPNG

/// Premultiplied RGBA8 → PNG through libpng. One scan picks the smallest exact layout
/// (see `PNGLayout`); only the bytes that go into the file are converted (palette entries
/// rather than pixels when a palette fits).
public enum PNGEncoder {
    /// Encodes `height` rows of `width` premultiplied RGBA8 pixels (top to bottom, no padding).
    public static func encode(premultipliedRGBA pixels: UnsafeRawBufferPointer, width: Int, height: Int,
                              options: PNGEncodeOptions = .init()) throws -> [UInt8] {
        try encodeDetailed(premultipliedRGBA: pixels, width: width, height: height, options: options).bytes
    }

    public static func encode(premultipliedRGBA pixels: [UInt8], width: Int, height: Int,
                              options: PNGEncodeOptions = .init()) throws -> [UInt8] {
        try pixels.withUnsafeBytes { try encode(premultipliedRGBA: $0, width: width, height: height, options: options) }
    }

    /// Like `encode`, and also reports the layout chosen.
    public static func encodeDetailed(premultipliedRGBA pixels: UnsafeRawBufferPointer, width: Int, height: Int,
                                      options: PNGEncodeOptions = .init()) throws -> PNGEncoded {
        let count = try validate(byteCount: pixels.count, width: width, height: height, options: options)
        let source = pixels.baseAddress!
        guard options.allowPalette else {
            let scan = ColourScan.run(pixels: source, count: count, indices: nil)
            return try encodeTruecolour(source, width: width, height: height, opaque: scan.isOpaque, options: options)
        }
        let indices = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        defer { indices.deallocate() }
        let scan = ColourScan.run(pixels: source, count: count, indices: indices.assumingMemoryBound(to: UInt8.self))
        if scan.palette.count == 1, options.cacheSingleColour {
            let key = SingleColourCache.Key(pixel: scan.palette[0], width: width, height: height, options: options)
            if let file = SingleColourCache.shared.file(for: key) { return PNGEncoded(bytes: file, layout: .singleColour) }
            let file = try encodePalette(indices, colours: scan.palette, width: width, height: height, options: options).bytes
            SingleColourCache.shared.store(file, for: key)
            return PNGEncoded(bytes: file, layout: .singleColour)
        }
        if scan.fitsPalette {
            let encoded = try encodePalette(indices, colours: scan.palette, width: width, height: height, options: options)
            return scan.palette.count == 1 ? PNGEncoded(bytes: encoded.bytes, layout: .singleColour) : encoded
        }
        return try encodeTruecolour(source, width: width, height: height, opaque: scan.isOpaque, options: options)
    }

    /// Checks sizes and options; returns the pixel count.
    private static func validate(byteCount: Int, width: Int, height: Int, options: PNGEncodeOptions) throws -> Int {
        guard width > 0, height > 0 else { throw PNGError("image size \(width)×\(height) is empty or negative") }
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PNGError("image size \(width)×\(height) exceeds PNG's 2^31−1 limit")
        }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Int.max / 4 else { throw PNGError("image size \(width)×\(height) is too large") }
        guard byteCount == count * 4 else {
            throw PNGError("pixel buffer holds \(byteCount) bytes; \(width)×\(height) RGBA8 needs \(count * 4)")
        }
        guard (0...9).contains(options.level) else { throw PNGError("zlib level \(options.level) is not in 0...9") }
        return count
    }

    private static func encodePalette(_ indices: UnsafeMutableRawPointer, colours: [UInt32], width: Int, height: Int,
                                      options: PNGEncodeOptions) throws -> PNGEncoded {
        let table = PaletteTable(colours: colours, allowPacked: options.allowPackedPalette)
        let count = width * height
        if let remap = table.remap {
            remap.withUnsafeBufferPointer { map in
                let bytes = indices.assumingMemoryBound(to: UInt8.self)
                for i in 0..<count { bytes[i] = map[Int(bytes[i])] }
            }
        }
        var stride = width
        if table.bitDepth < 8 {
            IndexPacking.pack(indices, width: width, height: height, bitDepth: table.bitDepth)
            stride = IndexPacking.stride(width: width, bitDepth: table.bitDepth)
        }
        let bytes = try table.rgb.withUnsafeBufferPointer { rgb in
            try table.alpha.withUnsafeBufferPointer { alpha in
                var image = strata_png_image()
                image.rows = UnsafePointer(indices.assumingMemoryBound(to: UInt8.self))
                image.stride = stride
                image.width = UInt32(width)
                image.height = UInt32(height)
                image.color_type = Int32(STRATA_PNG_COLOR_PALETTE)
                image.bit_depth = Int32(table.bitDepth)
                image.palette_rgb = rgb.baseAddress
                image.palette_count = Int32(table.count)
                image.palette_alpha = alpha.baseAddress
                image.alpha_count = Int32(alpha.count)
                return try write(image, options: options)
            }
        }
        return PNGEncoded(bytes: bytes, layout: .palette(colours: table.count, bitDepth: table.bitDepth))
    }

    private static func encodeTruecolour(_ source: UnsafeRawPointer, width: Int, height: Int, opaque: Bool,
                                         options: PNGEncodeOptions) throws -> PNGEncoded {
        let count = width * height
        let rgb = opaque && options.allowRGB
        let channels = rgb ? 3 : 4
        let converted = UnsafeMutableRawPointer.allocate(byteCount: count * channels, alignment: 16)
        defer { converted.deallocate() }
        if rgb {
            AlphaStripping.strip(source, into: converted, pixels: count)
        } else {
            AlphaConversion.unpremultiplyPixels(source, into: converted, count: count)
        }
        var image = strata_png_image()
        image.rows = UnsafePointer(converted.assumingMemoryBound(to: UInt8.self))
        image.stride = width * channels
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.color_type = Int32(rgb ? STRATA_PNG_COLOR_RGB : STRATA_PNG_COLOR_RGBA)
        image.bit_depth = 8
        return PNGEncoded(bytes: try write(image, options: options), layout: rgb ? .rgb : .rgba)
    }

    /// Hands one prepared image to libpng (in the C target) and copies the file out.
    private static func write(_ image: strata_png_image, options: PNGEncodeOptions) throws -> [UInt8] {
        var image = image
        var settings = strata_png_write_settings()
        settings.level = options.level
        settings.filters = options.filter.libpngMask
        settings.strategy = options.strategy.zlibValue
        var buffer = strata_png_buffer()
        defer { strata_png_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: Int(STRATA_PNG_MESSAGE_CAPACITY))
        let status = strata_png_encode(&image, &settings, &buffer, &message)
        guard status == Int32(STRATA_PNG_OK), let data = buffer.data else {
            throw PNGError("libpng could not write the image: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
