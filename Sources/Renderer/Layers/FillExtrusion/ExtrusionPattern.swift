import Foundation
import Geo
import Raster

/// `fill-extrusion-pattern` on a feature's surfaces, as `fill_extrusion_pattern.vertex.glsl`
/// places it (image pixels; the pattern repeats): roofs take the ground position, anchored to
/// the world grid at the integer zoom like a flat `fill-pattern`; walls take the distance
/// along the ring (the bucket's rounded `edgedistance`, tile units) across and the height
/// scaled by `u_height_factor` (−2^z / 512 / 8 tile units per metre) up, both offset by the
/// source tile's origin as the shader adds `u_pixel_coord_upper/lower`.
struct ExtrusionPattern {
    let image: PatternImage
    /// CSS pixels per world unit at the integer zoom (the pattern's scale).
    private let cssPerWorld: Double
    /// Roof positions are taken relative to this point (precision), whose image position is
    /// `anchorImage` (already reduced modulo the image).
    private let anchor: WorldPoint
    private let anchorImage: SIMD2<Double>
    /// The tile's origin in CSS pixels modulo the pattern's display size.
    private let tileOffset: SIMD2<Double>
    /// Tile units per world unit (the bucket's 8192 extent at the tile's zoom).
    let tileUnits: Double
    private let integerZoom: Double

    init(image: PatternImage, zoom: Double, anchor: WorldPoint, tileOrigin: WorldPoint, tileZoom: Int) {
        self.image = image
        integerZoom = max(0, zoom.rounded(.down))
        cssPerWorld = 512 * pow(2, integerZoom)
        let display = SIMD2(Double(image.width), Double(image.height)) / image.pixelRatio
        func wrap(_ v: SIMD2<Double>, _ m: SIMD2<Double>) -> SIMD2<Double> {
            let r = v - (v / m).rounded(.down) * m
            return SIMD2(r.x.isFinite ? r.x : 0, r.y.isFinite ? r.y : 0)
        }
        self.anchor = anchor
        anchorImage = wrap(SIMD2(anchor.x, anchor.y) * cssPerWorld, display) * image.pixelRatio
        tileOffset = wrap(SIMD2(tileOrigin.x, tileOrigin.y) * cssPerWorld, display)
        tileUnits = 8192 * pow(2, Double(tileZoom))
    }

    /// Image position of a roof point (a world point on the ground grid).
    func roof(_ p: WorldPoint) -> SIMD2<Double> {
        SIMD2(p.x - anchor.x, p.y - anchor.y) * cssPerWorld * image.pixelRatio + anchorImage
    }

    /// Image position on a wall: `edgeDistance` tile units along the ring, `metres` up.
    func wall(edgeDistance: Double, metres: Double) -> SIMD2<Double> {
        let across = edgeDistance / tileUnits * cssPerWorld
        let up = -metres * pow(2, integerZoom) / 65536
        return (SIMD2(across, up) + tileOffset) * image.pixelRatio
    }
}

extension StyleLight {
    /// The pattern shader's `v_lighting` for a vertex: its own variant of the lighting (the
    /// normal over 16383, no surface colour: max(0.5 + intensity, 1) as the bright end), the
    /// same vertical gradient, alpha 1; the texel is multiplied by it.
    func patternLighting(normal: ExtrusionVertexNormal, base: Float, height: Float, verticalGradient: Bool) -> SIMD4<Float> {
        let n = normal.lighting * (16384 / 16383)
        let cosine = max(0, min(1, (n * direction).sum()))
        var directional = (1 - intensity) + (max(0.5 + intensity, 1) - (1 - intensity)) * cosine
        if normal.hasY {
            let vg: Float = verticalGradient ? 1 : 0
            let low = 0.7 + (0.98 - 0.7) * (1 - intensity)
            let ramp = (normal.t + base) * (height / 150).squareRoot()
            directional *= (1 - vg) + vg * max(low, min(1, ramp))
        }
        func channel(_ light: Float) -> Float { min(max(directional * light, 0.3 * (1 - light)), 1) }
        return SIMD4(channel(color.r), channel(color.g), channel(color.b), 1)
    }
}
