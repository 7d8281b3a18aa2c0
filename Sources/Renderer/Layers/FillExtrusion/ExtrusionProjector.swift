import Geo
import Raster

/// Where an extrusion's vertices land for a static view: MapLibre's perspective camera
/// (`CameraPerspective`) with the layer's `fill-extrusion-translate` added on the ground
/// before projecting (MapLibre translates the tile matrix, so the shift is in the ground
/// plane and shrinks with distance like everything else), as clip coordinates (X, Y, W) that
/// `DepthTriangles` clips and divides.
struct ExtrusionProjector {
    let perspective: CameraPerspective
    /// The translate in view axes (device pixels of the flat map).
    let offset: SIMD2<Double>
    /// The camera in view axes: above the ground point `(0, D·sin p)` at height `D·cos p`
    /// (device pixels), so a surface faces it when the camera is on its outer side.
    let cameraGround: SIMD2<Double>
    let cameraHeight: Double

    init(_ camera: Camera, offset: SIMD2<Float>) {
        let p = CameraPerspective(camera)
        perspective = p
        self.offset = SIMD2(Double(offset.x), Double(offset.y))
        cameraGround = SIMD2(0, p.distance * p.sinPitch)
        cameraHeight = p.distance * p.cosPitch
    }

    /// A world point in view axes, translated.
    @inline(__always)
    func axes(_ p: WorldPoint) -> SIMD2<Double> { perspective.viewAxes(p) + offset }

    /// Clip coordinates of the point `z` device pixels above view-axes point `v`: the screen
    /// position is (X/W, Y/W), W the depth `CameraPerspective.project` gives.
    @inline(__always)
    func clip(_ v: SIMD2<Double>, height z: Double) -> SIMD3<Double> {
        let d = perspective.distance, s = perspective.sinPitch, c = perspective.cosPitch
        let w = d - v.y * s - z * c
        let centre = perspective.camera.centerPixel
        return SIMD3(centre.x * w + d * v.x, centre.y * w + d * (v.y * c - z * s), w)
    }

    /// Device pixels per metre of height.
    var pixelsPerMetre: Double { perspective.pixelsPerMetre }
    var near: Double { perspective.near }
    var far: Double { perspective.far }
}
