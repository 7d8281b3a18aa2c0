import Foundation
import Geo
import ImageCodec
import JSON
import Raster
import SourceData
import StyleSpec

/// The shared caches of tiled and image sources, beside the GeoJSON cache in
/// `RenderResources`: resolved sources (TileJSON read once per source definition), decoded
/// vector tiles, decoded raster tiles and image-source images. Each is a byte-budget LRU
/// with single flight, keyed by content (source definition hash, or the tile data's identity
/// plus z/x/y), so sessions showing the same data share one decode.
public final class TileResources: Sendable {
    let archives = TileArchiveRegistry()
    /// What was skipped and why (unreadable sources, corrupt tiles and images).
    public let warnings = TileWarnings()
    let sources: SourceCache<ResolvedTiledSource>
    let vectorTiles: SourceCache<LoadedVectorTile>
    let rasterTiles: SourceCache<LoadedRasterTile>
    let images: SourceCache<LoadedRasterTile>

    /// Budgets from `budgets` (`sourceDefinitions`, `vectorTiles`, `rasterTiles`, `images`).
    public init(budgets: RenderCacheBudgets = .default) {
        // A resolved source holds its TileJSON and an archive handle: a few KB.
        sources = SourceCache(byteBudget: budgets.sourceDefinitions, cost: { _ in 4096 })
        vectorTiles = SourceCache(byteBudget: budgets.vectorTiles, cost: { $0.byteSize })
        rasterTiles = SourceCache(byteBudget: budgets.rasterTiles, cost: { $0.byteSize })
        images = SourceCache(byteBudget: budgets.images, cost: { $0.byteSize })
    }

    public struct Stats: Sendable, Equatable {
        public var vectorTiles: SourceCache<LoadedVectorTile>.Stats
        public var rasterTiles: SourceCache<LoadedRasterTile>.Stats
    }

    public var statistics: Stats { Stats(vectorTiles: vectorTiles.statistics, rasterTiles: rasterTiles.statistics) }

    /// Checks the URLs of a `vector`, `raster` or `image` source against the data directory
    /// (for the server to refuse a hostile or unusable source when it is added): throws
    /// `DataPathError` (code: forbidden_path, forbidden_remote, unsupported_url,
    /// unknown_archive) or `TileSourceError` (unreadable TileJSON or archive, with a JSON
    /// pointer into the source). Other source types pass.
    public func validate(_ spec: SourceSpec, directory: DataDirectory) throws {
        switch spec.type {
        case .vector, .raster, .rasterDEM:
            do {
                _ = try TiledSource.resolve(spec.json, directory: directory, archives: archives)
            } catch is RemoteResourceMissing {
                // A remote TileJSON of an allowed host: fetched when a render first needs it.
            } catch is RemoteResourceFailed {
                // Reported by the renders that need it (502/504), not a fault of the style.
            }
        case .image:
            if case .string(let url)? = spec.json["url"] {
                if case .remote = try directory.resolve(url), directory.remote == nil {
                    throw DataPathError(code: "forbidden_remote", "remote images are not fetched here")
                }
            }
        default:
            return
        }
    }

    /// The source resolved against the data directory; nil (drawn as nothing) when it cannot
    /// be: no data directory, a refused URL, an unreadable TileJSON or archive. One read from a
    /// remote TileJSON is read again when that body changes (the key's generation).
    func tiledSource(_ spec: SourceSpec, directory: DataDirectory?) -> TiledSource? {
        guard let directory, spec.type == .vector || spec.type == .raster || spec.type == .rasterDEM else { return nil }
        let resolved = try? sources.value(for: spec.contentHash.hex + directory.remoteGenerationKey) {
            let result = Result { try TiledSource.resolve(spec.json, directory: directory, archives: archives) }
            if case .failure(let e) = result {
                // Remote TileJSON not held yet (or failed upstream): not kept, asked again next render.
                if e is RemoteResourceMissing || e is RemoteResourceFailed { throw e }
                warnings.add("source \"\(spec.id)\": \(e)")
            }
            return ResolvedTiledSource(result: result)
        }
        let source = try? resolved?.result.get()
        if let tileJSON = source?.remoteTileJSON { directory.touchRemote(tileJSON, kind: .tileJSON) }
        return source
    }

