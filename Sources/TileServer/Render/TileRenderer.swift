import Renderer

/// What the HTTP layer asks the renderer for. Implementations run on render threads, must
/// call `budget.check()` regularly and return encoded PNG bytes.
public protocol TileRenderer: Sendable {
    func renderTile(style: LiveStyle, tile: TileRequest, budget: Deadline) throws -> [UInt8]
    func renderStatic(style: LiveStyle, view: StaticView, budget: Deadline) throws -> [UInt8]
    /// The custom layer renderers it draws with: styles are validated against them (an
    /// unknown renderer is a 400) and sessions drive their lifecycle. nil: none.
    var customLayers: CustomLayerRegistry? { get }
}

extension TileRenderer {
    public var customLayers: CustomLayerRegistry? { nil }
}
