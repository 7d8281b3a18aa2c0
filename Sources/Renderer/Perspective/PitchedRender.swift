import Raster
import StyleSpec

/// A pitched static view. Layers are drawn in style order in runs: a run of ground layers is
/// drawn top-down into the ground images (`GroundBand`) and warped into the view; a layer that
/// stands up from the ground or faces the viewer (`fill-extrusion`, circles and labels whose
/// pitch alignment is `viewport`) is drawn in the view itself with the perspective camera.
/// Labels facing the viewer are placed together in the view; those of a ground run in its
/// ground images.
extension MapRenderer {
    func drawPitched(_ style: Style, camera: Camera, into canvas: Canvas, deadline: Deadline?,
                     collectStats: Bool, attribution: String?) throws -> Result {
        let perspective = CameraPerspective(camera)
        let frame = RenderFrame(style: style, camera: camera, canvas: canvas, resources: resources,
                                deadline: deadline, collectStats: collectStats)
        frame.perspective = perspective
        let shown = style.renderOrder.filter {
            $0.type != .slot && $0.isInZoomRange(camera.zoom) && $0.isVisible(globalState: frame.globalState)
        }
        let runs = Self.runs(shown, frame.layerContext)
        // Labels facing the viewer are placed in the view, all of them before any draws.
        frame.symbolPlacement = SymbolPlacement(crossSourceCollisions: crossSourceCollisions,
                                                placeableArea: Self.collisionGrid(camera))
        try SymbolPainter.placeAll(runs.filter(\.inView).flatMap(\.layers).filter { $0.type == .symbol }, frame)
        if let sky = SkyPainter(style, context: frame.layerContext) {
            sky.draw(perspective, on: canvas)
            frame.drewFeatures = true
        }
        let bands = GroundBand.bands(perspective)
        var images: [Canvas] = [], clips: [TileClipCanvas] = []
        for run in runs {
            try frame.checkDeadlineNow()
            if run.inView {
                for layer in run.layers { try drawLayer(layer, frame) }
                continue
            }
            for (i, band) in bands.enumerated() {
                if images.count <= i {
                    images.append(Canvas(width: band.camera.width, height: band.camera.height))
                    clips.append(TileClipCanvas())
                }
                guard try drawGround(run.layers, style, band, images[i], clip: clips[i], view: perspective, deadline: deadline)
                else { continue }
                ProjectiveWarp(chain: MipChain(images[i].pixmap), map: band.viewToImage, lodBias: GroundBand.sharpening)
                    .draw(on: canvas, rows: band.rows)
                frame.drewFeatures = true
            }
        }
        // View annotations and the attribution: above every layer, facing the viewer.
        if try AnnotationPainter.draw(frame) { frame.drewFeatures = true }
        if let attribution, try AttributionPainter.draw(attribution, frame) { frame.drewFeatures = true }
        return Result(stats: frame.clock.stats, uniformColor: nil)
    }

    /// Draws a run of ground layers top-down into `image`: true when anything drew.
    private func drawGround(_ layers: [Layer], _ style: Style, _ ground: GroundBand, _ image: Canvas, clip: TileClipCanvas,
                            view: CameraPerspective, deadline: Deadline?) throws -> Bool {
        image.reset(width: ground.camera.width, height: ground.camera.height)
        let frame = RenderFrame(style: style, camera: ground.camera, canvas: image, resources: resources,
                                deadline: deadline, collectStats: false, tileClip: clip)
        frame.pitchedView = view
        frame.symbolPlacement = SymbolPlacement(crossSourceCollisions: crossSourceCollisions,
                                                placeableArea: Self.collisionGrid(ground.camera))
        try SymbolPainter.placeAll(layers.filter { $0.type == .symbol }, frame)
        var drew = false
        for layer in layers {
            try frame.checkDeadlineNow()
            try drawLayer(layer, frame)
            drew = drew || frame.drewFeatures || layer.type == .background
        }
        return drew
    }

    /// Consecutive layers drawn the same way: on the ground, or in the view.
    struct LayerRun {
        var inView: Bool
        var layers: [Layer]
    }

    static func runs(_ layers: [Layer], _ ctx: EvaluationContext) -> [LayerRun] {
        var runs: [LayerRun] = []
        for layer in layers {
            let inView = drawsInView(layer, ctx)
            if let last = runs.last, last.inView == inView {
                runs[runs.count - 1].layers.append(layer)
            } else {
                runs.append(LayerRun(inView: inView, layers: [layer]))
            }
        }
        return runs
    }

    /// Whether a layer is drawn in the view rather than on the ground: extrusions stand up
    /// from it; circles and point labels whose pitch alignment is `viewport` face the viewer.
    static func drawsInView(_ layer: Layer, _ ctx: EvaluationContext) -> Bool {
        switch layer.type {
        case .fillExtrusion: return true
        case .circle: return CircleProperties(layer, ctx).circlePitchAlignment.value(ctx) == .viewport
        case .symbol:
            let props = SymbolProperties(layer, ctx)
            guard props.symbolPlacement.value(ctx) == .point else {
                // Line labels lie on the ground unless their pitch alignment says viewport.
                return layer.layout["text-field"] != nil ? props.textPitchAlignment.value(ctx) == .viewport
                    : props.iconPitchAlignment.value(ctx) == .viewport
            }
            if layer.layout["text-field"] != nil {
                let pitch = props.textPitchAlignment.value(ctx)
                if pitch != .auto { return pitch == .viewport }
                return props.textRotationAlignment.value(ctx) != .map
            }
            let pitch = props.iconPitchAlignment.value(ctx)
            if pitch != .auto { return pitch == .viewport }
            return props.iconRotationAlignment.value(ctx) != .map
        default: return false
        }
    }
}
