import Foundation
import Renderer
import SourceData
import TileServer

/// Chooses the renderer `serve` uses: the style renderer over the server's one data directory
/// (the object session validation resolves through as well), with the built-in custom layer
/// renderers (`triangles`, `graticule`) registered.
enum ServeRendererFactory {
    /// `fontsDirectory`: the config's `fontsDir`, for labels whose style has no glyph PBFs;
    /// `renderCacheBytes` and `geoJSONCacheBytes`: the config's cache budgets;
    /// `crossSourceCollisions`: the config's map option.
    static func make(directory: DataDirectory, fontsDirectory: String? = nil,
                     renderCacheBytes: Int = RenderCacheBudgets.defaultTotal,
                     geoJSONCacheBytes: Int = RenderResources.defaultGeoJSONCacheBytes,
                     crossSourceCollisions: Bool = true) -> any TileRenderer {
        let resources = RenderResources(dataDirectory: directory, geoJSONCacheBytes: geoJSONCacheBytes,
                                        caches: RenderCacheBudgets(total: renderCacheBytes), fontsDirectory: fontsDirectory)
        return StyleTileRenderer(renderer: MapRenderer(resources: resources, customLayers: .standard(),
                                                     crossSourceCollisions: crossSourceCollisions))
    }
}
