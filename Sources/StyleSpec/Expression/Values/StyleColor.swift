import Foundation

/// A CSS colour as the style spec knows it: sRGB, straight (non-premultiplied) components
/// in 0...1. Straight storage keeps the hue of fully transparent colours, which colour
/// interpolation needs (MapLibre keeps the same information beside its premultiplied form).
public struct StyleColor: Sendable, Hashable, CustomStringConvertible {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let black = StyleColor(r: 0, g: 0, b: 0, a: 1)
    public static let white = StyleColor(r: 1, g: 1, b: 1, a: 1)
    public static let transparent = StyleColor(r: 0, g: 0, b: 0, a: 0)

    /// Components multiplied by alpha, as the compositor and MapLibre's `Color` hold them.
    public var premultiplied: (r: Double, g: Double, b: Double, a: Double) {
        (r * a, g * a, b * a, a)
    }

    /// `rgba(r,g,b,a)` with 0...255 integer channels, as `to-string` prints a colour.
    public var description: String {
        func channel(_ v: Double) -> String {
            v.isFinite ? String(Int((max(-1e6, min(v, 1e6)) * 255).rounded(.toNearestOrAwayFromZero))) : "NaN"
        }
        return "rgba(\(channel(r)),\(channel(g)),\(channel(b)),\(Value.formatNumber(a)))"
    }
}
