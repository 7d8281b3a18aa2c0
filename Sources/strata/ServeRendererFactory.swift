import TileServer

/// Chooses the renderer `serve` uses.
/// TEMPORARY: the background-only renderer until the lead wires `Renderer` in here.
enum ServeRendererFactory {
    static func make(config: ServerConfig) -> any TileRenderer {
        TemporaryBackgroundRenderer()
    }
}
