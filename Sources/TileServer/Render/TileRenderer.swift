import Renderer

/// What the HTTP layer asks the renderer for. Implementations run on render threads, must
/// call `budget.check()` regularly and return encoded PNG bytes.
public protocol TileRenderer: Sendable {
    func renderTile(style: LiveStyle, tile: TileRequest, budget: Deadline) throws -> [UInt8]
    func renderStatic(style: LiveStyle, view: StaticView, budget: Deadline) throws -> [UInt8]
}
