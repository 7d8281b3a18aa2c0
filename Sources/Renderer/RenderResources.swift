import Foundation
import JSON
import ImageCodec
import Raster
import SourceData
import StyleSpec

/// Data a render needs beyond the style: parsed source data, shared by every session and
/// render thread and keyed by content, so equal data is parsed and indexed once (concurrent
/// first requests for it parse once too).
public final class RenderResources: Sendable {
    /// Where relative URLs in styles resolve (nil: only inline data is drawn).
    public let dataDirectory: DataDirectory?
    private let geojson: GeoJSONSourceCache
    /// Vector, raster and image sources: resolved sources and decoded tiles.
    public let tiles: TileResources
    /// Glyph ranges of the styles' `glyphs` templates, and of the fonts directory for
    /// fontstacks without PBFs.
    public let glyphs: GlyphResources
    /// Which features of decoded vector tiles pass which filters.
    let filterResults: FilterResults
    /// Tessellated lines of vector tiles, by tile, layer geometry and over-zoom.
    let lineBuckets: LineBuckets
    /// Projected paths of GeoJSON fill layers drawn whole (`FillPathViews`).
    let fillPaths: SourceCache<FillPathViews.View>
    /// Evaluated per-feature styles of those buckets, by style, layer, zoom and pixel ratio.
    let lineStyles: LineStyleTables
    /// Line and point labels of source tiles laid out, by tile, layer, style, zoom and pixel ratio.
    let symbolLineLayouts: SymbolTileLayouts<SymbolLineTileLayout>
    let symbolPointLayouts: SymbolTileLayouts<SymbolPointTileLayout>
    /// Which symbols each placement block shows, by style, zoom and block (tiles agree on labels).
    let symbolBlocks: SymbolPlacementBlocks
    /// Largest GeoJSON file read from the data directory.
    private let maxFileBytes: Int
    /// Layers' property sets resolved per zoom and state (`ResolvedLayerProperties`).
    let resolvedLayers = ResolvedLayerProperties()
    /// `heatmap-color` ramps by layer content.
    let heatmapRamps = HeatmapColorRampCache()
    /// View annotations placed once per (style, zoom) for every tile.
    let annotationPlacements: AnnotationPlacementCache
    /// Style sprites by (`sprite` value, density), and runtime images decoded by content.
    private let sprites: SourceCache<SpriteSheet>
    private let runtimeImages: SourceCache<RuntimeImage>
    /// Images prepared for pattern sampling, by image identity (see `StyleImages.pattern`).
    private let patterns: SourceCache<PreparedPattern>

    /// The default GeoJSON budget: parsed and indexed sources are ~2–4× their file, and a
    /// source must fit whole to be kept.
    public static let defaultGeoJSONCacheBytes = 512 << 20

    /// `caches`: the budgets of every per-tile and per-style cache; `geoJSONCacheBytes`: parsed
    /// GeoJSON sources (apart, since a source must fit whole). `fontsDirectory`: TTF/OTF fonts
    /// labels fall back to when a style has no glyph PBFs.
    public init(dataDirectory: DataDirectory?, geoJSONCacheBytes: Int = RenderResources.defaultGeoJSONCacheBytes,
                maxFileBytes: Int = 256 << 20, caches: RenderCacheBudgets = .default, fontsDirectory: String? = nil) {
        self.dataDirectory = dataDirectory
        self.glyphs = GlyphResources(byteBudget: caches.glyphs, fontsDirectory: fontsDirectory)
        self.geojson = GeoJSONSourceCache(byteBudget: geoJSONCacheBytes)
        self.tiles = TileResources(budgets: caches)
        self.maxFileBytes = maxFileBytes
        filterResults = FilterResults(byteBudget: caches.filterResults)
        lineBuckets = LineBuckets(byteBudget: caches.lineBuckets)
        fillPaths = SourceCache(byteBudget: caches.fillPaths, cost: { $0.byteSize })
        lineStyles = LineStyleTables(byteBudget: caches.lineStyles)
        symbolLineLayouts = SymbolTileLayouts(byteBudget: caches.symbolLineLayouts, cost: { $0.byteSize })
        symbolPointLayouts = SymbolTileLayouts(byteBudget: caches.symbolPointLayouts, cost: { $0.byteSize })
        symbolBlocks = SymbolPlacementBlocks(byteBudget: caches.placementBlocks)
        annotationPlacements = AnnotationPlacementCache(placementBytes: caches.annotationPlacements,
                                                        layoutBytes: caches.annotationLayouts)
        sprites = SourceCache(byteBudget: caches.sprites, cost: { $0.byteSize })
        runtimeImages = SourceCache(byteBudget: caches.runtimeImages, cost: { $0.byteSize })
        patterns = SourceCache(byteBudget: caches.patterns, cost: { $0.byteSize })
    }

    /// Convenience for a plain directory path (its archives found by name, as the server
    /// finds them); a missing directory means inline data only.
    public convenience init(dataDirectory path: String?, caches: RenderCacheBudgets = .default) {
        self.init(dataDirectory: path.flatMap { try? DataDirectory(root: $0, archives: DataDirectory.discoverArchives(in: $0)) },
                  caches: caches)
    }

