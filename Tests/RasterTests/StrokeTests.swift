import XCTest
@testable import Raster

/// Numeric properties of the stroker: widths, caps, joins, single coverage, hairlines,
/// dashes, offsets and blur.
final class StrokeTests: XCTestCase {
    let black = Paint.solid(.black)

    func line(_ pts: [Point]) -> Path { .polygon(pts, closed: false) }

    func area(_ path: Path, _ style: StrokeStyle, size: Int = 64) -> Double {
        let c = Canvas(width: size, height: size)
        c.stroke(path, style: style, paint: black)
        return c.coveredArea
    }

    func testWidthAndCaps() {
        let l = line([Point(10, 20), Point(50, 20)])
        XCTAssertEqual(area(l, StrokeStyle(width: 4)), 160, accuracy: 0.05)
        XCTAssertEqual(area(l, StrokeStyle(width: 4, cap: .square)), 176, accuracy: 0.05)
        // Round pieces are polygons within 0.05 px of the circle: the area may fall short by
        // a few hundredths of a pixel per pixel of arc.
        XCTAssertEqual(area(l, StrokeStyle(width: 4, cap: .round)), 160 + .pi * 4, accuracy: 0.25)
        // Edge rows of a 3 px line centred on a pixel boundary are half covered.
        let c = Canvas(width: 64, height: 64)
        c.stroke(l, style: StrokeStyle(width: 3), paint: black)
        XCTAssertEqual(c.alpha(30, 18), 128, accuracy: 1)
        XCTAssertEqual(c.alpha(30, 19), 255)
        XCTAssertEqual(c.alpha(30, 20), 255)
        XCTAssertEqual(c.alpha(30, 21), 128, accuracy: 1)
        XCTAssertEqual(c.alpha(30, 22), 0)
    }

    func testJoinAreas() {
        let l = line([Point(10, 10), Point(40, 10), Point(40, 40)])
        XCTAssertEqual(area(l, StrokeStyle(width: 6, join: .miter)), 360, accuracy: 0.05)
        XCTAssertEqual(area(l, StrokeStyle(width: 6, join: .bevel)), 355.5, accuracy: 0.05)
        XCTAssertEqual(area(l, StrokeStyle(width: 6, join: .round)), 351 + .pi * 9 / 4, accuracy: 0.1)
        // A sharp turn: the miter (length 1/sin(θ/2) ≈ 10 half widths) exceeds the limit 2
        // and becomes a bevel; with limit 20 it stays a miter and covers more.
        let sharp = line([Point(5, 30), Point(55, 25), Point(5, 20)])
        let bevel = area(sharp, StrokeStyle(width: 4, join: .bevel))
        XCTAssertEqual(area(sharp, StrokeStyle(width: 4, join: .miter, miterLimit: 2)), bevel, accuracy: 0.01)
        XCTAssertGreaterThan(area(sharp, StrokeStyle(width: 4, join: .miter, miterLimit: 20)), bevel + 5)
        // Round limit: a shallow round join becomes a miter.
        let shallow = line([Point(5, 30), Point(30, 30), Point(55, 27)])
        XCTAssertEqual(area(shallow, StrokeStyle(width: 8, join: .round, roundLimit: 1.05)),
                       area(shallow, StrokeStyle(width: 8, join: .miter)), accuracy: 0.01)
    }

    func testSelfOverlapIsBlendedOnce() {
        // A zigzag that folds back over itself and a closed star with crossing segments,
        // drawn at 50 % opacity: no pixel may get more than 50 %.
        let zigzag = line([Point(5, 10), Point(58, 12), Point(6, 16), Point(57, 20), Point(20, 8), Point(30, 40)])
        let star = Path.star(center: Point(32, 32), radius: 28, points: 5, step: 2)
        for join in [LineJoin.round, .miter, .bevel] {
            let a = Canvas(width: 64, height: 64), b = Canvas(width: 64, height: 64)
            a.stroke(zigzag, style: StrokeStyle(width: 5, join: join, cap: .round, miterLimit: 4), paint: black, opacity: 0.5)
            b.stroke(star, style: StrokeStyle(width: 4, join: join), paint: .solid(Color(r: 0, g: 0, b: 0, a: 0.5)))
            for c in [a, b] {
                var maxAlpha = 0
                for y in 0..<64 { for x in 0..<64 { maxAlpha = max(maxAlpha, c.alpha(x, y)) } }
                XCTAssertEqual(maxAlpha, 128, accuracy: 1, "\(join)")
            }
        }
    }

