import XCTest
@testable import Raster

/// Numeric properties of the fill rasterizer: exact area coverage, fill rules, aliased
/// sampling, clipping and degenerate input.
final class CoverageTests: XCTestCase {
    let black = Paint.solid(.black)

    func testHalfCoveredPixelIsFiftyPercent() {
        let c = Canvas(width: 8, height: 8)
        c.fill(.rect(2.5, 1, 3, 4), rule: .nonZero, paint: black)
        XCTAssertEqual(c.alpha(2, 2), 128, accuracy: 1)   // left edge at x = 2.5
        XCTAssertEqual(c.alpha(5, 2), 128, accuracy: 1)   // right edge at x = 5.5
        XCTAssertEqual(c.alpha(3, 2), 255)
        XCTAssertEqual(c.alpha(1, 2), 0)
        XCTAssertEqual(c.alpha(6, 2), 0)
        // Horizontal half coverage, and a quarter at a corner.
        let d = Canvas(width: 8, height: 8)
        d.fill(.rect(1.5, 1.5, 4, 4), rule: .nonZero, paint: black)
        XCTAssertEqual(d.alpha(3, 1), 128, accuracy: 1)
        XCTAssertEqual(d.alpha(1, 1), 64, accuracy: 1)
        XCTAssertEqual(d.alpha(3, 3), 255)
    }

    func testDiagonalEdgeHalfCoversPixelsOnIt() {
        let c = Canvas(width: 16, height: 16)
        c.fill(.polygon([Point(0, 0), Point(16, 16), Point(0, 16)]), rule: .nonZero, paint: black)
        for i in 0..<16 { XCTAssertEqual(c.alpha(i, i), 128, accuracy: 1, "pixel \(i)") }
        XCTAssertEqual(c.alpha(2, 10), 255)
        XCTAssertEqual(c.alpha(10, 2), 0)
    }

    func testRandomPolygonAreaMatchesShoelace() {
        var rng = SeededGenerator(seed: 7)
        for trial in 0..<20 {
            // A star-shaped (simple) polygon around the centre.
            var pts: [Point] = []
            let n = Int.random(in: 3...30, using: &rng)
            for i in 0..<n {
                let a = Float(i) / Float(n) * 2 * .pi
                let r = Float.random(in: 5...30, using: &rng)
                pts.append(Point(32 + r * Float(Math.cos(Double(a))), 32 + r * Float(Math.sin(Double(a)))))
            }
            var area: Float = 0
            for i in 0..<n { let p = pts[i], q = pts[(i + 1) % n]; area += p.x * q.y - q.x * p.y }
            area = abs(area) / 2
            for rule in [FillRule.nonZero, .evenOdd] {
                let c = Canvas(width: 64, height: 64)
                c.fill(.polygon(pts), rule: rule, paint: black)
                XCTAssertEqual(c.coveredArea, Double(area), accuracy: Double(area) * 0.002 + 0.5, "trial \(trial)")
            }
        }
    }

    func testFillRulesOnSelfIntersectingStar() {
        let star = Path.star(center: Point(32, 32), radius: 28, points: 5, step: 2)
        let nz = Canvas(width: 64, height: 64), eo = Canvas(width: 64, height: 64)
        nz.fill(star, rule: .nonZero, paint: black)
        eo.fill(star, rule: .evenOdd, paint: black)
        XCTAssertEqual(nz.alpha(32, 32), 255)   // winding 2 in the middle pentagon
        XCTAssertEqual(eo.alpha(32, 32), 0)
        XCTAssertEqual(nz.alpha(32, 8), 255)    // a tip: winding 1
        XCTAssertEqual(eo.alpha(32, 8), 255)
    }

    func testOverlappingContoursNonZeroVsEvenOdd() {
        var p = Path.rect(4, 4, 20, 20)
        p.append(.rect(14, 14, 20, 20))
        let nz = Canvas(width: 40, height: 40), eo = Canvas(width: 40, height: 40)
        nz.fill(p, rule: .nonZero, paint: black)
        eo.fill(p, rule: .evenOdd, paint: black)
        XCTAssertEqual(nz.alpha(18, 18), 255)
        XCTAssertEqual(eo.alpha(18, 18), 0)
        XCTAssertEqual(nz.coveredArea, 700, accuracy: 0.5)
        XCTAssertEqual(eo.coveredArea, 600, accuracy: 0.5)
        // A reversed inner contour is a hole under both rules.
        var hole = Path.rect(4, 4, 30, 30)
        hole.append(.polygon([Point(10, 10), Point(10, 20), Point(20, 20), Point(20, 10)]))
        let h = Canvas(width: 40, height: 40)
        h.fill(hole, rule: .nonZero, paint: black)
        XCTAssertEqual(h.alpha(15, 15), 0)
        XCTAssertEqual(h.coveredArea, 800, accuracy: 0.5)
    }

