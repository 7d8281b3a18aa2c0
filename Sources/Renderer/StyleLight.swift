import Foundation
import JSON
import Raster
import StyleSpec

/// The style's `light` (the root object lighting extrusions) resolved for one render: each
/// property from the style or the spec default, evaluated at the frame's zoom.
struct StyleLight {
    /// `map` turns the light with the map's bearing; `viewport` keeps it fixed to the screen.
    let anchor: String
    /// Light direction as MapLibre's shaders use it: the spherical `position` [r, azimuth°,
    /// polar°] in Cartesian coordinates (azimuth from north, clockwise, +90° to GL's x axis).
    let direction: SIMD3<Float>
    let color: Color
    let intensity: Float

    init(_ style: Style, context: EvaluationContext, bearing: Double) {
        let light = RootProperties(style, key: "light", group: SpecTables.light, context: context)
        let value = light.value
        anchor = value("anchor").map(Convert.string) ?? "viewport"
        color = value("color").map(Convert.color) ?? Color(r: 1, g: 1, b: 1)
        intensity = max(0, min(1, value("intensity").map(Convert.number) ?? 0.5))
        let p = value("position")?.numbers ?? [1.15, 210, 30]
        let r = p.count == 3 ? p[0] : 1.15
        // The viewport-anchored light stays on the screen: the map's azimuth of the screen's
        // up is the bearing, so the light turns with it (MapLibre rotates the position by
        // −transform.angle, which is +bearing).
        var azimuth = (p.count == 3 ? p[1] : 210) + 90
        if anchor == "viewport" { azimuth += bearing }
        let az = azimuth * .pi / 180, polar = (p.count == 3 ? p[2] : 30) * .pi / 180
        direction = SIMD3(Float(r * cos(az) * sin(polar)), Float(r * sin(az) * sin(polar)), Float(r * cos(polar)))
    }

    /// MapLibre's fill-extrusion vertex lighting of a roof (normal straight up) in colour
    /// `premultiplied` (r, g, b premultiplied by alpha): the returned colour is opaque.
    func litRoof(_ premultiplied: SIMD4<Float>) -> Color {
        let c = premultiplied
        let luminance = c.x * 0.2126 + c.y * 0.7152 + c.z * 0.0722
        // A roof's packed normal is (t = 1, 0, 16384): a hair of the x component counts too.
        let cosine = max(0, min(1, direction.x / 16384 + direction.z))
        let directional = (1 - intensity) + (max(1 - luminance + intensity, 1) - (1 - intensity)) * cosine
        func channel(_ v: Float, _ light: Float) -> Float {
            // GLSL clamp(x, lo, 1): the floor tints shading with the light's complement.
            min(max((v + 0.03) * directional * light, 0.3 * (1 - light)), 1)
        }
        return Color(r: channel(c.x, color.r), g: channel(c.y, color.g), b: channel(c.z, color.b), a: 1)
    }
}
