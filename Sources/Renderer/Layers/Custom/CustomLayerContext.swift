import Foundation
import Geo
import Raster
import StyleSpec

/// What a custom layer gets per render: the canvas and the exact projection the map's own
/// layers use, so its geometry lines up with theirs in tiles, `@2x` tiles and rotated views.
public struct CustomLayerContext {
    /// Where to draw (device pixels, y down, premultiplied RGBA8). While the layer draws it is
    /// the output canvas (or the layer's offscreen canvas); draw source-over.
    public let canvas: Canvas
    public let camera: Camera
    public let layer: Layer
    private let deadline: Deadline?

    init(canvas: Canvas, camera: Camera, layer: Layer, deadline: Deadline?) {
        self.canvas = canvas; self.camera = camera; self.layer = layer; self.deadline = deadline
    }

    /// MapLibre zoom of the render (512 px world at zoom 0; a 256 px tile z shows z − 1).
    public var zoom: Double { camera.zoom }
    /// Device pixels per CSS pixel: scale pixel-valued options (line widths) by it.
    public var pixelRatio: Double { camera.pixelRatio }
    /// Degrees clockwise.
    public var bearing: Double { camera.bearing }
    public var width: Int { canvas.width }
    public var height: Int { canvas.height }

    /// The world copies (whole-world x offsets) the view touches, nearest first: draw
    /// geometry once per copy so it shows across the antimeridian and in wide views.
    public func worldCopies(marginPixels: Double = 0) -> [Int] {
        camera.worldCopies(margin: marginPixels)
    }

    /// World (Web Mercator 0...1) → device pixels for one world copy; apply it per vertex.
    public func projection(worldCopy: Int = 0) -> WorldProjection {
        camera.projection(worldOffset: worldCopy)
    }

    /// Longitude/latitude (degrees) → device pixels in double precision (latitudes beyond
    /// ±85.0511° land on the world's edge, as the map's own sources do).
    public func pixel(lon: Double, lat: Double, worldCopy: Int = 0) -> SIMD2<Double> {
        pixel(WebMercator.project(lon: lon, lat: lat), projection: projection(worldCopy: worldCopy))
    }

    /// A world point through `projection`, in double precision (`WorldProjection.apply`
    /// rounds to Float, which is coarse far outside the canvas at high zoom).
    @inline(__always)
    public func pixel(_ p: WorldPoint, projection t: WorldProjection) -> SIMD2<Double> {
        let dx = p.x - t.originX, dy = p.y - t.originY
        return SIMD2(t.a * dx + t.c * dy + t.tx, t.b * dx + t.d * dy + t.ty)
    }

    /// The world rectangle the view shows (rotation included), grown by `marginPixels`.
    public func visibleWorldBounds(marginPixels: Double = 0) -> WorldRect {
        camera.visibleWorldBounds(margin: marginPixels)
    }

    /// Throws `RenderError.timeout` once the render's budget is spent.
    public func checkDeadline() throws {
        try deadline?.check()
    }
}
