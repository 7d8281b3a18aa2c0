import Dispatch
import Foundation
import Raster
import StyleSpec

/// Style + data → pixels. Stateless apart from the shared resources: any number of threads
/// may render at once, each with its own `Canvas`.
public final class MapRenderer: Sendable {
    public let resources: RenderResources
    public let customLayers: CustomLayerRegistry
    /// MapLibre's `crossSourceCollisions` map option (default true): when false, labels of
    /// different sources do not push each other away.
    public let crossSourceCollisions: Bool

    /// The painter of every layer type this renderer draws.
    let painters: LayerPainters

    /// Layer types this renderer draws (the style model rejects others on runtime add): those
    /// with a painter.
    public static let supportedLayerTypes = LayerPainters(customLayers: CustomLayerRegistry()).types

    /// `customLayers` draws `custom` layers; parse styles with the same registry
    /// (`Style.parse(_:supportedLayerTypes:customLayers:)`) so their options are decoded once.
    public init(resources: RenderResources, customLayers: CustomLayerRegistry = CustomLayerRegistry(),
                crossSourceCollisions: Bool = true) {
        self.resources = resources
        self.customLayers = customLayers
        self.crossSourceCollisions = crossSourceCollisions
        self.painters = LayerPainters(customLayers: customLayers)
    }

    /// What a render produced besides pixels.
    public struct Result: Sendable {
        /// Phase times, when asked for.
        public var stats: RenderStats?
        /// The colour of every pixel when only backgrounds drew (the encoder then skips the
        /// pixel scan), nil otherwise.
        public var uniformColor: PremultipliedRGBA8?
    }

    /// Draws `style` as seen by `camera` into `canvas` (resized and cleared to transparent).
    /// Throws `RenderError.timeout` once `deadline` has expired (asked between layers and
    /// every 64 features). Returns the phase times when `collectStats` is set.
    @discardableResult
    public func render(_ style: Style, camera: Camera, into canvas: Canvas, deadline: Deadline? = nil,
                       collectStats: Bool = false) throws -> RenderStats? {
        try draw(style, camera: camera, into: canvas, deadline: deadline, collectStats: collectStats).stats
    }

    /// `render`, also telling whether the image is uniform. `attribution` (plain text) is drawn
    /// in the bottom-right corner above everything, as MapLibre's attribution control shows it.
    public func draw(_ style: Style, camera: Camera, into canvas: Canvas, deadline: Deadline? = nil,
                     collectStats: Bool = false, attribution: String? = nil) throws -> Result {
        // A style with imports is drawn flattened (its imports' layers in their namespaces).
        let style = style.rendered
        canvas.reset(width: camera.width, height: camera.height)
        guard camera.width > 0, camera.height > 0, camera.zoom.isFinite, camera.center.x.isFinite, camera.center.y.isFinite
        else { return Result(stats: collectStats ? RenderStats() : nil, uniformColor: nil) }
        if camera.isPitched {
            return try drawPitched(style, camera: camera, into: canvas, deadline: deadline, collectStats: collectStats,
                                   attribution: attribution)
        }
        let frame = RenderFrame(style: style, camera: camera, canvas: canvas, resources: resources,
                                deadline: deadline, collectStats: collectStats)
        let shown = style.renderOrder.filter {
            $0.type != .slot && $0.isInZoomRange(camera.zoom) && $0.isVisible(globalState: frame.globalState)
        }
        // Labels are placed top layer first, as MapLibre places them, and drawn in layer order;
        // `/tiles` renders show what their placement blocks placed (the same in every tile).
        let symbols = shown.filter { $0.type == .symbol }
        frame.symbolPlacement = SymbolPlacement(crossSourceCollisions: crossSourceCollisions,
                                                placeableArea: camera.isTile ? nil : Self.collisionGrid(camera))
        if camera.isTile, camera.bearing == 0, !symbols.isEmpty {
            frame.symbolPlacement = SymbolPlacement(lookup: symbolBlockLookup(style, zoom: camera.zoom, deadline: deadline))
        }
        try SymbolPainter.placeAll(symbols, frame)
        for layer in shown {
            try frame.checkDeadlineNow()
            try drawLayer(layer, frame)
        }
        // View annotations: above every layer.
        if try AnnotationPainter.draw(frame) { frame.drewFeatures = true }
        if let attribution, try AttributionPainter.draw(attribution, frame) { frame.drewFeatures = true }
        let uniform = frame.drewFeatures ? nil : canvas.pixmap.pixel(0, 0)
        return Result(stats: frame.clock.stats, uniformColor: uniform)
    }

    /// MapLibre's collision grid for a view: the viewport and 100 CSS px around it.
    static func collisionGrid(_ camera: Camera) -> SIMD4<Float> {
        let pad = Float(100 * camera.pixelRatio)
        return SIMD4(-pad, -pad, Float(camera.width) + pad, Float(camera.height) + pad)
    }

    /// Convenience: a fresh canvas, returned with the pixels.
    public func render(_ style: Style, camera: Camera, deadline: Deadline? = nil) throws -> Pixmap {
        let canvas = Canvas(width: camera.width, height: camera.height)
        try render(style, camera: camera, into: canvas, deadline: deadline)
        return canvas.pixmap
    }
}
