import Foundation
import Geo

/// What a render shows: a centre, a MapLibre zoom (512 px world at zoom 0), a bearing and an
/// output size in device pixels. Tiles and static images are both cameras, so one renderer and
/// one set of zoom rules serve every route.
public struct Camera: Sendable, Equatable {
    /// Centre of the view in world coordinates (0...1, may lie outside on x).
    public var center: WorldPoint
    /// MapLibre zoom: the world is 512·2^zoom CSS pixels across. Style properties see this zoom.
    public var zoom: Double
    /// Degrees clockwise: with bearing 90 east is up.
    public var bearing: Double
    /// Degrees from straight down toward the horizon (MapLibre's pitch). Above 0 the view is a
    /// perspective one (`CameraPerspective`); `/tiles` renders are never pitched.
    public var pitch: Double = 0
    /// MapLibre's vertical field of view in degrees (its default, 36.87°, is atan(0.75)·2).
    public var fieldOfView: Double = Camera.defaultFieldOfView
    /// MapLibre's default field of view in degrees.
    public static let defaultFieldOfView = 36.86989764584402
    /// Output size in device pixels.
    public var width: Int
    public var height: Int
    /// Device pixels per CSS pixel: pixel-valued style properties are multiplied by it.
    public var pixelRatio: Double
    /// Device-pixel position of `center` (w·r/2, h·r/2 as MapLibre centres its canvas).
    public var centerPixel: SIMD2<Double>
    /// A `/tiles` render: one piece of a seamless grid. What MapLibre bounds by its viewport
    /// (the heatmap's density texture, sampled clamped to its edge, and the points of the
    /// tiles covering the view) continues past the edges instead, so neighbours agree.
    public var isTile = false

    public init(center: WorldPoint, zoom: Double, bearing: Double = 0, width: Int, height: Int,
                pixelRatio: Double = 1, centerPixel: SIMD2<Double>? = nil) {
        self.center = center; self.zoom = zoom; self.bearing = bearing
        self.width = width; self.height = height; self.pixelRatio = pixelRatio
        self.centerPixel = centerPixel ?? SIMD2(Double(width) / 2, Double(height) / 2)
    }

