import Foundation
import Geo
import Raster

/// MapLibre's perspective camera for a view (its `MercatorTransform`): the camera sits
/// `distance` device pixels from the centre, looking down at it tilted by `pitch`, with a
/// vertical field of view `fieldOfView`. A ground point `r` pixels right and `f` pixels toward
/// the bottom of the view from the centre (the map rotated by the bearing, in device pixels)
/// at `z` pixels above the ground is seen at depth `w = D − f·sin p − z·cos p` and drawn at
/// `centre + D·(r, f·cos p − z·sin p) / w`. At pitch 0 this is the flat camera again apart from
/// heights (`fill-extrusion` walls), which perspective shows even straight down.
public struct CameraPerspective: Sendable {
    public let camera: Camera
    /// Camera to centre in device pixels: half the height over tan(fov / 2).
    public let distance: Double
    public let sinPitch: Double, cosPitch: Double
    /// Device pixels per metre of height at the centre's latitude.
    public let pixelsPerMetre: Double
    /// GL's near and far clip depths: nothing nearer than `near` or beyond `far` is drawn.
    public let near: Double, far: Double
    private let rotation: WorldProjection

    public init(_ camera: Camera) {
        self.camera = camera
        let p = max(0, min(89.9, camera.pitch)) * .pi / 180
        let fov = max(0.01, min(179, camera.fieldOfView)) * .pi / 180
        sinPitch = sin(p); cosPitch = cos(p)
        let d = 0.5 / tan(fov / 2) * Double(camera.height)
        distance = d
        let lat = WebMercator.unproject(camera.center).lat * .pi / 180
        pixelsPerMetre = camera.worldSize / (2 * .pi * 6_371_008.8 * cos(lat))
        near = Double(camera.height) / 50
        far = Self.farDepth(pitch: p, fov: fov, distance: d)
        var flat = camera
        flat.centerPixel = .zero
        rotation = flat.projection()
    }

    /// MapLibre's far plane (`_calcMatrices`, no terrain, no padding): just past the ground
    /// seen at the top of the view, or past its horizon when that is nearer.
    static func farDepth(pitch p: Double, fov: Double, distance d: Double) -> Double {
        let groundAngle = Double.pi / 2 + p
        func surface(_ angle: Double) -> Double {
            sin(angle) * d / sin(max(0.01, min(.pi - 0.01, .pi - groundAngle - angle)))
        }
        let horizon = tan(.pi / 2 - p) * d * 0.85
        let toTop = surface(fov / 2)
        let toHorizon = surface(atan(horizon / d))
        return (cos(.pi / 2 - p) * min(toTop, toHorizon) + d) * 1.01
    }

    /// MapLibre's horizon (`getHorizon`): device pixels above the centre where the sky begins,
    /// the vanishing line lowered by 0.85 as the earth's curve would.
    public var horizonAboveCenter: Double {
        sinPitch == 0 ? .infinity : cosPitch / sinPitch * distance * 0.85
    }

    /// A world point rotated about the centre into view axes (device pixels: right, toward
    /// the bottom of the view).
    @inline(__always)
    public func viewAxes(_ p: WorldPoint, worldOffset: Int = 0) -> SIMD2<Double> {
        let dx = p.x - Double(worldOffset) - rotation.originX, dy = p.y - rotation.originY
        return SIMD2(rotation.a * dx + rotation.c * dy, rotation.b * dx + rotation.d * dy)
    }

    /// Screen position (device pixels) and depth of a point `metres` above a world point.
    @inline(__always)
    public func project(_ p: WorldPoint, metres: Double = 0, worldOffset: Int = 0) -> SIMD3<Double> {
        project(axes: viewAxes(p, worldOffset: worldOffset), height: metres * pixelsPerMetre)
    }

    /// Screen position and depth of a point given in view axes with a height in device pixels.
    @inline(__always)
    public func project(axes v: SIMD2<Double>, height z: Double) -> SIMD3<Double> {
        let w = distance - v.y * sinPitch - z * cosPitch
        let c = camera.centerPixel
        return SIMD3(c.x + distance * v.x / w, c.y + distance * (v.y * cosPitch - z * sinPitch) / w, w)
    }

    /// The ground (height 0) in view axes → screen, as a projective map.
    public var axesToScreen: Homography {
        let d = distance, s = sinPitch, c = camera.centerPixel
        return Homography(d, -c.x * s, c.x * d,
                          0, d * cosPitch - c.y * s, c.y * d,
                          0, -s, d)
    }

    /// The ground seen by this camera: world → screen (device pixels).
    public var worldToScreen: Homography {
        let r = rotation
        let toAxes = Homography.affine(a: r.a, b: r.b, c: r.c, d: r.d,
                                       tx: -(r.a * r.originX + r.c * r.originY),
                                       ty: -(r.b * r.originX + r.d * r.originY))
        return axesToScreen.after(toAxes)
    }

    /// Depth of the ground seen through a screen point, nil above the vanishing line.
    public func groundDepth(screen q: SIMD2<Double>) -> Double? {
        guard let inv = axesToScreen.inverse else { return nil }
        let h = inv.homogeneous(q.x, q.y)
        guard h.z > 0 else { return nil }
        return distance - h.y / h.z * sinPitch
    }
}

extension CameraPerspective {
    /// Depths of the nearest and farthest ground the view shows: the bottom row's, and the top
    /// row's or the far plane's, whichever is nearer.
    public var groundDepthRange: ClosedRange<Double> {
        let c = camera.centerPixel
        let nearest = groundDepth(screen: SIMD2(c.x, Double(camera.height))) ?? distance
        let top = groundDepth(screen: SIMD2(c.x, 0)) ?? .infinity
        return min(nearest, far)...max(min(nearest, far), min(top, far))
    }

    /// The ground in view axes at a depth: its distance toward the bottom of the view and the
    /// half-width the view spans there (both device pixels of the flat map).
    func groundRow(depth w: Double) -> (forward: Double, halfWidth: Double) {
        let c = camera.centerPixel
        let halfWidth = max(c.x, Double(camera.width) - c.x) * w / distance
        return (sinPitch == 0 ? 0 : (distance - w) / sinPitch, halfWidth)
    }

    /// Axis-aligned world rectangle around the ground the view shows (its trapezoid up to the
    /// far plane), grown by `margin` device pixels scaled as the ground is at each edge.
    public func visibleGround(margin: Double = 0) -> WorldRect {
        let depths = groundDepthRange
        var corners: [SIMD2<Double>] = []
        for w in [depths.lowerBound, depths.upperBound] {
            let row = groundRow(depth: w)
            let grow = margin * w / distance
            let y = w == depths.lowerBound ? row.forward + grow : row.forward - grow
            corners.append(SIMD2(-row.halfWidth - grow, y))
            corners.append(SIMD2(row.halfWidth + grow, y))
        }
        let inv = 1 / camera.worldSize, t = camera.bearing * .pi / 180
        let cs = cos(t), sn = sin(t)
        var rect = WorldRect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for v in corners {
            // View axes → world: rotate back by the bearing.
            let x = camera.center.x + (cs * v.x - sn * v.y) * inv
            let y = camera.center.y + (sn * v.x + cs * v.y) * inv
            rect = WorldRect(minX: min(rect.minX, x), minY: min(rect.minY, y), maxX: max(rect.maxX, x), maxY: max(rect.maxY, y))
        }
        return rect
    }
}
