import XCTest
@testable import Raster

/// Discs that cover the whole canvas evenly are composed by `UniformOverStack` instead of
/// drawn one by one; the bytes must be exactly those of drawing them.
final class UniformOverTests: XCTestCase {
    /// A canvas with every channel value somewhere (premultiplied: colour ≤ alpha).
    func gradientCanvas(_ w: Int = 64, _ h: Int = 64) -> Canvas {
        let c = Canvas(width: w, height: h)
        c.withUnsafeMutablePixels { px in
            for i in px.indices {
                let a = UInt32((i * 7) & 255), r = UInt32(i & 255) % (a + 1), g = UInt32((i * 3) & 255) % (a + 1)
                px[i] = r | g << 8 | (a / 2) << 16 | a << 24
            }
        }
        return c
    }

    func testStackEqualsSequentialBlends() {
        let colours: [UInt32] = [0x8040_2010, 0xFF00_FF00, 0x0100_0001, 0x7F7F_7F7F, 0x0000_0000, 0x4010_2030]
        for n in 1...colours.count {
            let expected = gradientCanvas(), actual = gradientCanvas()
            var stack = UniformOverStack()
            for s in colours.prefix(n) {
                expected.withUnsafeMutablePixels { px in for i in px.indices { px[i] = PixelMath.over(s, px[i]) } }
                stack.push(s)
            }
            stack.apply(to: actual)
            XCTAssertEqual(actual.pixmap.data, expected.pixmap.data, "\(n) blends")
            XCTAssertEqual(stack.count, 0)
        }
    }

    /// Long runs of one colour settle (a push that changes no entry is skipped after): the
    /// bytes stay those of every blend drawn, for opaque, faint and alternating colours.
    func testLongRunsEqualSequentialBlends() {
        let runs: [[UInt32]] = [
            Array(repeating: 0xFF00_00FF, count: 50),
            Array(repeating: 0x0303_0303, count: 600),
            Array(repeating: 0x0101_0101, count: 300) + Array(repeating: 0x8040_2010, count: 40),
            (0..<400).map { $0 % 3 == 0 ? 0x0202_0002 : 0x0400_0404 },
        ]
        for (n, colours) in runs.enumerated() {
            let expected = gradientCanvas(), actual = gradientCanvas()
            var stack = UniformOverStack()
            for s in colours {
                expected.withUnsafeMutablePixels { px in for i in px.indices { px[i] = PixelMath.over(s, px[i]) } }
                stack.push(s)
            }
            XCTAssertEqual(stack.count, colours.count)
            stack.apply(to: actual)
            XCTAssertEqual(actual.pixmap.data, expected.pixmap.data, "run \(n)")
        }
    }

    func testUniformDiscsMatchTheirDrawing() {
        let fill = Color(r: 0.2, g: 0.6, b: 0.9, a: 0.4), ring = Color(r: 1, g: 0, b: 0, a: 0.7)
        // (centre, radius, stroke, blur): tile-covering fills, a covering stroke ring, a blur
        // so wide that the disc is nearly transparent everywhere.
        let cases: [(Point, Float, Float, Float)] = [
            (Point(32, 32), 1e7, 0, 0), (Point(-5e6, 3e6), 1e7, 2, 0), (Point(32, 32 + 1e6), 10, 1e7, 0),
            (Point(10, 10), 1e7, 0, 1e7), (Point(32, 32), 1e4, 0, 0.5),
        ]
        for (kernelMode, (center, radius, stroke, blur)) in [KernelMode.simd, .scalar].flatMap({ m in cases.map { (m, $0) } }) {
            let drawn = gradientCanvas(), composed = gradientCanvas()
            drawn.kernelMode = kernelMode
            drawn.drawCircle(center: center, radius: radius, strokeWidth: stroke, fill: fill, stroke: ring, blur: blur)
            var stack = UniformOverStack()
            composed.drawCircle(center: center, radius: radius, strokeWidth: stroke, fill: fill, stroke: ring, blur: blur,
                                composing: &stack)
            XCTAssertEqual(composed.pixmap.data, gradientCanvas().pixmap.data,
                           "\(center) r=\(radius) covers the canvas evenly: composed, not drawn")
            stack.apply(to: composed)
            XCTAssertEqual(composed.pixmap.data, drawn.pixmap.data, "\(center) r=\(radius) s=\(stroke) b=\(blur) \(kernelMode)")
        }
    }

    func testDiscsWithAnEdgeInTheCanvasAreNotUniform() {
        let blank = Canvas(width: 64, height: 64).pixmap.data
        /// Draws through a stack; returns the blends left pending and whether pixels changed.
        func compose(_ center: Point, _ radius: Float, _ stroke: Float, blur: Float = 0, ring: Color = .black) -> (Int, Bool) {
            let c = Canvas(width: 64, height: 64)
            var stack = UniformOverStack()
            c.drawCircle(center: center, radius: radius, strokeWidth: stroke, fill: .black, stroke: ring, blur: blur, composing: &stack)
            return (stack.count, c.pixmap.data != blank)
        }
        XCTAssertTrue(compose(Point(32, 32), 20, 0) == (0, true))
        XCTAssertTrue(compose(Point(32, 32), 100, 0, blur: 0.9) == (0, true))
        XCTAssertTrue(compose(Point(-100, 32), 120, 0) == (0, true))
        // A ring whose inner edge crosses the canvas.
        XCTAssertTrue(compose(Point(32, 32), 10, 1e6, ring: .white) == (0, true))
        // Far away: nothing to draw, nothing pending.
        XCTAssertTrue(compose(Point(1e6, 1e6), 5, 0) == (0, false))
    }
}