    func testHairlineCoverageScalesWithWidth() {
        for w: Float in [0.1, 0.25, 0.5, 0.9] {
            let c = Canvas(width: 64, height: 64)
            c.stroke(line([Point(10, 10.5), Point(50, 10.5)]), style: StrokeStyle(width: w), paint: black)
            XCTAssertEqual(c.alpha(30, 10), Int((w * 255).rounded()), accuracy: 1, "width \(w)")
            XCTAssertEqual(c.alpha(30, 9), 0)
            XCTAssertEqual(c.coveredArea, 40 * Double(w), accuracy: 0.2)
        }
        // A diagonal hairline keeps its total coverage proportional to length × width.
        let c = Canvas(width: 64, height: 64)
        c.stroke(line([Point(5, 5), Point(55, 45)]), style: StrokeStyle(width: 0.5), paint: black)
        XCTAssertEqual(c.coveredArea, (50.0 * 50 + 40 * 40).squareRoot() * 0.5, accuracy: 0.5)
    }

    func testDashes() {
        let l = line([Point(0, 20), Point(100, 20)])
        let c = Canvas(width: 100, height: 40)
        c.stroke(l, style: StrokeStyle(width: 2, dashes: [10, 10]), paint: black)
        XCTAssertEqual(c.coveredArea, 100, accuracy: 0.05)
        for x in 0..<100 { XCTAssertEqual(c.alpha(x, 19), (x / 10) % 2 == 0 ? 255 : 0, "x=\(x)") }
        // Offset shifts the pattern: starting 5 into the first dash.
        c.reset(width: 100, height: 40)
        c.stroke(l, style: StrokeStyle(width: 2, dashes: [10, 10], dashOffset: 5), paint: black)
        for x in 0..<100 { XCTAssertEqual(c.alpha(x, 19), ((x + 5) / 10) % 2 == 0 ? 255 : 0, "x=\(x)") }
        // Zero-length dashes with round caps are dots.
        c.reset(width: 100, height: 40)
        c.stroke(l, style: StrokeStyle(width: 4, cap: .round, dashes: [0, 20]), paint: black)
        // Dots at x = 0 (half outside the canvas), 20, 40, 60 and 80.
        XCTAssertEqual(c.coveredArea, Double.pi * 4 * 4.5, accuracy: 1.2)
        XCTAssertEqual(c.alpha(40, 20), 255)
        XCTAssertEqual(c.alpha(50, 20), 0)
        // Odd-length arrays repeat ([5] = 5 on, 5 off); a tiny period draws solid.
        XCTAssertEqual(area(l, StrokeStyle(width: 2, dashes: [5]), size: 100), 100, accuracy: 0.05)
        XCTAssertEqual(area(l, StrokeStyle(width: 2, dashes: [0.01, 0.01]), size: 100), 200, accuracy: 0.05)
        // Dashes follow the distance along a polyline, through its corners.
        let corner = line([Point(10, 10), Point(40, 10), Point(40, 40)])
        XCTAssertEqual(area(corner, StrokeStyle(width: 2, dashes: [6, 4])), 0.6 * 120, accuracy: 1)
    }

