import Foundation
import Renderer
import TileServer

/// Chooses the renderer `serve` uses: the style renderer over the configured data directory.
enum ServeRendererFactory {
    static func make(config: ServerConfig) -> any TileRenderer {
        let resources = RenderResources(dataDirectory: URL(fileURLWithPath: config.dataDir))
        return StyleTileRenderer(renderer: MapRenderer(resources: resources))
    }
}
