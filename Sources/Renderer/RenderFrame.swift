import Dispatch
import Foundation
import Geo
import JSON
import Raster
import SourceData
import StyleSpec

/// Why a render stopped early.
public enum RenderError: Error, Sendable, Equatable {
    /// The time budget ran out (pathological style or data).
    case timeout
}

/// Everything one render shares across its layers: the style snapshot, the camera, the canvas,
/// per-render scratch memory and the phase clock.
final class RenderFrame {
    let style: Style
    let camera: Camera
    /// The image being rendered. Painters draw into the canvas their `LayerTarget` names.
    let output: Canvas
    private var offscreen: Canvas?
    private var scratch2: Canvas?
    let resources: RenderResources
    let zoom: Double
    let globalState: JSONObject
    let projection: WorldProjection
    /// Set for the view itself of a pitched render (`drawPitched`): what faces the viewer there
    /// (labels, circles) is placed through it (`viewPoint`) instead of `projection`.
    var perspective: CameraPerspective?
    /// Set for the ground images of a pitched render: the view they are warped into (circles
    /// that keep their size in the view, `circle-pitch-scale: viewport`, grow on the ground).
    var pitchedView: CameraPerspective?
    /// Images the session has (for `image` expressions): runtime images and the sprite's.
    let availableImages: Set<String>
    /// The images patterns draw with, by name (sprite and runtime images).
    let images: StyleImages
    let clock: PhaseClock
    /// Set by the driver once anything but a background may have drawn: until then the image
    /// is one colour.
    var drewFeatures = false
    /// Features streamed to painters so far (each may have drawn): the driver compares it
    /// before and after a layer.
    private(set) var drawnFeatures = 0
    /// Which symbols show: greedy against the label boxes placed so far, or, for `/tiles`
    /// renders, as the placement blocks decided (`SymbolPlacement`).
    var symbolPlacement = SymbolPlacement()
    /// The source of the symbol layer being placed (its collision group).
    var placingSource: String?
    /// Label boxes placed so far that the layer being placed meets (symbol layers that do not
    /// allow overlap test against them): every source's, or its own source's.
    var labelCollisions: LabelCollisions { symbolPlacement.collisions(forSource: placingSource) }
    /// Each symbol layer's placed labels (by layer id), placed before any layer is drawn.
    var placedLabels: [String: SymbolBatch] = [:]
    /// Vector sources and source tiles this render has looked up (once each, not per layer).
    let sourceTiles = RenderSourceTiles()
    var scratch = GeometryScratch()
    var path = Path()
    /// Where a vector source tile's drawing is clipped to its square (see TiledLayerDrawing).
    let tileClip: TileClipCanvas
    /// The depth buffer every `fill-extrusion` layer of a static view shares, as MapLibre's
    /// 3D layers share GL's (cleared once per frame): a later extrusion layer is hidden behind
    /// an earlier one's nearer walls. Created by the first such layer.
    var extrusionDepth: DepthBuffer?
    /// Heatmaps drawn so far, composited again over opaque layers above them (HeatmapOverlay).
    var heatmaps: [HeatmapOverlay] = []
    /// Set while a layer draws into the offscreen canvas of a layer-wide opacity.
    private(set) var drawsWithLayerOpacity = false
    /// Asked between layers and every 64 features; once expired the render stops with `.timeout`.
    let deadline: Deadline?
    /// Calls since the last deadline test: a raw counter, bumped per feature without an
    /// exclusive access to the frame.
    private let checks = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    /// `tileClip`: a pitched render's ground frames of one band share theirs (transparent
    /// between passes), so a ground image's clip canvas is made once per render.
    init(style: Style, camera: Camera, canvas: Canvas, resources: RenderResources,
         deadline: Deadline?, collectStats: Bool, tileClip: TileClipCanvas = TileClipCanvas()) {
        self.style = style; self.camera = camera; self.output = canvas; self.resources = resources
        self.tileClip = tileClip
        self.zoom = camera.zoom
        self.globalState = style.globalState
        self.projection = camera.projection()
        self.images = StyleImages(style: style, pixelRatio: camera.pixelRatio, resources: resources)
        self.availableImages = images.available
        self.deadline = deadline
        self.clock = PhaseClock(enabled: collectStats)
        checks.initialize(to: 0)
    }