    func testOffsetMovesLineRightOfTravel() {
        let c = Canvas(width: 64, height: 64)
        c.stroke(line([Point(10, 20), Point(50, 20)]), style: StrokeStyle(width: 2, offset: 5), paint: black)
        XCTAssertEqual(c.alpha(30, 24), 255)
        XCTAssertEqual(c.alpha(30, 25), 255)
        XCTAssertEqual(c.alpha(30, 20), 0)
        c.reset(width: 64, height: 64)
        c.stroke(line([Point(50, 20), Point(10, 20)]), style: StrokeStyle(width: 2, offset: 5), paint: black)
        XCTAssertEqual(c.alpha(30, 14), 255)
        XCTAssertEqual(c.alpha(30, 24), 0)
        // A square drawn clockwise on screen has its right side inside: it shrinks; drawn
        // the other way round it grows.
        let sq = Path.polygon([Point(20, 20), Point(40, 20), Point(40, 40), Point(20, 40)])
        let ccw = Path.polygon([Point(20, 20), Point(20, 40), Point(40, 40), Point(40, 20)])
        XCTAssertEqual(area(sq, StrokeStyle(width: 2)), 4 * 20 * 2, accuracy: 0.1)
        XCTAssertEqual(area(sq, StrokeStyle(width: 2, offset: 3)), 4 * 14 * 2, accuracy: 0.1)
        XCTAssertEqual(area(ccw, StrokeStyle(width: 2, offset: 3)), 4 * 26 * 2, accuracy: 0.1)
    }

    func testClosedContourHasNoCaps() {
        let sq = Path.polygon([Point(20, 20), Point(40, 20), Point(40, 40), Point(20, 40)])
        for cap in [LineCap.butt, .round, .square] {
            XCTAssertEqual(area(sq, StrokeStyle(width: 4, join: .miter, cap: cap)), 24 * 24 - 16 * 16, accuracy: 0.05)
        }
    }

    func testBlurFollowsMapLibreProfile() {
        // width 4, blur 2: alpha(d) = clamp((2.5 − d) / 3) at pixel centres.
        let c = Canvas(width: 64, height: 64)
        c.stroke(line([Point(0, 32), Point(64, 32)]), style: StrokeStyle(width: 4, blur: 2), paint: black)
        for (row, d) in [(31, 0.5), (32, 0.5), (30, 1.5), (33, 1.5), (29, 2.5), (34, 2.5)] {
            let expected = max(0, min(1, (2.5 - d) / 3)) * 255
            XCTAssertEqual(Double(c.alpha(20, row)), expected, accuracy: 26, "row \(row)")
        }
        // The blurred line carries the same total ink as the profile's integral (≈ width).
        XCTAssertEqual(c.coveredArea / 64, 2 * (2.5 - 1.5), accuracy: 0.4)
    }

    func testStrokeUnderTransformUsesDeviceWidth() {
        let c = Canvas(width: 64, height: 64)
        c.stroke(line([Point(1, 1), Point(5, 1)]), style: StrokeStyle(width: 2), paint: black, transform: .scale(10, 10))
        XCTAssertEqual(c.coveredArea, 80, accuracy: 0.05)
    }

    func testFarAwayAndHugeStrokes() {
        let c = Canvas(width: 64, height: 64)
        // A line from −1e9 to 1e9 through the canvas at y = 32.
        c.stroke(line([Point(-1e9, 32), Point(1e9, 32)]), style: StrokeStyle(width: 2, join: .round, dashes: [4, 4]), paint: black)
        XCTAssertEqual(c.coveredArea, 64, accuracy: 0.1)
        c.reset(width: 64, height: 64)
        // The diagonal band |x − y| ≤ √2 inside the 64 px square.
        c.stroke(line([Point(-1e9, -1e9), Point(1e9, 1e9)]), style: StrokeStyle(width: 2), paint: black)
        XCTAssertEqual(c.coveredArea, 64 * 64 - (64 - 2.0.squareRoot()) * (64 - 2.0.squareRoot()), accuracy: 0.5)
        c.reset(width: 64, height: 64)
        c.stroke(line([Point(1e20, 5), Point(2e20, 5), Point(1e20, 9)]), style: StrokeStyle(width: 2, join: .round), paint: black)
        XCTAssertEqual(c.coveredArea, 0)
    }
}
