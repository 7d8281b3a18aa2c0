import Foundation
import Geo
import Raster

/// A prepared graticule: the lines are laid out per render from the view (they are infinite
/// families, only the visible ones are built). Each line is a straight segment, so it is drawn
/// as a thin rectangle: all of them go into one anti-aliased non-zero fill of the Raster
/// target (every rectangle wound the same way), so crossings are covered once and no stroker
/// is needed.
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
        let device = width * context.pixelRatio
        guard device > 0, opacity > 0, color.a > 0 else { return }
        // Hairlines are drawn 1 px wide with their width as extra opacity (as the line
        // painter's and MapLibre's thin lines fade rather than vanish).
        let halfWidth = max(device, 1) / 2, fade = Float(min(device, 1))
        let margin = device + 2
        let view = context.visibleWorldBounds(marginPixels: margin)
        guard view.minX.isFinite, view.maxX.isFinite else { return }
        let t = context.projection()
        let box = GuardBox(width: context.width, height: context.height, band: margin + 64)
        var path = Path()
        func segment(_ a: WorldPoint, _ b: WorldPoint) {
            guard let (p, q) = box.clip(context.pixel(a, projection: t), context.pixel(b, projection: t)) else { return }
            let d = q - p, length = (d * d).sum().squareRoot()
            guard length > 0 else { return }
            // The normal follows the direction, so every rectangle has the same winding.
            let n = SIMD2(-d.y, d.x) * (halfWidth / length)
            for c in [p + n, q + n, q - n, p - n].enumerated() {
                let v = Point(Float(c.element.x), Float(c.element.y))
                if c.offset == 0 { path.move(to: v) } else { path.line(to: v) }
            }
            path.close()
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
        context.canvas.fill(path, rule: .nonZero, paint: .solid(color), opacity: opacity * fade)
    }
}