    /// A vector tile of `source`: `.missing` when the source has no such tile, `.empty` for an
    /// empty or undecodable tile (a broken tile draws nothing; the rest of the map still draws).
    func vectorTile(_ source: TiledSource, _ tile: TileID, directory: DataDirectory) -> LoadedVectorTile {
        guard let key = try? source.tileKey(tile, directory: directory) else { return .missing }
        return (try? vectorTiles.value(for: key) {
            guard let bytes = try source.tileBytes(tile, directory: directory) else { return .missing }
            do {
                return .tile(try VectorTile.decode(bytes))
            } catch {
                warnings.add("vector tile \(tile) of \(source.dataKey): \(error)")
                return .tile(.empty)
            }
        }) ?? .missing
    }

    /// A raster tile of `source` as a premultiplied image; `.missing` when absent, `.empty`
    /// for a zero-length or undecodable tile.
    func rasterTile(_ source: TiledSource, _ tile: TileID, directory: DataDirectory) -> LoadedRasterTile {
        guard let key = try? source.tileKey(tile, directory: directory) else { return .missing }
        return (try? rasterTiles.value(for: key) {
            guard let bytes = try source.tileBytes(tile, directory: directory) else { return .missing }
            return LoadedRasterTile.decode(bytes, what: "raster tile \(tile) of \(source.dataKey)", warnings: warnings)
        }) ?? .missing
    }

    /// A raster-dem tile of `source`, like `rasterTile` but with the file's straight RGBA in the
    /// pixmap: the channels encode elevations, which premultiplying would change wherever
    /// alpha < 255. Cached apart from colour tiles of the same data.
    func demTile(_ source: TiledSource, _ tile: TileID, directory: DataDirectory) -> LoadedRasterTile {
        guard let key = try? "dem|" + source.tileKey(tile, directory: directory) else { return .missing }
        return (try? rasterTiles.value(for: key) {
            guard let bytes = try source.tileBytes(tile, directory: directory) else { return .missing }
            return LoadedRasterTile.decode(bytes, what: "raster-dem tile \(tile) of \(source.dataKey)", warnings: warnings, straight: true)
        }) ?? .missing
    }

    /// The image of an `image` source (its `url` inside the data directory).
    func image(url: String, directory: DataDirectory?) -> Pixmap? {
        guard let directory else { return nil }
        let loaded = try? images.value(for: "image|" + url + directory.remoteGenerationKey) {
            guard let bytes = try directory.bytes(of: directory.resolve(url), kind: .image, limit: 64 << 20) else {
                return .missing
            }
            return LoadedRasterTile.decode(bytes, what: "image \"\(url)\"", warnings: warnings)
        }
        if url.contains("://"), case .remote(let remoteURL)? = try? directory.resolve(url) { directory.touchRemote(remoteURL, kind: .image) }
        if case .image(let p)? = loaded { return p }
        return nil
    }
}

/// A source resolution, kept whether it worked or not (so a broken TileJSON is read once).
struct ResolvedTiledSource: Sendable {
    let result: Result<TiledSource, any Error>
}

/// A vector tile as the cache holds it.
public enum LoadedVectorTile: Sendable {
    /// The source has no such tile (no file, not in the archive).
    case missing
    case tile(VectorTile)

    var byteSize: Int {
        if case .tile(let t) = self { return t.byteSize }
        return 64
    }
}

/// A raster tile or image as the cache holds it.
public enum LoadedRasterTile: Sendable {
    case missing
    /// A zero-length tile, or one that could not be decoded (drawn as nothing, no fallback).
    case empty
    case image(Pixmap)

    var byteSize: Int {
        if case .image(let p) = self { return 64 + p.data.count }
        return 64
    }

    /// PNG, JPEG or WebP bytes → premultiplied pixels (straight RGBA when `straight`, for
    /// raster-dem). Bytes in no image format and corrupt or truncated files draw as nothing,
    /// with a warning naming the format and the decoder's reason.
    static func decode(_ bytes: [UInt8], what: String, warnings: TileWarnings, straight: Bool = false) -> LoadedRasterTile {
        guard !bytes.isEmpty else { return .empty }
        do {
            if straight {
                let image = try ImageDecoder.decodeStraightRGBA(bytes, maxPixels: maxPixels)
                return .image(Pixmap(width: image.width, height: image.height, premultipliedData: image.rgba))
            }
            let image = try ImageDecoder.decode(bytes, maxPixels: maxPixels)
            return .image(Pixmap(width: image.width, height: image.height, premultipliedData: image.premultipliedRGBA))
        } catch let error as ImageDecodeError where error.kind == .unrecognized {
            warnings.add("\(what) is \(error.message)")
            return .empty
        } catch {
            warnings.add("\(what): \(error)")
            return .empty
        }
    }

    /// The largest tile or image decoded (4096², 64 MB of pixels).
    static let maxPixels = 4096 * 4096
}
