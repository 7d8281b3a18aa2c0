import SplitMix
@testable import Raster

/// Small builders shared by the tests.
extension Path {
    static func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> Path {
        var p = Path()
        p.move(to: x, y); p.line(to: x + w, y); p.line(to: x + w, y + h); p.line(to: x, y + h); p.close()
        return p
    }

    static func polygon(_ pts: [Point], closed: Bool = true) -> Path {
        var p = Path()
        guard let f = pts.first else { return p }
        p.move(to: f)
        for q in pts.dropFirst() { p.line(to: q) }
        if closed { p.close() }
        return p
    }

    /// A regular star polygon (self-intersecting): `points` tips, each joined to the one
    /// `step` tips further.
    static func star(center c: Point, radius r: Float, points n: Int, step: Int) -> Path {
        var pts: [Point] = []
        for i in 0..<n {
            let a = Float(i * step) * 2 * .pi / Float(n) - .pi / 2
            pts.append(c + Point(Float(Math.cos(Double(a))), Float(Math.sin(Double(a)))) * r)
        }
        return polygon(pts)
    }
}

extension Canvas {
    func alpha(_ x: Int, _ y: Int) -> Int { Int(pixmap.pixel(x, y).a) }

    /// Sum of alpha over all pixels / 255: the covered area in pixels for an opaque paint.
    var coveredArea: Double {
        var s = 0.0
        for y in 0..<height { for x in 0..<width { s += Double(pixmap.pixel(x, y).a) } }
        return s / 255
    }
}

/// A deterministic pseudo-random generator so tests are reproducible.
typealias SeededGenerator = SplitMix64