    /// Every cache's budget, bytes and entries (metrics, `bench/memory-osm.sh`).
    public var cacheUsage: [RenderCacheUsage] {
        [RenderCacheUsage("geojson", geojson),
         RenderCacheUsage("source_definitions", tiles.sources), RenderCacheUsage("vector_tiles", tiles.vectorTiles),
         RenderCacheUsage("raster_tiles", tiles.rasterTiles), RenderCacheUsage("images", tiles.images),
         RenderCacheUsage("filter_results", filterResults.cache), RenderCacheUsage("line_buckets", lineBuckets.cache),
         RenderCacheUsage("fill_paths", fillPaths),
         RenderCacheUsage("line_styles", lineStyles.cache), RenderCacheUsage("symbol_line_layouts", symbolLineLayouts.cache),
         RenderCacheUsage("symbol_point_layouts", symbolPointLayouts.cache),
         RenderCacheUsage("placement_blocks", symbolBlocks.cache),
         RenderCacheUsage("annotation_placements", annotationPlacements.cache),
         RenderCacheUsage("annotation_layouts", annotationPlacements.layoutCache),
         RenderCacheUsage("sprites", sprites), RenderCacheUsage("runtime_images", runtimeImages),
         RenderCacheUsage("patterns", patterns), RenderCacheUsage("glyphs", glyphs.cache)]
    }

    /// The parsed, indexed data of a GeoJSON source (inline or a file in the data directory);
    /// a clustered source comes with its clusters (`GeoJSONSource.source(atTileZoom:)`).
    /// Unreadable data renders as an empty source (nil): a style stays drawable when one file
    /// is bad; the style validator and the server report bad URLs when the style is changed.
    func geoJSON(_ spec: SourceSpec) -> GeoJSONSource? {
        guard spec.type == .geojson, let data = spec.geojsonData else { return nil }
        if case .url(let url) = data, url.contains("://"), let dir = dataDirectory, case .remote(let remoteURL)? = try? dir.resolve(url) {
            dir.touchRemote(remoteURL, kind: .geojson)
        }
        return try? geojson.value(for: spec.contentHash.hex + (dataDirectory?.remoteGenerationKey ?? "")) {
            let options = GeoJSONOptions(source: .object(spec.json))
            let include = Self.sourceFilter(options)
            let source: GeoJSONSource
            switch data {
            case .inline(let json):
                source = GeoJSONSource.parseLeniently(json, options: options, include: include)
            case .url(let url):
                guard let dir = dataDirectory,
                      let bytes = try dir.bytes(of: dir.resolve(url), kind: .geojson, limit: maxFileBytes) else {
                    throw DataPathError(code: "missing", "GeoJSON \(url) is not readable")
                }
                source = GeoJSONSource.parseLeniently(try JSONParser.parse(bytes), options: options, include: include)
            }
            // Clusters are computed once per source, for every zoom (MapLibre's supercluster).
            return options.cluster == nil ? source : source.clustered(reducer: ClusterProperties.reducer(options.cluster?.properties))
        }
    }

    /// The source's own `filter` (applied once, when the data is loaded, as MapLibre does).
    private static func sourceFilter(_ options: GeoJSONOptions) -> ((Feature) -> Bool)? {
        guard let json = options.filter, case .success(let filter) = ExpressionCompiler.compileFilter(json, at: .root) else {
            return nil
        }
        return { f in
            let feature = FeatureContext(id: f.id, properties: f.properties, geometryType: f.type, isMulti: f.isMulti)
            return filter.evaluateFilter(EvaluationContext(zoom: 0, feature: feature))
        }
    }
}

// MARK: images (sprites and runtime images)

extension RenderResources {
    /// The sprite sheet of a style's `sprite` value (`@2x` files when `highDensity`), read
    /// once per value and density; its warnings are reported when it is first read.
    /// Returns the sheet and its cache key (which names its images in other caches).
    func spriteSheet(_ value: JSONValue?, highDensity: Bool) -> (sheet: SpriteSheet, key: String) {
        guard let value, SpriteLoader.sources(value) != nil else { return (SpriteSheet(), "") }
        // A remote sprite file that changes changes the generation: the sheet is read again.
        let key = (highDensity ? "2x|" : "1x|") + value.serialized() + (dataDirectory?.remoteGenerationKey ?? "")
        let sheet = (try? sprites.value(for: key) {
            let sheet = try SpriteLoader.load(value, highDensity: highDensity, directory: dataDirectory)
            for w in sheet.warnings { tiles.warnings.add(w) }
            return sheet
        }) ?? SpriteSheet()
        for url in sheet.remoteFiles { dataDirectory?.touchRemote(url, kind: .sprite) }
        return (sheet, key)
    }

    /// The pattern texels of an image, built once per `key` (the image's identity).
    func patternImage(_ key: String, _ build: () -> PatternImage?) -> PatternImage? {
        (try? patterns.value(for: key) { PreparedPattern(image: build()) })?.image
    }

    /// A runtime image's pixels (PNG, JPEG or WebP); nil (with a warning) when its bytes do
    /// not decode.
    func runtimeImage(_ image: StyleImage, name: String) -> SpriteImage? {
        let loaded = try? runtimeImages.value(for: image.contentHash.hex) {
            do {
                let decoded = try ImageDecoder.decode(image.png, maxPixels: SpriteLoader.maxSheetPixels)
                let pixmap = Pixmap(width: decoded.width, height: decoded.height, premultipliedData: decoded.premultipliedRGBA)
                return RuntimeImage(image: SpriteImage(pixmap: pixmap, pixelRatio: image.pixelRatio, sdf: image.sdf))
            } catch {
                tiles.warnings.add("image \"\(SpriteIndex.printable(name))\" is not a readable image: \(error)")
                return RuntimeImage(image: nil)
            }
        }
        return loaded?.image
    }
}

/// A pattern image as the cache keeps it (nil: the image is empty).
struct PreparedPattern: Sendable {
    let image: PatternImage?
    var byteSize: Int { image?.byteSize ?? 64 }
}

/// A decoded runtime image as the cache keeps it (nil: undecodable, remembered as such).
struct RuntimeImage: Sendable {
    let image: SpriteImage?
    var byteSize: Int { image?.byteSize ?? 64 }
}
