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
                var header = strata_png_header()
                header.width = UInt32(width)
                header.height = UInt32(height)
                header.color_type = Int32(STRATA_PNG_COLOR_PALETTE)
                header.bit_depth = Int32(table.bitDepth)
                header.palette_rgb = rgb.baseAddress
                header.palette_count = Int32(table.count)
                header.palette_alpha = alpha.baseAddress
                header.alpha_count = Int32(alpha.count)
                let writer = try LibPNGWriter(header: header, options: options)
                try writer.write(rows: indices, stride: stride, count: height)
                return try writer.finish()
            }
        }
        return PNGEncoded(bytes: bytes, layout: .palette(colours: table.count, bitDepth: table.bitDepth))
    }

    /// Bytes of converted rows handed to libpng at a time: large images (static maps up to
    /// 8192² px) never need a second full-size buffer, and a strip stays in cache while
    /// zlib reads it.
    static let stripBytes = 32 * 1024

    private static func encodeTruecolour(_ source: UnsafeRawPointer, width: Int, height: Int, opaque: Bool,
                                         options: PNGEncodeOptions) throws -> PNGEncoded {
        let rgb = opaque && options.allowRGB
        let channels = rgb ? 3 : 4
        var header = strata_png_header()
        header.width = UInt32(width)
        header.height = UInt32(height)
        header.color_type = Int32(rgb ? STRATA_PNG_COLOR_RGB : STRATA_PNG_COLOR_RGBA)
        header.bit_depth = 8
        let writer = try LibPNGWriter(header: header, options: options)
        let rowBytes = width * channels
        let rowsPerStrip = max(1, min(height, stripBytes / rowBytes))
        let strip = UnsafeMutableRawPointer.allocate(byteCount: rowsPerStrip * rowBytes, alignment: 16)
        defer { strip.deallocate() }
        var y = 0
        while y < height {
            let rows = min(rowsPerStrip, height - y)
            let first = source + y * width * 4
            if rgb {
                AlphaStripping.strip(first, into: strip, pixels: rows * width)
            } else {
                AlphaConversion.unpremultiplyPixels(first, into: strip, count: rows * width)
            }
            try writer.write(rows: strip, stride: rowBytes, count: rows)
            y += rows
        }
        return PNGEncoded(bytes: try writer.finish(), layout: rgb ? .rgb : .rgba)
    }
}

extension PNGEncoder {
    /// A `width`×`height` image of one premultiplied pixel (`PremultipliedRGBA8.packed`
    /// layout: r in the low byte), without scanning pixels: the renderer knows when a tile is
    /// uniform (nothing but backgrounds drawn). Repeated sizes and colours come from the
    /// single-colour cache in constant time.
    public static func encodeUniform(pixel: UInt32, width: Int, height: Int, options: PNGEncodeOptions = .init()) throws -> [UInt8] {
        let count = try validate(byteCount: width * height * 4, width: width, height: height, options: options)
        let key = SingleColourCache.Key(pixel: pixel, width: width, height: height, options: options)
        if options.cacheSingleColour, let file = SingleColourCache.shared.file(for: key) { return file }
        let indices = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        defer { indices.deallocate() }
        indices.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        let file = try encodePalette(indices, colours: [pixel], width: width, height: height, options: options).bytes
        if options.cacheSingleColour { SingleColourCache.shared.store(file, for: key) }
        return file
    }
}
