import Foundation
import Geo
import JSON
import Raster
import StyleSpec

/// The built-in `graticule` renderer: meridians and parallels every `step` degrees.
///
/// Options: `{"step": 10, "color": "#888", "width": 1, "opacity": 1}` — step in (0, 90],
/// width in CSS pixels ≥ 0, opacity in [0, 1]. Lines go through the rasterizer's own stroker
/// (`Canvas.stroke`). Parallels are straight lines in Web Mercator; meridians end at
/// ±85.0511°, where the square Mercator world ends.
public struct GraticuleRenderer: CustomLayerRenderer {
    public static let name = "graticule"

    public init() {}

    public func prepare(options json: JSONObject, layerID: String) throws -> any PreparedCustomLayer {
        let o = try CustomLayerOptions(json, allowed: ["step", "color", "width", "opacity"])
        let step = try o.number("step", default: 10, expected: "a step in (0, 90] degrees") { $0 > 0 && $0 <= 90 }
        let width = try o.number("width", default: 1, expected: "a width ≥ 0") { $0 >= 0 && $0 <= 1000 }
        let opacity = try o.number("opacity", default: 1, expected: "an opacity in [0, 1]") { (0...1).contains($0) }
        let c = try o.color("color", default: StyleColor(r: 0x88 / 255.0, g: 0x88 / 255.0, b: 0x88 / 255.0))
        return Graticule(step: step, width: width, opacity: Float(opacity),
                         color: Color(r: Float(c.r), g: Float(c.g), b: Float(c.b), a: Float(c.a)))
    }
}

/// A prepared graticule: the lines are laid out per render from the view (they are infinite
/// families, only the visible ones are built).
final class Graticule: PreparedCustomLayer {
    let step: Double, width: Double, opacity: Float
    let color: Color
    /// Most lines of one family drawn in a view: more would be under a pixel apart (a tiny
    /// step at a low zoom), and that family is left out rather than costing unbounded time.
    static let maxLines = 4096

    init(step: Double, width: Double, opacity: Float, color: Color) {
        self.step = step; self.width = width; self.opacity = opacity; self.color = color
    }

    func draw(in context: CustomLayerContext) throws {
        let w = Float(width * context.pixelRatio)
        guard w > 0, opacity > 0, color.a > 0 else { return }
        let margin = Double(w) + 2
        let view = context.visibleWorldBounds(marginPixels: margin)
        guard view.minX.isFinite, view.maxX.isFinite else { return }
        let t = context.projection()
        let box = GuardBox(width: context.width, height: context.height, band: margin + 64)
        var path = Path()
        func segment(_ a: WorldPoint, _ b: WorldPoint) {
            guard let (p, q) = box.clip(context.pixel(a, projection: t), context.pixel(b, projection: t)) else { return }
            path.move(to: Point(Float(p.x), Float(p.y)))
            path.line(to: Point(Float(q.x), Float(q.y)))
        }
        // Parallels: horizontal in world space, across the whole visible x range.
        let top = max(0, view.minY), bottom = min(1, view.maxY)
        if top <= bottom {
            let north = WebMercator.unproject(WorldPoint(0, top)).lat, south = WebMercator.unproject(WorldPoint(0, bottom)).lat
            let k0 = Int((south / step).rounded(.up)), k1 = Int((north / step).rounded(.down))
            if k0 <= k1, k1 - k0 < Self.maxLines {
                for k in k0...k1 {
                    let lat = Double(k) * step
                    guard abs(lat) < WebMercator.maxLatitude else { continue }
                    let y = WebMercator.project(lon: 0, lat: lat).y
                    segment(WorldPoint(view.minX, y), WorldPoint(view.maxX, y))
                }
            }
        }
        // Meridians: each world copy's visible longitudes in [−180, 180) (180 is the next
        // copy's −180), from the top to the bottom of the Mercator square.
        let c0 = Int(view.minX.rounded(.down)), c1 = Int(view.maxX.rounded(.down))
        var drawn = 0
        for copy in c0...max(c0, min(c1, c0 + 8)) {
            let lonMin = (max(view.minX, Double(copy)) - Double(copy)) * 360 - 180
            let lonMax = (min(view.maxX, Double(copy + 1)) - Double(copy)) * 360 - 180
            let k0 = Int((lonMin / step).rounded(.up)), k1 = Int((lonMax / step).rounded(.down))
            guard k0 <= k1, drawn + (k1 - k0) < Self.maxLines else { continue }
            for k in k0...k1 where Double(k) * step < 180 {
                let x = Double(copy) + (Double(k) * step + 180) / 360
                segment(WorldPoint(x, 0), WorldPoint(x, 1))
                drawn += 1
            }
        }
        try context.checkDeadline()
        context.canvas.stroke(path, style: StrokeStyle(width: w, cap: .butt), paint: .solid(color), opacity: opacity)
    }
}

/// A rectangle around the canvas that line segments are cut to before they become Float
/// device coordinates (far end points at high zoom would lose their precision).
struct GuardBox {
    let minX: Double, minY: Double, maxX: Double, maxY: Double

    init(width: Int, height: Int, band: Double) {
        minX = -band; minY = -band; maxX = Double(width) + band; maxY = Double(height) + band
    }

    /// The part of p→q inside (Liang–Barsky), nil when none is.
    func clip(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>)? {
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return nil }
        let d = q - p
        var t0 = 0.0, t1 = 1.0
        for (den, num) in [(-d.x, p.x - minX), (d.x, maxX - p.x), (-d.y, p.y - minY), (d.y, maxY - p.y)] {
            if den == 0 {
                if num < 0 { return nil }
                continue
            }
            let r = num / den
            if den < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return nil }
        }
        return (p + d * t0, p + d * t1)
    }
}
