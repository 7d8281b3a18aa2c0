import Foundation
import Renderer
import SourceData
import TileServer

/// Chooses the renderer `serve` uses: the style renderer over the configured data directory
/// (with its archives and allowed remote hosts).
enum ServeRendererFactory {
    static func make(config: ServerConfig) throws -> any TileRenderer {
        // Archives in the data directory's root are found by name; the config's entries win.
        let archives = DataDirectory.discoverArchives(in: config.dataDir).merging(config.archives) { $1 }
        let directory = try DataDirectory(root: config.dataDir, archives: archives, remoteHosts: config.remoteHosts)
        let resources = RenderResources(dataDirectory: directory)
        return StyleTileRenderer(renderer: MapRenderer(resources: resources))
    }
}
