import CLibPNG

/// The PNG row filter applied before deflate. Map tiles compress best and fastest
/// without filtering (measured with `strata bench png`), so `.none` is the default.
public enum PNGFilter: Sendable, Hashable, CaseIterable {
    case none, sub, up, paeth
    /// libpng picks the best of all five filters per row.
    case adaptive

    var libpngMask: Int32 {
        switch self {
        case .none: Int32(STRATA_PNG_FILTER_NONE)
        case .sub: Int32(STRATA_PNG_FILTER_SUB)
        case .up: Int32(STRATA_PNG_FILTER_UP)
        case .paeth: Int32(STRATA_PNG_FILTER_PAETH)
        case .adaptive: Int32(STRATA_PNG_FILTER_ALL)
        }
    }
}

/// zlib's match strategy (see zlib's `deflateInit2`).
public enum PNGZlibStrategy: Sendable, Hashable, CaseIterable {
    case `default`, filtered, huffmanOnly, rle

    var zlibValue: Int32 {
        switch self {
        case .default: Int32(STRATA_PNG_STRATEGY_DEFAULT)
        case .filtered: Int32(STRATA_PNG_STRATEGY_FILTERED)
        case .huffmanOnly: Int32(STRATA_PNG_STRATEGY_HUFFMAN_ONLY)
        case .rle: Int32(STRATA_PNG_STRATEGY_RLE)
        }
    }
}

/// Who compresses the image data; libpng writes the file either way (see `strata_png.h`).
public enum PNGDeflater: Sendable, Hashable, CaseIterable {
    /// libpng's own zlib stream, row by row (any filter, bounded memory).
    case zlib
    /// The unfiltered rows compressed in one call by libdeflate: about twice as fast as zlib
    /// on map tiles at level 1, and no larger (`strata bench png`). Used with `.none` rows;
    /// other filters, and images over 64 MB of rows, go through zlib.
    case libdeflate
    /// The unfiltered rows compressed in one call by ISA-L's igzip (levels 0...3, higher
    /// levels are its 3): the fastest of the three on map tiles, in slightly larger files
    /// (measured in docs/BENCHMARKS.md §20).
    /// Used with `.none` rows like libdeflate.
    case isal

    var value: Int32 {
        switch self {
        case .zlib: Int32(STRATA_PNG_DEFLATER_ZLIB)
        case .libdeflate: Int32(STRATA_PNG_DEFLATER_LIBDEFLATE)
        case .isal: Int32(STRATA_PNG_DEFLATER_ISAL)
        }
    }
}

/// How `PNGEncoder` writes a file. Colour type is chosen per image from what it holds:
/// one colour → a cached 1-bit palette file, ≤ 256 colours → palette (exact), all opaque
/// → RGB, otherwise RGBA; the `allow…` switches turn the smaller layouts off.
public struct PNGEncodeOptions: Sendable, Hashable {
    /// Compression level, 0 … 9 (zlib and libdeflate: 0 is stored; ISA-L: 0 is its fastest
    /// matching, 4 … 9 are its 3).
    public var level: Int32
    public var filter: PNGFilter
    /// zlib's match strategy (the zlib deflater only).
    public var strategy: PNGZlibStrategy
    public var deflater: PNGDeflater
    /// Write a PLTE (+ tRNS) image when the image has at most 256 distinct colours.
    public var allowPalette: Bool
    /// Pack palette indices to 1, 2 or 4 bits when the palette is small enough.
    public var allowPackedPalette: Bool
    /// Drop the alpha channel when every pixel is opaque.
    public var allowRGB: Bool
    /// Serve single-colour images from the process-wide cache (off: always encode; for benchmarks).
    public var cacheSingleColour: Bool

    public init(level: Int32 = 2, filter: PNGFilter = .none, strategy: PNGZlibStrategy = .default,
                deflater: PNGDeflater = .isal, allowPalette: Bool = true, allowPackedPalette: Bool = true,
                allowRGB: Bool = true, cacheSingleColour: Bool = true) {
        self.level = level
        self.filter = filter
        self.strategy = strategy
        self.deflater = deflater
        self.allowPalette = allowPalette
        self.allowPackedPalette = allowPackedPalette
        self.allowRGB = allowRGB
        self.cacheSingleColour = cacheSingleColour
    }
}
