import Foundation
import Renderer
import SourceData
import TileServer

/// Chooses the renderer `serve` uses: the style renderer over the server's one data directory
/// (the object session validation resolves through as well), with the built-in custom layer
/// renderers (`triangles`, `graticule`) registered.
enum ServeRendererFactory {
    static func make(directory: DataDirectory) -> any TileRenderer {
        let resources = RenderResources(dataDirectory: directory)
        return StyleTileRenderer(renderer: MapRenderer(resources: resources, customLayers: .standard()))
    }
}