    /// A `/tiles/{z}/{x}/{y}` tile: `tileSize` 256 shows style zoom z − 1, 512 shows z.
    public static func tile(_ tile: TileID, tileSize: Int = 256, pixelRatio: Int = 1) -> Camera {
        let b = tile.worldBounds
        let zoom = Double(tile.z) + log2(Double(tileSize) / 512)
        let side = tileSize * pixelRatio
        var camera = Camera(center: WorldPoint((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2), zoom: zoom,
                            width: side, height: side, pixelRatio: Double(pixelRatio))
        camera.isTile = true
        return camera
    }

    /// A static view (`/static/lon,lat,zoom,bearing/WxH@Rx`): the image is floor(W·R)×floor(H·R)
    /// device pixels. As MapLibre's GL viewport does, the W CSS pixels of the view span the
    /// whole floor(W·R) device pixels, centred at their middle: with a fractional W·R (64 px
    /// at 1.1 is 70 px) every CSS pixel is floor(W·R)/W device pixels (the horizontal scale
    /// serves both axes; they differ by less than a pixel over the view).
    public static func view(lon: Double, lat: Double, zoom: Double, bearing: Double = 0, pitch: Double = 0,
                            cssWidth: Int, cssHeight: Int, pixelRatio: Double = 1) -> Camera {
        let w = Int((Double(cssWidth) * pixelRatio).rounded(.down))
        let h = Int((Double(cssHeight) * pixelRatio).rounded(.down))
        let spanned = cssWidth > 0 && w > 0 ? Double(w) / Double(cssWidth) : pixelRatio
        var camera = Camera(center: WebMercator.project(lon: lon, lat: lat), zoom: zoom, bearing: bearing,
                            width: w, height: h, pixelRatio: spanned,
                            centerPixel: SIMD2(Double(w) / 2, Double(h) / 2))
        camera.pitch = pitch
        return camera
    }

    /// Whether the view is a tilted perspective one (a static view with a pitch).
    public var isPitched: Bool { pitch > 0 && !isTile }

    /// The world in device pixels.
    public var worldSize: Double { 512 * pow(2, zoom) * pixelRatio }

    /// World units per device pixel.
    public var worldUnitsPerPixel: Double { 1 / worldSize }

    /// Whether the view is rotated (then axis-aligned shortcuts do not apply).
    public var isRotated: Bool { bearing.truncatingRemainder(dividingBy: 360) != 0 }

    /// The affine map world → device pixels for the world copy shifted by `worldOffset` whole
    /// worlds in x. Precomputed once per copy; applied per vertex.
    public func projection(worldOffset: Int = 0) -> WorldProjection {
        let s = worldSize
        let t = -bearing * .pi / 180
        let c = cos(t) * s, si = sin(t) * s
        let ox = center.x - Double(worldOffset)
        return WorldProjection(a: c, b: si, c: -si, d: c,
                               originX: ox, originY: center.y, tx: centerPixel.x, ty: centerPixel.y)
    }

    /// Axis-aligned world rectangle covering the view (rotated corners included), grown by
    /// `margin` device pixels on each side. A margin is held to one world: what a stroke or
    /// disc reaches from further away, the same feature's nearer world copy reaches too, and a
    /// wider rectangle would only draw hundreds of world copies (`circle-radius: 1e7`) over
    /// each other at a cost no visible result justifies.
    public func visibleWorldBounds(margin: Double = 0) -> WorldRect {
        let inv = 1 / worldSize
        let margin = margin.isNaN ? 0 : min(margin, worldSize)
        if isPitched { return CameraPerspective(self).visibleGround(margin: margin) }
        let hw = (max(centerPixel.x, Double(width) - centerPixel.x) + margin) * inv
        let hh = (max(centerPixel.y, Double(height) - centerPixel.y) + margin) * inv
        if !isRotated {
            return WorldRect(minX: center.x - hw, minY: center.y - hh, maxX: center.x + hw, maxY: center.y + hh)
        }
        let t = bearing * .pi / 180
        let ex = abs(cos(t)) * hw + abs(sin(t)) * hh
        let ey = abs(sin(t)) * hw + abs(cos(t)) * hh
        return WorldRect(minX: center.x - ex, minY: center.y - ey, maxX: center.x + ex, maxY: center.y + ey)
    }

    /// The whole-world offsets whose copy of the world the view touches (for views wider than
    /// the world or across the antimeridian), nearest copy first.
    public func worldCopies(margin: Double = 0, limit: Int = 8) -> [Int] {
        let r = visibleWorldBounds(margin: margin)
        guard r.minX.isFinite, r.maxX.isFinite else { return [0] }
        let lo = Int(r.minX.rounded(.down)), hi = Int((r.maxX - 1e-12).rounded(.down))
        var copies = Array(lo...max(lo, hi))
        copies.sort { abs($0) < abs($1) }
        return Array(copies.prefix(limit))
    }
}

/// World → device pixel affine map (rotation·scale about an origin, then a translation).
public struct WorldProjection: Sendable, Equatable {
    public var a: Double, b: Double, c: Double, d: Double
    public var originX: Double, originY: Double
    public var tx: Double, ty: Double

    @inline(__always)
    public func apply(_ p: WorldPoint) -> SIMD2<Float> {
        let dx = p.x - originX, dy = p.y - originY
        return SIMD2(Float(a * dx + c * dy + tx), Float(b * dx + d * dy + ty))
    }

    /// Device pixel → world (for tests and hit checks).
    public func invert(_ q: SIMD2<Double>) -> WorldPoint {
        let det = a * d - b * c
        let x = q.x - tx, y = q.y - ty
        return WorldPoint((d * x - c * y) / det + originX, (-b * x + a * y) / det + originY)
    }
}
