import Raster
import StyleSpec

/// A line layer's properties resolved for one render, and per feature the values MapLibre's
/// line bucket and shaders use: join/cap rules for the tessellator, widths and colour for
/// the shader, the dash pattern at the integer zoom (`floorwidth`, the cross-faded "to"
/// pattern; with the render tests' zero fade duration the "from" pattern only narrows the
/// dash edge). With `line-pattern` the image at the integer zoom is stretched along the line
/// instead, and the dash array is ignored (MapLibre's program choice). Immutable, and a class:
/// one instance per zoom is shared by every render (`ResolvedLayerProperties`) and handed to
/// every source tile's drawing without copying its properties.
final class LineLayerStyle: @unchecked Sendable {
    let color: LayerProperty<Color>
    let opacity: LayerProperty<Float>
    let width: LayerProperty<Float>
    let gap: LayerProperty<Float>
    let offset: LayerProperty<Float>
    let blur: LayerProperty<Float>
    let cap: LayerProperty<LineCap>
    let join: LayerProperty<LineJoin>
    let miterLimit: LayerProperty<Float>
    let roundLimit: LayerProperty<Float>
    let sortKey: LayerProperty<Double?>?
    /// Dash arrays at the integer zoom ("to") and at the zoom MapLibre fades from.
    let dashes: LayerProperty<[Double]>?
    let dashesFrom: LayerProperty<[Double]>?
    let floorWidth: LayerProperty<Float>?
    /// `line-pattern` at the integer zoom (the cross-fade's "to" image).
    let pattern: LayerProperty<String?>?
    let gradient: PropertyExpression?
    let gradientIsStep: Bool

    /// What a kept line bucket of this layer is keyed by after its tile: source layer, filter
    /// and the tessellator's constant rules, joined once (nil when buckets cannot be kept).
    let bucketKeySuffix: String?

    let zoom: Double
    let floorZoom: Double
    let fromZoom: Double
    let pixelRatio: Float

    init(_ layer: Layer, frame: RenderFrame) {
        let ctx = frame.layerContext
        zoom = ctx.zoom
        floorZoom = ctx.zoom.rounded(.down)
        // MapLibre fades dashes from the next zoom out when zooming in (and in when out); a
        // map opened at a fractional zoom has just zoomed in from its integer part.
        fromZoom = zoom > floorZoom ? floorZoom - 1 : floorZoom + 1
        pixelRatio = Float(frame.camera.pixelRatio)
        let props = LineProperties(layer, ctx)
        color = props.lineColor
        opacity = props.lineOpacity
        width = props.lineWidth
        gap = props.lineGapWidth
        offset = props.lineOffset
        blur = props.lineBlur
        cap = props.lineCap
        join = props.lineJoin
        miterLimit = props.lineMiterLimit
        roundLimit = props.lineRoundLimit
        sortKey = props.lineSortKey
        var floorCtx = ctx
        floorCtx.zoom = floorZoom
        let floorProps = LineProperties(layer, floorCtx)
        pattern = floorProps.linePattern
        if pattern != nil {
            dashes = nil; dashesFrom = nil
            floorWidth = floorProps.lineWidth
        } else if let floorDashes = floorProps.lineDasharray {
            var fromCtx = ctx
            fromCtx.zoom = fromZoom
            dashes = floorDashes
            dashesFrom = LineProperties(layer, fromCtx).lineDasharray
            floorWidth = floorProps.lineWidth
        } else {
            dashes = nil; dashesFrom = nil; floorWidth = nil
        }
        gradient = layer.paint["line-gradient"]
        gradientIsStep = gradient != nil && LineGradientRamp.isStep(layer)
        if let filterKey = FilterResults.keptFilterKey(layer), let join = join.constantValue, let cap = cap.constantValue,
           let miter = miterLimit.constantValue, let round = roundLimit.constantValue {
            bucketKeySuffix = [layer.sourceLayer ?? "", filterKey, join.rawValue, cap.rawValue, miter.description,
                               round.description].joined(separator: "|")
        } else {
            bucketKeySuffix = nil
        }
    }

    /// Whether every feature gets the same values (then `feature` is evaluated once).
    var isFeatureConstant: Bool {
        color.isConstant && opacity.isConstant && width.isConstant && gap.isConstant && offset.isConstant
            && blur.isConstant && cap.isConstant && join.isConstant && miterLimit.isConstant && roundLimit.isConstant
            && (sortKey?.isConstant ?? true) && (dashes?.isConstant ?? true) && (dashesFrom?.isConstant ?? true)
            && (floorWidth?.isConstant ?? true) && (pattern?.isConstant ?? true)
    }

