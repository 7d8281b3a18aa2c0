import Foundation
import Raster

/// MapLibre's raster colour pipeline (its raster fragment shader): on the straight colour,
/// hue rotation (spin weights), saturation toward the channel mean, contrast about 0.5, then
/// brightness mapping [0, 1] onto [min, max]. Every step is affine in the colour, so
/// applying it to the texels before bilinear sampling equals applying it after (sampling
/// premultiplied texels is linear too); only clamping to [0, 1] happens per texel here.
struct RasterColorAdjustment: Equatable {
    /// Spin weights: new r = w·rgb, g = (w2, w0, w1)·rgb, b = (w1, w2, w0)·rgb.
    var spin: SIMD3<Double>
    var saturationFactor: Double
    var contrastFactor: Double
    var brightnessMin: Double
    var brightnessMax: Double

    init(hueRotate: Double, saturation: Double, contrast: Double, brightnessMin: Double, brightnessMax: Double) {
        let a = hueRotate * .pi / 180
        let s = sin(a), c = cos(a)
        spin = SIMD3((2 * c + 1) / 3, (-sqrt(3) * s - c + 1) / 3, (sqrt(3) * s - c + 1) / 3)
        saturationFactor = saturation > 0 ? 1 - 1 / (1.001 - saturation) : -saturation
        contrastFactor = contrast > 0 ? 1 / (1 - contrast) : 1 + contrast
        self.brightnessMin = brightnessMin
        self.brightnessMax = brightnessMax
    }

    /// True when the adjustment leaves every colour as it is (the defaults).
    var isIdentity: Bool {
        abs(spin.x - 1) < 1e-12 && abs(spin.y) < 1e-12 && abs(spin.z) < 1e-12
            && saturationFactor == 0 && contrastFactor == 1 && brightnessMin == 0 && brightnessMax == 1
    }

    /// One straight colour (channels 0...1) through the pipeline, clamped.
    @inline(__always)
    func adjusted(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        var out = SIMD3(
            (rgb * spin).sum(),
            (rgb * SIMD3(spin.z, spin.x, spin.y)).sum(),
            (rgb * SIMD3(spin.y, spin.z, spin.x)).sum())
        let average = rgb.sum() / 3
        out += (SIMD3(repeating: average) - out) * saturationFactor
        out = (out - SIMD3(repeating: 0.5)) * contrastFactor + SIMD3(repeating: 0.5)
        out = SIMD3(repeating: brightnessMin) + (brightnessMax - brightnessMin) * out
        return out.clamped(lowerBound: SIMD3<Double>(repeating: 0), upperBound: SIMD3<Double>(repeating: 1))
    }

    /// A copy of a premultiplied image with every texel adjusted.
    func apply(to image: Pixmap) -> Pixmap {
        var out = image
        out.withUnsafeMutablePixels { px in
            for i in px.indices {
                let p = px[i]
                let a = p >> 24
                guard a != 0 else { continue }
                let alpha = Double(a) / 255
                let straight = SIMD3<Double>(Double(p & 0xFF), Double((p >> 8) & 0xFF), Double((p >> 16) & 0xFF)) / (255 * alpha)
                let changed = adjusted(straight.clamped(lowerBound: SIMD3<Double>(repeating: 0), upperBound: SIMD3<Double>(repeating: 1)))
                let q = (changed * (alpha * 255)).rounded(.toNearestOrAwayFromZero)
                px[i] = UInt32(q.x) | UInt32(q.y) << 8 | UInt32(q.z) << 16 | a << 24
            }
        }
        return out
    }
}
