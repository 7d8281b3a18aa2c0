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

    /// Layer types this renderer draws (the style model rejects others on runtime add).
    public static let supportedLayerTypes: Set<LayerType> = [.background, .fill, .line, .circle, .symbol, .heatmap, .raster, .fillExtrusion,
                                                             .hillshade, .colorRelief, .custom]

    /// `customLayers` draws `custom` layers; parse styles with the same registry
    /// (`Style.parse(_:supportedLayerTypes:customLayers:)`) so their options are decoded once.
    public init(resources: RenderResources, customLayers: CustomLayerRegistry = CustomLayerRegistry(),
                crossSourceCollisions: Bool = true) {
        self.resources = resources
        self.customLayers = customLayers
        self.crossSourceCollisions = crossSourceCollisions
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
        canvas.reset(width: camera.width, height: camera.height)
        guard camera.width > 0, camera.height > 0, camera.zoom.isFinite, camera.center.x.isFinite, camera.center.y.isFinite
        else { return Result(stats: collectStats ? RenderStats() : nil, uniformColor: nil) }
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
            switch layer.type {
            case .background: try BackgroundPainter.paint(layer, frame)
            case .fill:
                try frame.withLayerOpacity(layerOpacity(layer, "fill-layer-opacity", frame)) {
                    try TiledLayerDrawing.run(layer, frame) { try FillPainter.paint(layer, frame, tile: $0) }
                }
            case .line:
                try frame.withLayerOpacity(layerOpacity(layer, "line-layer-opacity", frame)) {
                    try LinePainter.draw(layer, frame)
                }
            case .circle: try TiledLayerDrawing.run(layer, frame) { try CirclePainter.paint(layer, frame, tile: $0) }
            case .symbol: SymbolPainter.draw(layer, frame)
            case .fillExtrusion: try FillExtrusionPainter.draw(layer, frame)
            case .hillshade: try HillshadePainter.draw(layer, frame)
            case .colorRelief: try ColorReliefPainter.draw(layer, frame)
            case .heatmap: try HeatmapPainter.paint(layer, frame)
            case .raster:
                // Images are not uniform in general: never report the tile as one colour.
                frame.drewFeatures = true
                try RasterPainter.paint(layer, frame)
            case .custom:
                // Options were decoded when the layer was validated (`Layer.prepared`).
                guard let prepared = customLayers.prepared(layer) else { continue }
                frame.drewFeatures = true
                try prepared.draw(in: CustomLayerContext(canvas: frame.canvas, camera: camera, layer: layer, deadline: deadline))
                frame.clock.mark(.raster)
            default: continue
            }
        }
        // View annotations: above every layer.
        try AnnotationPainter.draw(frame)
        if let attribution { try AttributionPainter.draw(attribution, frame) }
        let uniform = frame.drewFeatures ? nil : canvas.pixmap.pixel(0, 0)
        return Result(stats: frame.clock.stats, uniformColor: uniform)
    }

    /// MapLibre's collision grid for a view: the viewport and 100 CSS px around it.
    static func collisionGrid(_ camera: Camera) -> SIMD4<Float> {
        let pad = Float(100 * camera.pixelRatio)
        return SIMD4(-pad, -pad, Float(camera.width) + pad, Float(camera.height) + pad)
    }

    private func layerOpacity(_ layer: Layer, _ name: String, _ frame: RenderFrame) -> Float {
        guard layer.paint[name] != nil else { return 1 }
        let ctx = frame.layerContext
        return max(0, min(1, LayerProperty(layer, name, .paint, ctx, convert: Convert.number).value(ctx)))
    }

    /// Convenience: a fresh canvas, returned with the pixels.
    public func render(_ style: Style, camera: Camera, deadline: Deadline? = nil) throws -> Pixmap {
        let canvas = Canvas(width: camera.width, height: camera.height)
        try render(style, camera: camera, into: canvas, deadline: deadline)
        return canvas.pixmap
    }
}
