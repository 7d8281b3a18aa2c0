import Foundation

/// Conversions between sRGB and CIE Lab / HCL (D50 white point), used by colour
/// interpolation in `interpolate-lab` / `interpolate-hcl` and by legacy functions with a
/// `colorSpace`. Components: rgb 0...1, Lab L 0...100, HCL hue in degrees (NaN = achromatic).
enum ColorSpaces {
    private static let xn = 0.96422, yn = 1.0, zn = 0.82521
    private static let t0 = 4.0 / 29, t1 = 6.0 / 29
    private static let t2 = 3 * t1 * t1, t3 = t1 * t1 * t1

    static func lab(_ c: StyleColor) -> (l: Double, a: Double, b: Double, alpha: Double) {
        let r = linear(c.r), g = linear(c.g), b = linear(c.b)
        let y = labF((0.2225045 * r + 0.7168786 * g + 0.0606169 * b) / yn)
        let x: Double, z: Double
        if r == g && g == b {
            x = y; z = y
        } else {
            x = labF((0.4360747 * r + 0.3850649 * g + 0.1430804 * b) / xn)
            z = labF((0.0139322 * r + 0.0971045 * g + 0.7141733 * b) / zn)
        }
        let l = 116 * y - 16
        return (l < 0 ? 0 : l, 500 * (x - y), 200 * (y - z), c.a)
    }

    static func rgb(lab l: Double, _ a: Double, _ b: Double, alpha: Double) -> StyleColor {
        var y = (l + 16) / 116
        var x = a.isNaN ? y : y + a / 500
        var z = b.isNaN ? y : y - b / 200
        y = yn * labFInverse(y)
        x = xn * labFInverse(x)
        z = zn * labFInverse(z)
        return StyleColor(
            r: gamma(3.1338561 * x - 1.6168667 * y - 0.4906146 * z),
            g: gamma(-0.9787684 * x + 1.9161415 * y + 0.033454 * z),
            b: gamma(0.0719453 * x - 0.2289914 * y + 1.4052427 * z),
            a: alpha)
    }

    static func hcl(_ c: StyleColor) -> (h: Double, c: Double, l: Double, alpha: Double) {
        let lab = lab(c)
        let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
        let hue = (chroma * 10000).rounded(.toNearestOrAwayFromZero) != 0
            ? constrainAngle(atan2(lab.b, lab.a) * 180 / .pi) : .nan
        return (hue, chroma, lab.l, lab.alpha)
    }

    static func rgb(hcl h: Double, _ c: Double, _ l: Double, alpha: Double) -> StyleColor {
        let hr = h.isNaN ? 0 : h * .pi / 180
        return rgb(lab: l, cos(hr) * c, sin(hr) * c, alpha: alpha)
    }

    /// CSS Color 4 hsl → rgb; s and l in percent.
    static func rgb(hsl h: Double, _ s: Double, _ l: Double, alpha: Double) -> StyleColor {
        let hue = constrainAngle(h), sat = s / 100, light = l / 100
        func f(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = sat * min(light, 1 - light)
            return light - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return StyleColor(r: f(0), g: f(8), b: f(4), a: alpha)
    }

    static func constrainAngle(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: 360)
        if a < 0 { a += 360 }
        return a
    }

    private static func linear(_ x: Double) -> Double {
        x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
    }
    private static func gamma(_ x: Double) -> Double {
        let v = x <= 0.00304 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
        return v < 0 ? 0 : (v > 1 ? 1 : v)
    }
    private static func labF(_ t: Double) -> Double { t > t3 ? pow(t, 1.0 / 3) : t / t2 + t0 }
    private static func labFInverse(_ t: Double) -> Double { t > t1 ? t * t * t : t2 * (t - t0) }
}