    func testAliasedFillSamplesPixelCentres() {
        let c = Canvas(width: 10, height: 10)
        c.fill(.rect(2.4, 2.6, 3.2, 3), rule: .nonZero, paint: black, antialias: false)
        // Columns whose centre x+0.5 is in [2.4, 5.6): 2...5; rows with centre in [2.6, 5.6): 3...5.
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2...5).contains(x) && (3...5).contains(y)
                XCTAssertEqual(c.alpha(x, y), inside ? 255 : 0, "(\(x), \(y))")
            }
        }
    }

    func testEdgesLeftOfCanvasStillWind() {
        let c = Canvas(width: 20, height: 20)
        c.fill(.rect(-1000, 5, 1010.5, 10), rule: .nonZero, paint: black)
        XCTAssertEqual(c.alpha(0, 10), 255)
        XCTAssertEqual(c.alpha(9, 10), 255)
        XCTAssertEqual(c.alpha(10, 10), 128, accuracy: 1)
        XCTAssertEqual(c.alpha(11, 10), 0)
        XCTAssertEqual(c.coveredArea, 105, accuracy: 0.5)
    }

    func testHugeCoordinatesClipWithoutCostOrCrash() {
        let c = Canvas(width: 32, height: 32)
        // A triangle with vertices at ±1e9 whose edge crosses the canvas diagonally.
        c.fill(.polygon([Point(-1e9, -1e9), Point(1e9, 1e9), Point(-1e9, 1e9)]), rule: .nonZero, paint: black)
        for i in 0..<32 { XCTAssertEqual(c.alpha(i, i), 128, accuracy: 1) }
        XCTAssertEqual(c.alpha(3, 20), 255)
        XCTAssertEqual(c.alpha(20, 3), 0)
        // Everything far away: nothing drawn.
        let d = Canvas(width: 32, height: 32)
        d.fill(.rect(1e9, 1e9, 1e9, 1e9), rule: .nonZero, paint: black)
        d.fill(.rect(-3e38, -3e38, 1e38, 1e38), rule: .nonZero, paint: black)
        XCTAssertEqual(d.coveredArea, 0)
        // A rectangle covering everything, from ±3e38.
        let e = Canvas(width: 32, height: 32)
        e.fill(.rect(-3e38, -3e38, 3.4e38, 3.4e38), rule: .nonZero, paint: black)
        XCTAssertEqual(e.coveredArea, 1024, accuracy: 0.01)
    }

    func testDegenerateInputNeitherCrashesNorDraws() {
        let c = Canvas(width: 16, height: 16)
        var p = Path()
        p.move(to: 3, 3)                              // 1-vertex contour
        p.move(to: 5, 5); p.line(to: 5, 5); p.line(to: 5, 5); p.close()   // zero-length segments
        p.move(to: .nan, 2); p.line(to: 4, .infinity); p.line(to: -.infinity, .nan); p.close()
        c.fill(p, rule: .nonZero, paint: black)
        c.fill(p, rule: .evenOdd, paint: black, antialias: false)
        c.fill(Path(), rule: .nonZero, paint: black)
        XCTAssertEqual(c.coveredArea, 0)
        // Edges reaching the accumulator directly with NaN or infinite coordinates are dropped.
        let direct = CoverageBuffer()
        direct.configure(width: 16, height: 16)
        direct.beginBand(top: 0, rows: 16)
        for e in [SIMD4<Float>(1, 1, .nan, 5), SIMD4(.nan, 1, 3, 5), SIMD4(1, .infinity, 3, 5), SIMD4(-.infinity, 1, 3, 5), SIMD4(2, 3, 2, .nan)] {
            direct.addEdge(e, antialias: true)
            direct.addEdge(e, antialias: false)
        }
        direct.discard()
        // NaN vertices are skipped: the remaining square still fills.
        var q = Path()
        q.move(to: 2, 2); q.line(to: 10, 2); q.line(to: .nan, .nan); q.line(to: 10, 10); q.line(to: 2, 10); q.close()
        c.fill(q, rule: .nonZero, paint: black)
        XCTAssertEqual(c.coveredArea, 64, accuracy: 0.01)
    }

    func testExtremeParametersNeitherCrashNorHang() {
        for limit in [nil, 5] { extremes(bandRowLimit: limit) }
    }

    func extremes(bandRowLimit: Int?) {
        let c = Canvas(width: 32, height: 32)
        c.bandRowLimit = bandRowLimit
        let l = Path.polygon([Point(2, 2), Point(30, 16), Point(2, 30)], closed: false)
        c.drawCircle(center: Point(-1e30, 1e30), radius: 1e30, strokeWidth: 1e30, fill: .black, stroke: .white)
        c.drawCircle(center: Point(16, 16), radius: .infinity, strokeWidth: .nan, fill: .black, stroke: .white, blur: .nan)
        c.drawCircle(center: Point(.nan, 16), radius: 3, strokeWidth: 1, fill: .black, stroke: .white)
        c.fill(l, rule: .nonZero, paint: .solid(Color(r: .nan, g: 2, b: -1, a: .infinity)))
        c.fill(l, rule: .nonZero, paint: .solid(.black), opacity: .nan)
        c.fill(l, rule: .nonZero, paint: .solid(.black), transform: Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        c.fill(l, rule: .nonZero, paint: .solid(.black), transform: .scale(1e38, 1e38))
        c.drawImage(Pixmap(width: 2, height: 2), transform: .scale(1e-30, 1e30), filter: .bilinear)
        var wild = Path()
        wild.move(to: 0, 0); wild.cubic(control1: Point(3e38, -3e38), control2: Point(-3e38, 3e38), to: Point(20, 20)); wild.close()
        c.fill(wild, rule: .evenOdd, paint: .solid(.black))
        c.fill(.rect(0, 1e30, 10, 1e30), rule: .nonZero, paint: .solid(.black))
        c.fill(.rect(0, -3e38, 10, 1e30), rule: .nonZero, paint: .solid(.black))
    }

    func testCurvesFlattenWithinTolerance() {
        // A circle from four cubic arcs (kappa approximation, radial error < 0.03%).
        let r: Float = 20, k: Float = 0.5522847498 * 20
        var p = Path()
        p.move(to: 32 + r, 32)
        p.cubic(control1: Point(32 + r, 32 + k), control2: Point(32 + k, 32 + r), to: Point(32, 32 + r))
        p.cubic(control1: Point(32 - k, 32 + r), control2: Point(32 - r, 32 + k), to: Point(32 - r, 32))
        p.cubic(control1: Point(32 - r, 32 - k), control2: Point(32 - k, 32 - r), to: Point(32, 32 - r))
        p.cubic(control1: Point(32 + k, 32 - r), control2: Point(32 + r, 32 - k), to: Point(32 + r, 32))
        p.close()
        let c = Canvas(width: 64, height: 64)
        c.fill(p, rule: .nonZero, paint: black)
        // Chords lie inside a convex curve: flattening with tolerance 0.1 px loses at most
        // 2/3 · 0.1 px × perimeter of area (and the kappa circle is a hair outside r).
        let exact = Double.pi * 400
        XCTAssertLessThanOrEqual(c.coveredArea, exact + 0.5)
        XCTAssertGreaterThanOrEqual(c.coveredArea, exact - 2.0 / 3.0 * 0.1 * 2 * .pi * 20)
        // A quadratic: its area between chord and curve is 2/3 of the control triangle.
        var q = Path()
        q.move(to: 4, 40); q.quad(control: Point(32, 0), to: Point(60, 40)); q.close()
        let d = Canvas(width: 64, height: 64)
        d.fill(q, rule: .nonZero, paint: black)
        let parabola = 2.0 / 3.0 * 0.5 * 56 * 40
        XCTAssertLessThanOrEqual(d.coveredArea, parabola + 0.5)
        XCTAssertGreaterThanOrEqual(d.coveredArea, parabola - 0.1 * 80)
    }

    func testTallCanvasIsRasterizedInBands() {
        // 8208-cell rows leave room for ~127 rows per band: this fill spans many bands.
        let c = Canvas(width: 8190, height: 600)
        c.fill(.polygon([Point(0.5, 0.5), Point(8189.5, 599.5), Point(0.5, 599.5)]), rule: .nonZero, paint: black)
        let exact = 0.5 * 8189.0 * 599.0
        XCTAssertEqual(c.coveredArea, exact, accuracy: exact * 1e-4)
        XCTAssertEqual(c.alpha(10, 590), 255)
        XCTAssertEqual(c.alpha(8000, 10), 0)
    }

    func testBandedAndDirectRasterizationAgree() {
        // One canvas accumulates directly (the whole height is one band), the other is held
        // to 7-row bands, so it records edges and rasterizes band by band. Same pixels.
        func scene(_ c: Canvas) {
            c.clear(Color(rgb8: 240, 238, 232))
            c.fill(.star(center: Point(100, 150), radius: 140, points: 7, step: 3), rule: .evenOdd, paint: .solid(Color(rgb8: 60, 140, 90, alpha: 0.5)))
            c.fill(.star(center: Point(90, 160), radius: 120, points: 5, step: 2), rule: .nonZero, paint: .solid(.black), opacity: 0.8)
            c.fill(.rect(20, 20, 60, 260), rule: .nonZero, paint: .solid(.white), opacity: 0.5, antialias: false)
        }
        let tall = Canvas(width: 200, height: 300), small = Canvas(width: 200, height: 300)
        tall.bandRowLimit = 7
        scene(tall); scene(small)
        for y in 0..<300 {
            for x in 0..<200 where tall.pixmap.pixel(x, y) != small.pixmap.pixel(x, y) {
                XCTFail("pixel (\(x), \(y)) differs: \(tall.pixmap.pixel(x, y)) vs \(small.pixmap.pixel(x, y))"); return
            }
        }
    }

    func testTransformAppliesToPath() {
        let c = Canvas(width: 32, height: 32)
        let t = Transform.scale(2, 2).then(.translation(4, 6))
        c.fill(.rect(0, 0, 5, 5), rule: .nonZero, paint: black, transform: t)
        XCTAssertEqual(c.coveredArea, 100, accuracy: 0.01)
        XCTAssertEqual(c.alpha(4, 6), 255)
        XCTAssertEqual(c.alpha(3, 6), 0)
        XCTAssertEqual(c.alpha(13, 15), 255)
        XCTAssertEqual(c.alpha(14, 16), 0)
    }
}
