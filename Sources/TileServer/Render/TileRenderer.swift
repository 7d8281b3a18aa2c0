import Fonts
import JSON
import Renderer

/// What the HTTP layer asks the renderer for. Implementations run on render threads, must
/// call `budget.check()` regularly and return encoded PNG bytes.
public protocol TileRenderer: Sendable {
    func renderTile(style: LiveStyle, tile: TileRequest, budget: Deadline) throws -> [UInt8]
    func renderStatic(style: LiveStyle, view: StaticView, budget: Deadline) throws -> [UInt8]
    /// The custom layer renderers it draws with: styles are validated against them (an
    /// unknown renderer is a 400) and sessions drive their lifecycle. nil: none.
    var customLayers: CustomLayerRegistry? { get }
    /// The image names of a style's `sprite` value (for `GET /images`); [] when it has none.
    func spriteImageNames(_ sprite: JSONValue?) -> [String]
    /// Its caches' budgets and use (for `/metrics`); [] when it keeps none.
    var cacheUsage: [RenderCacheUsage] { get }
    /// What its renders could not use (logged and counted by the server); nil when it keeps none.
    var warnings: TileWarnings? { get }
    /// The fonts folder its labels read (nil: none), which the `/fonts` routes share.
    var fonts: FontLibrary? { get }
}

extension TileRenderer {
    public var customLayers: CustomLayerRegistry? { nil }
    public func spriteImageNames(_ sprite: JSONValue?) -> [String] { [] }
    public var cacheUsage: [RenderCacheUsage] { [] }
    public var warnings: TileWarnings? { nil }
    public var fonts: FontLibrary? { nil }
}