    deinit { checks.deallocate() }

    /// Context for layer-wide values (zoom and global state, no feature).
    var layerContext: EvaluationContext {
        EvaluationContext(zoom: zoom, globalState: globalState, availableImages: availableImages)
    }

    /// A feature handed to a painter: counted for the driver's "drew anything" and the stats.
    @inline(__always)
    func countDrawnFeature() {
        drawnFeatures &+= 1
        clock.countFeature()
    }

    /// Throws once the budget is spent; cheap enough to call per feature.
    @inline(__always)
    func checkDeadline() throws {
        guard let deadline else { return }
        checks.pointee &+= 1
        if checks.pointee & 63 == 0 { try deadline.check() }
    }

    func checkDeadlineNow() throws {
        try deadline?.check()
    }

    /// Runs `body` with the canvas a layer draws into: the output, or below opacity 1 a
    /// transparent offscreen canvas composited once with `opacity` afterwards
    /// (`fill-layer-opacity`, `line-layer-opacity`, `fill-extrusion-opacity`), so overlaps
    /// inside the layer do not show through each other.
    func withLayerCanvas(opacity: Float, _ body: (Canvas) throws -> Void) rethrows {
        guard opacity < 1 else { try body(output); return }
        guard opacity > 0 else { return }
        let layer = offscreen ?? Canvas(width: output.width, height: output.height)
        offscreen = layer
        layer.reset(width: output.width, height: output.height)
        drawsWithLayerOpacity = true
        defer { drawsWithLayerOpacity = false }
        try body(layer)
        clock.mark(.raster)
        output.drawImage(layer.pixmap, transform: .identity, filter: .nearest, opacity: opacity)
        clock.mark(.raster)
    }

    /// A second offscreen canvas for masks (line gradients), sized like the output.
    func scratchCanvas() -> Canvas {
        let c = scratch2 ?? Canvas(width: output.width, height: output.height)
        scratch2 = c
        return c
    }

    /// Device-pixel shift for `*-translate` [x, y] (CSS px) with its anchor: `map` rotates with
    /// the map, `viewport` stays screen-aligned.
    func translation(_ t: SIMD2<Float>, anchor: TranslateAnchor) -> SIMD2<Float> {
        let r = Float(camera.pixelRatio)
        var v = t * r
        if anchor != .viewport, camera.isRotated {
            let a = Float(-camera.bearing * .pi / 180)
            let c = cosf(a), s = sinf(a)
            v = SIMD2(c * v.x - s * v.y, s * v.x + c * v.y)
        }
        return v
    }

    /// Where a world point is seen and how large what faces the viewer is drawn there: its
    /// device position and the perspective's distance ratio (camera-to-centre over depth; 1 in
    /// a flat view). nil behind the near plane or past the far one.
    func viewPoint(_ p: WorldPoint) -> (at: SIMD2<Float>, distanceRatio: Float)? {
        guard let perspective else { return (projection.apply(p), 1) }
        let q = perspective.project(p)
        guard q.z >= perspective.near, q.z <= perspective.far else { return nil }
        return (SIMD2(Float(q.x), Float(q.y)), Float(perspective.distance / q.z))
    }

    /// A map-anchored translate of what a pitched view draws facing the viewer moves its anchor
    /// on the ground (this world offset, to add before `viewPoint`) rather than on the screen;
    /// nil otherwise (`translation` applies).
    func groundOffset(_ t: SIMD2<Float>, anchor: TranslateAnchor) -> SIMD2<Double>? {
        guard perspective != nil, anchor != .viewport, t != .zero else { return nil }
        let worldPerCSSPixel = 1 / (512 * pow(2, zoom))
        return SIMD2(Double(t.x), Double(t.y)) * worldPerCSSPixel
    }
}
