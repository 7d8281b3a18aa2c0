import SourceData

/// Byte budgets of the renderer's caches: every cache that grows with the tiles, styles and
/// sources drawn is an LRU held to one of these, so a server's memory is bounded by its tile
/// cache, these budgets, the GeoJSON budget and a fixed overhead (code, render threads'
/// canvases, sessions) that `bench/memory-osm.sh` measures.
///
/// Operators set one number (`renderCacheBytes`); it is shared out in fixed 64ths, weighted by
/// what the dense city keeps (`bench/memory-osm.sh`): line meshes and their per-style tables
/// fill first (one per tile, layer and over-zoom), then label layouts (the labelled city's
/// line labels take ~40 MB, its meshes ~66 MB); the city's decoded tiles are ~14 MB whole;
/// sprites, glyphs and placements are small and bounded by the styles in use.
public struct RenderCacheBudgets: Sendable, Equatable {
    /// Resolved source definitions (TileJSON read once per source).
    public var sourceDefinitions: Int
    /// Decoded vector tiles, raster tiles and image-source images.
    public var vectorTiles: Int
    public var rasterTiles: Int
    public var images: Int
    /// Feature indices passing cacheable layer filters, per tile.
    public var filterResults: Int
    /// Tessellated line meshes per tile and layer, and their evaluated per-feature styles.
    public var lineBuckets: Int
    /// Projected paths of GeoJSON fill layers drawn whole, per view.
    public var fillPaths: Int
    public var lineStyles: Int
    /// Line and point labels laid out per source tile.
    public var symbolLineLayouts: Int
    public var symbolPointLayouts: Int
    /// Label placement blocks, and view annotations' placements and layouts.
    public var placementBlocks: Int
    public var annotationPlacements: Int
    public var annotationLayouts: Int
    /// Sprite sheets, decoded runtime images, pattern texels and glyph ranges.
    public var sprites: Int
    public var runtimeImages: Int
    public var patterns: Int
    public var glyphs: Int

    /// 512 MiB: the dense city at z12–z16 for several styles fits with room to spare.
    public static let defaultTotal = 512 << 20
    public static let `default` = RenderCacheBudgets(total: defaultTotal)

    /// Shares of the total, in 64ths (they add up to 64).
    static var shares: [(WritableKeyPath<RenderCacheBudgets, Int>, Int)] {
        [
            (\.sourceDefinitions, 1), (\.vectorTiles, 12), (\.rasterTiles, 3), (\.images, 2),
            (\.filterResults, 1), (\.lineBuckets, 13), (\.fillPaths, 1), (\.lineStyles, 4),
            (\.symbolLineLayouts, 9), (\.symbolPointLayouts, 5),
            (\.placementBlocks, 2), (\.annotationPlacements, 1), (\.annotationLayouts, 1),
            (\.sprites, 3), (\.runtimeImages, 1), (\.patterns, 2), (\.glyphs, 3),
        ]
    }

    /// `total` bytes shared out by `shares` (negative counts as 0).
    public init(total: Int) {
        sourceDefinitions = 0; vectorTiles = 0; rasterTiles = 0; images = 0; filterResults = 0
        lineBuckets = 0; fillPaths = 0; lineStyles = 0; symbolLineLayouts = 0; symbolPointLayouts = 0
        placementBlocks = 0; annotationPlacements = 0; annotationLayouts = 0
        sprites = 0; runtimeImages = 0; patterns = 0; glyphs = 0
        let t = max(0, total)
        for (path, share) in Self.shares { self[keyPath: path] = t / 64 * share + (t % 64) * share / 64 }
    }

    /// Sum of every budget (at most the total they were made from).
    public var total: Int { Self.shares.reduce(0) { $0 + self[keyPath: $1.0] } }
}

/// Bytes and entries of one renderer cache, by name (metrics, benchmarks).
public struct RenderCacheUsage: Sendable, Equatable {
    public let name: String
    public let budget: Int
    public let bytes: Int
    public let entries: Int
    public let evictions: Int

    init<V>(_ name: String, _ cache: SourceCache<V>) {
        let s = cache.statistics
        self.name = name; budget = cache.byteBudget; bytes = s.bytes; entries = s.entries; evictions = s.evictions
    }
}
