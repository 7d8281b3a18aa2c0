import Foundation

/// MapLibre's hillshade fragment shader: a colour (premultiplied, 0...1) from the terrain's
/// derivative at a pixel, by `hillshade-method`. Angles are radians; `azimuth` already
/// includes the map's bearing for viewport-anchored light.
struct HillshadeShading {
    enum Method: String { case standard, basic, combined, igor, multidirectional }

    /// One light: direction, altitude and its shadow and highlight colours.
    struct Light {
        var azimuth: Float
        var altitude: Float
        var shadow: SIMD4<Float>
        var highlight: SIMD4<Float>
    }

    let method: Method
    let lights: [Light]
    let accent: SIMD4<Float>
    /// `hillshade-exaggeration` (the standard method's intensity).
    let exaggeration: Float

    func color(_ d: SIMD2<Float>) -> SIMD4<Float> {
        // Every method but the legacy one scales the slopes by the exaggeration (×1 at 0.5).
        let e = d * (exaggeration * 2)
        switch method {
        case .standard: return standard(d, lights[0])
        case .basic: return basic(e, lights[0])
        case .combined: return combined(e, lights[0])
        case .igor: return igor(e, lights[0])
        case .multidirectional:
            var sum = SIMD4<Float>(repeating: 0)
            for l in lights { sum += basic(e, l) }
            return sum / Float(lights.count)
        }
    }

    @inline(__always)
    static func aspect(_ d: SIMD2<Float>) -> Float {
        d.x != 0 ? atan2f(d.y, -d.x) : .pi / 2 * (d.y > 0 ? 1 : -1)
    }

    /// GLSL's mod: x − y·floor(x / y).
    @inline(__always)
    static func mod(_ x: Float, _ y: Float) -> Float { x - y * (x / y).rounded(.down) }

    @inline(__always)
    static func mix(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ t: Float) -> SIMD4<Float> { a + (b - a) * t }

    private func standard(_ d: SIMD2<Float>, _ l: Light) -> SIMD4<Float> {
        let azimuth = l.azimuth + .pi
        let slope = atanf(0.625 * (d * d).sum().squareRoot())
        let aspect = Self.aspect(d)
        let intensity = exaggeration
        let base = 1.875 - intensity * 1.75
        let maxValue: Float = 0.5 * .pi
        let scaled = intensity != 0.5 ? (powf(base, slope) - 1) / (powf(base, maxValue) - 1) * maxValue : slope
        let gain = min(max(intensity * 2, 0), 1)
        let accentColor = (1 - cosf(scaled)) * accent * gain
        let shade = abs(Self.mod((aspect + azimuth) / .pi + 0.5, 2) - 1)
        let shadeColor = Self.mix(l.shadow, l.highlight, shade) * sinf(scaled) * gain
        return accentColor * (1 - shadeColor.w) + shadeColor
    }

    /// cos of the angle between the light and the surface normal.
    @inline(__always)
    private static func incidence(_ d: SIMD2<Float>, _ l: Light) -> Float {
        let azimuth = l.azimuth + .pi
        let cosAz = cosf(azimuth), sinAz = sinf(azimuth), cosAlt = cosf(l.altitude), sinAlt = sinf(l.altitude)
        return (sinAlt - (d.y * cosAz * cosAlt - d.x * sinAz * cosAlt)) / (1 + (d * d).sum()).squareRoot()
    }

    private func basic(_ d: SIMD2<Float>, _ l: Light) -> SIMD4<Float> {
        let shade = min(max(Self.incidence(d, l), 0), 1)
        return shade > 0.5 ? l.highlight * (2 * shade - 1) : l.shadow * (1 - 2 * shade)
    }

    private func combined(_ d: SIMD2<Float>, _ l: Light) -> SIMD4<Float> {
        let angle = min(max(acosf(min(max(Self.incidence(d, l), -1), 1)), 0), .pi / 2)
        let steep = atanf((d * d).sum().squareRoot()) * 4 / (.pi * .pi)
        return l.shadow * (angle * steep) + l.highlight * ((.pi / 2 - angle) * steep)
    }

    private func igor(_ d: SIMD2<Float>, _ l: Light) -> SIMD4<Float> {
        let azimuth = l.azimuth + .pi
        let slope = atanf((d * d).sum().squareRoot()) * 2 / .pi
        let aspect = 1 - abs(Self.mod((Self.aspect(d) + azimuth) / .pi + 0.5, 2) - 1)
        return l.shadow * (slope * aspect) + l.highlight * (slope * (1 - aspect))
    }
}
