import Foundation

/// MapLibre's heatmap kernel. A point of weight w under intensity i adds
/// `w · i · K(v)` to the density, with K the normal density taken at three standard
/// deviations per radius: `K(v) = (1/√(2π)) · exp(−½ · 3² · |v|²)`, v the distance in radii.
/// MapLibre draws each point as a square reaching `extent` radii from it on each axis, the
/// distance at which the kernel has fallen to `zero`; nothing outside that square is touched,
/// so the footprint (and a tile's reach into its neighbours) is bounded.
enum HeatmapKernel {
    /// 1/√(2π): the Gaussian's normalising coefficient.
    static let gaussCoefficient: Float = 0.3989422804014327

    /// The density MapLibre treats as nothing: a sixteenth of one 8-bit step, chosen upstream
    /// to keep overlapping kernels free of visible cut-offs.
    static let zero: Float = 1 / 255 / 16

    /// −½ · 3²: the exponent's factor on |v|².
    static let exponentScale: Float = -4.5

    /// The density a point of `amplitude` (weight · intensity) adds at `v2` = |v|² radii².
    @inline(__always)
    static func value(amplitude: Float, v2: Float) -> Float {
        amplitude * gaussCoefficient * exp(exponentScale * v2)
    }

    /// The kernel along one axis at `v` radii from the point (K is separable:
    /// `value(a, vx² + vy²) = a · coefficient · axis(vx) · axis(vy)`).
    @inline(__always)
    static func axis(_ v: Float) -> Float {
        exp(exponentScale * v * v)
    }

    /// Half the side of the square a point draws, in radii: where `value` falls to `zero`.
    /// Nil when the point never rises above `zero` (weight or intensity 0, or too small,
    /// where MapLibre's vertex shader yields NaN and the square is not drawn) or is not finite.
    static func extent(amplitude a: Float) -> Float? {
        guard a.isFinite else { return nil }
        let peak = a * gaussCoefficient
        guard peak > zero, peak.isFinite else { return nil }
        let s = (-2 * log(zero / peak)).squareRoot() / 3
        return s.isFinite ? s : nil
    }
}
