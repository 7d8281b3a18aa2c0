import Foundation
import Renderer
import SourceData
import TileServer

/// Chooses the renderer `serve` uses: the style renderer over the server's one data directory
/// (the object session validation resolves through as well), with the built-in custom layer
/// renderers (`triangles`, `graticule`) registered.
enum ServeRendererFactory {
    /// `fontsDirectory`: the config's `fontsDir`, for labels whose style has no glyph PBFs.
    static func make(directory: DataDirectory, fontsDirectory: String? = nil) -> any TileRenderer {
        let resources = RenderResources(dataDirectory: directory, fontsDirectory: fontsDirectory)
        return StyleTileRenderer(renderer: MapRenderer(resources: resources, customLayers: .standard()))
    }
}
