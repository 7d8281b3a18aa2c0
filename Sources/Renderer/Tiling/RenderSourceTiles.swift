import Geo
import SourceData
import StyleSpec

/// The vector sources and source tiles one render has looked up, so each comes from the
/// shared caches once per render instead of once per layer: a real style draws a dozen layers
/// or more from every source tile, and each shared lookup builds string keys, takes a lock and
/// moves the entry in its LRU list. What a lookup answered (a source that cannot be resolved
/// yet, a missing tile) is kept for the render too, as the shared caches would answer it again.
final class RenderSourceTiles {
    private struct TileKey: Hashable {
        let source: ContentHash
        let tile: TileID
    }

    private var sources: [ContentHash: TiledSource?] = [:]
    private var tiles: [TileKey: (tile: LoadedVectorTile, key: String?)] = [:]

    /// The source `spec` resolved, as `TileResources.tiledSource` resolves it.
    func source(_ spec: SourceSpec, _ resolve: () -> TiledSource?) -> TiledSource? {
        if let known = sources[spec.contentHash] { return known }
        let source = resolve()
        sources[spec.contentHash] = .some(source)
        return source
    }

    /// A tile of the source `spec` and its cache key, as `TileResources.vectorTile` and
    /// `TiledSource.tileKey` give them.
    func vectorTile(_ spec: SourceSpec, _ tile: TileID,
                    _ load: () -> (tile: LoadedVectorTile, key: String?)) -> (tile: LoadedVectorTile, key: String?) {
        let key = TileKey(source: spec.contentHash, tile: tile)
        if let known = tiles[key] { return known }
        let loaded = load()
        tiles[key] = loaded
        return loaded
    }
}
