import XCTest
@testable import Raster

/// The depth-tested perspective rasterizer behind 3D extrusions: GL's depth test, near and
/// far clipping in clip coordinates, perspective-correct colours and the pixel-centre rule.
final class DepthTrianglesTests: XCTestCase {
    let red = SIMD4<Float>(1, 0, 0, 1), blue = SIMD4<Float>(0, 0, 1, 1)

    /// A screen-space triangle at constant depth w, as clip coordinates (X·w, Y·w, w).
    func flat(_ pts: [SIMD2<Double>], w: Double) -> [SIMD3<Double>] { pts.map { SIMD3($0.x * w, $0.y * w, w) } }

    func draw(_ p: [SIMD3<Double>], _ c: SIMD4<Float>, test: DepthTest, _ depth: DepthBuffer, _ canvas: Canvas,
              near: Double = 1, far: Double = 1000) -> Int {
        DepthTriangles.drawTriangle(p[0], p[1], p[2], colors: c, c, c, near: near, far: far, test: test, depth: depth, canvas: canvas)
    }

    func testNearerTriangleWinsWhicheverIsDrawnFirst() {
        let tri: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(16, 0), SIMD2(0, 16)]
        for test in [DepthTest.less, .lessOrEqual] {
            for nearFirst in [true, false] {
                let canvas = Canvas(width: 16, height: 16), depth = DepthBuffer(width: 16, height: 16)
                let nearTri = flat(tri, w: 10), farTri = flat(tri, w: 20)
                if nearFirst {
                    XCTAssertGreaterThan(draw(nearTri, red, test: test, depth, canvas), 0)
                    XCTAssertEqual(draw(farTri, blue, test: test, depth, canvas), 0, "the farther one is hidden")
                } else {
                    XCTAssertGreaterThan(draw(farTri, blue, test: test, depth, canvas), 0)
                    XCTAssertGreaterThan(draw(nearTri, red, test: test, depth, canvas), 0)
                }
                XCTAssertEqual(canvas.pixmap.pixel(3, 3), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), "\(test) nearFirst \(nearFirst)")
                XCTAssertEqual(depth.reciprocalDepth(3, 3), 0.1, accuracy: 1e-6)
            }
        }
    }

    func testEqualDepthsLessKeepsTheFirstLequalTheLast() {
        let tri = flat([SIMD2(0, 0), SIMD2(8, 0), SIMD2(0, 8)], w: 5)
        for (test, expected) in [(DepthTest.less, red), (.lessOrEqual, blue)] {
            let canvas = Canvas(width: 8, height: 8), depth = DepthBuffer(width: 8, height: 8)
            _ = draw(tri, red, test: test, depth, canvas)
            _ = draw(tri, blue, test: test, depth, canvas)
            let p = canvas.pixmap.pixel(1, 1)
            XCTAssertEqual(p, PremultipliedRGBA8(r: UInt8(expected.x * 255), g: 0, b: UInt8(expected.z * 255), a: 255))
        }
    }

    func testNearAndFarPlanesClip() {
        let square: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(32, 0), SIMD2(0, 32)]
        let canvas = Canvas(width: 32, height: 32), depth = DepthBuffer(width: 32, height: 32)
        XCTAssertEqual(draw(flat(square, w: 0.5), red, test: .less, depth, canvas, near: 1), 0, "nearer than near")
        XCTAssertEqual(draw(flat(square, w: 2000), red, test: .less, depth, canvas, far: 1000), 0, "beyond far")
        // A triangle whose 1/w runs from 2 (top, w 0.5) to 0.4 (row 32, w 2.5) as 1/w = 2 − y/20;
        // at near 1 only the rows whose centres have w ≥ 1, y + 0.5 ≥ 20, are drawn.
        let tri = [SIMD3(0.0, 0, 0.5), SIMD3(80.0, 80, 2.5), SIMD3(0.0, 80, 2.5)]
        XCTAssertGreaterThan(draw(tri, red, test: .less, depth, canvas, near: 1), 0)
        for y in 0..<32 {
            for x in 0..<32 where canvas.pixmap.pixel(x, y).a > 0 {
                XCTAssertGreaterThanOrEqual(y, 20, "pixel (\(x), \(y)) is nearer than the near plane")
                XCTAssertLessThanOrEqual(Double(depth.reciprocalDepth(x, y)), 1 + 1e-6)
            }
        }
        XCTAssertEqual(canvas.pixmap.pixel(2, 25).a, 255, "beyond the near plane the triangle is drawn")
        XCTAssertEqual(canvas.pixmap.pixel(2, 20).a, 255)
        XCTAssertEqual(canvas.pixmap.pixel(2, 15).a, 0, "in front of it, not")
    }

    func testColoursArePerspectiveCorrect() {
        // A quad whose left half is near (w 1) and right half far (w 3): the colour, linear in
        // 3D from red (left) to blue (right), is halfway where 1/w is halfway, not at the
        // middle of the screen.
        func point(_ x: Double, _ y: Double, _ w: Double) -> SIMD3<Double> { SIMD3(x * w, y * w, w) }
        let a = point(0, 0, 1), b = point(64, 0, 3), c = point(0, 4, 1)
        guard let plane = PerspectivePlane(a, b, c, colors: red, blue, red) else { return XCTFail("plane") }
        let canvas = Canvas(width: 64, height: 4), depth = DepthBuffer(width: 64, height: 4)
        let quad = [a, b, point(64, 4, 3), c]
        XCTAssertGreaterThan(DepthTriangles.drawConvex(quad, plane: plane, near: 0.1, far: 10, test: .less, depth: depth, canvas: canvas), 0)
        // The 3D midpoint (w = 2) is where 1/w = 1/2: screen x with 1/w = 1 − (2/3)(x/64) → x = 48.
        let mid = canvas.pixmap.pixel(47, 1), left = canvas.pixmap.pixel(0, 1)
        // At x = 47.5: r = (1 − x/64) / (1 − x/96) = 0.510, b = (x/192) / (1 − x/96) = 0.490.
        XCTAssertEqual(Int(mid.r), 130, accuracy: 1); XCTAssertEqual(Int(mid.b), 125, accuracy: 1)
        XCTAssertGreaterThan(left.r, 250)
    }

    func testRingsFillByPixelCentresWithHoles() {
        let outer: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10), SIMD2(0, 10)]
        let hole: [SIMD2<Double>] = [SIMD2(3, 3), SIMD2(3, 7), SIMD2(7, 7), SIMD2(7, 3)]
        let rings = [outer, hole].map { $0.map { SIMD3($0.x * 4, $0.y * 4, 4.0) } }
        guard let plane = PerspectivePlane(rings[0][0], rings[0][1], rings[0][2], colors: red, red, red) else { return XCTFail() }
        let canvas = Canvas(width: 12, height: 12), depth = DepthBuffer(width: 12, height: 12)
        let n = DepthTriangles.drawRings(rings, plane: plane, near: 1, far: 10, test: .less, depth: depth, canvas: canvas)
        XCTAssertEqual(n, 100 - 16, "10×10 centres less the 4×4 hole")
        XCTAssertEqual(canvas.pixmap.pixel(5, 5).a, 0)
        XCTAssertEqual(canvas.pixmap.pixel(9, 9).a, 255)
        XCTAssertEqual(canvas.pixmap.pixel(10, 5).a, 0)
    }
}