    /// Dashes and gradients depend on where MapLibre's tiles cut the line.
    var needsTiles: Bool { dashes != nil || gradient != nil || pattern != nil }

    /// Every pixel-valued input is the same for all features (for the fetch margin).
    var reachIsConstant: Bool { width.isConstant && gap.isConstant && offset.isConstant && blur.isConstant }

    /// How far (device pixels) a feature's line may reach from its centre line.
    func constantReach() -> Double? {
        guard let w = width.constantValue, let g = gap.constantValue, let o = offset.constantValue,
              let b = blur.constantValue else { return nil }
        return Double((abs(o) + g + w + b) * pixelRatio) + 4
    }

    /// What one feature draws with: its shader values and its tessellation rules.
    struct Feature {
        var style: LineFeatureStyle
        var join: LineJoin
        var cap: LineCap
        var miterLimit: Double
        var roundLimit: Double
        var sortKey: Double
    }

    /// The feature's values; nil when it draws nothing (MapLibre drops vertices with an
    /// opacity under 0.01 and skips zero-width lines of constant width).
    /// `images` finds a pattern's image (nil: missing, and the feature draws nothing).
    func feature(_ fctx: EvaluationContext, dashAtlas: inout LineDashAtlas, tileRatio: Float,
                 images: (String) -> PatternImage?) -> Feature? {
        let o = opacity.value(fctx)
        guard o >= 0.01 else { return nil }
        let w = width.value(fctx)
        let c = color.value(fctx)
        var uniforms = LineFeatureStyle.uniforms(color: c, opacity: o, width: max(0, w), gap: max(0, gap.value(fctx)),
                                                 blur: max(0, blur.value(fctx)), pixelRatio: pixelRatio)
        if !color.isConstant {
            // Data-driven colours travel as bytes (premultiplied, floored) in vertex attributes.
            uniforms.color255 = uniforms.color255.rounded(.down)
        }
        var style = LineFeatureStyle(uniforms: uniforms)
        style.offset = offset.value(fctx) * pixelRatio
        let featureCap = cap.value(fctx)
        if let pattern {
            var floorCtx = fctx
            floorCtx.zoom = floorZoom
            let floorwidth = floorWidth?.value(floorCtx) ?? w
            guard let name = pattern.value(floorCtx), let image = images(name), floorwidth > 0 else { return nil }
            // The image's height spans the line's width at the integer zoom; its length
            // keeps the aspect: repeats per tile unit of `linesofar`.
            style.image = image
            style.dashScale = tileRatio * Float(image.height) / (Float(image.width) * floorwidth)
        } else if let dashes {
            var floorCtx = fctx
            floorCtx.zoom = floorZoom
            let to = Self.usable(dashes.value(floorCtx))
            var fromCtx = fctx
            fromCtx.zoom = fromZoom
            let from = Self.usable(dashesFrom?.value(fromCtx) ?? to)
            // A constant pattern takes round ends only from a constant line-cap (MapLibre
            // asks the layout for a plain value); a data-driven one from the feature's cap.
            let round = dashes.isConstant ? cap.constantValue == .round : featureCap == .round
            let pattern = dashAtlas.pattern(to, round: round)
            let floorwidth = floorWidth?.value(floorCtx) ?? w
            style.dash = pattern
            style.dashScale = tileRatio / Float(pattern.length) / floorwidth
            let shortest = Float(min(pattern.length, from.reduce(0, +)))
            // line_sdf divides the gamma by the pixel ratio; line_gradient_sdf does not.
            let gamma = (gradient == nil ? 1 / pixelRatio : 1) / shortest
            style.sdfLow = 0.5 - gamma / floorwidth
            style.sdfHigh = 0.5 + gamma / floorwidth
        }
        return Feature(style: style, join: join.value(fctx), cap: featureCap,
                       miterLimit: Double(miterLimit.value(fctx)), roundLimit: Double(roundLimit.value(fctx)),
                       sortKey: (sortKey?.value(fctx) ?? nil) ?? 0)
    }

    /// A dash array the atlas can draw: finite, non-negative numbers (others draw as one
    /// dash, i.e. solid).
    static func usable(_ d: [Double]) -> [Double] {
        guard !d.isEmpty, d.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return [1] }
        return d
    }

    /// `line-gradient` at a line progress (straight colour, as the expression gives it).
    func gradientColor(at progress: Double, context: EvaluationContext) -> StyleColor {
        guard let gradient else { return .transparent }
        var ctx = context
        ctx.lineProgress = progress
        if case .color(let c) = gradient.evaluate(ctx) { return c }
        return .transparent
    }
}
