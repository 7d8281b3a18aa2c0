import XCTest
@testable import Raster

/// Every SIMD kernel against its scalar twin, bit for bit, on random data (including the
/// all-zero / all-full mask fast paths and odd lengths that exercise the scalar tails).
final class KernelTests: XCTestCase {
    var rng = SeededGenerator(seed: 42)

    /// A random valid premultiplied pixel.
    func randomPixel() -> UInt32 {
        let a = UInt32.random(in: 0...255, using: &rng)
        if Bool.random(using: &rng) && a > 200 { return 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng) }
        let r = UInt32.random(in: 0...a, using: &rng), g = UInt32.random(in: 0...a, using: &rng), b = UInt32.random(in: 0...a, using: &rng)
        return r | g << 8 | b << 16 | a << 24
    }

    func randomMask(_ n: Int) -> [UInt8] {
        var m = [UInt8](repeating: 0, count: n)
        var i = 0
        while i < n {   // runs of zero, full and random coverage
            let len = Int.random(in: 1...12, using: &rng)
            let kind = Int.random(in: 0..<3, using: &rng)
            for j in i..<min(n, i + len) { m[j] = kind == 0 ? 0 : kind == 1 ? 255 : UInt8.random(in: 0...255, using: &rng) }
            i += len
        }
        return m
    }

    func compare(_ name: String, _ simd: (UnsafeMutablePointer<UInt32>, Int) -> Void, _ scalar: (UnsafeMutablePointer<UInt32>, Int) -> Void) {
        for n in [0, 1, 7, 8, 9, 16, 31, 64, 257] {
            let dst = (0..<n).map { _ in randomPixel() }
            var a = dst, b = dst
            a.withUnsafeMutableBufferPointer { simd($0.baseAddress!, n) }
            b.withUnsafeMutableBufferPointer { scalar($0.baseAddress!, n) }
            XCTAssertEqual(a, b, "\(name) n=\(n)")
        }
    }

    func testSolidMaskKernelMatchesScalar() {
        for _ in 0..<50 {
            let color = randomPixel()
            let mask = randomMask(257)
            mask.withUnsafeBufferPointer { m in
                compare("solidMask", { BlendKernels.solidMask($0, $1, color: color, mask: m.baseAddress!) },
                        { BlendKernels.solidMaskScalar($0, $1, color: color, mask: m.baseAddress!) })
            }
        }
    }

    func testSolidConstKernelMatchesScalar() {
        for _ in 0..<50 {
            let color = randomPixel()
            compare("solidConst", { BlendKernels.solidConst($0, $1, color: color) },
                    { BlendKernels.solidConstScalar($0, $1, color: color) })
        }
    }

    func testSpanKernelsMatchScalar() {
        for _ in 0..<50 {
            let src = (0..<257).map { _ in randomPixel() }
            let mask = randomMask(257)
            let alpha = UInt8.random(in: 0...255, using: &rng)
            src.withUnsafeBufferPointer { s in
                mask.withUnsafeBufferPointer { m in
                    compare("spanMask", { BlendKernels.spanMask($0, $1, src: s.baseAddress!, mask: m.baseAddress!) },
                            { BlendKernels.spanMaskScalar($0, $1, src: s.baseAddress!, mask: m.baseAddress!) })
                    compare("spanConst", { BlendKernels.spanConst($0, $1, src: s.baseAddress!, alpha: alpha) },
                            { BlendKernels.spanConstScalar($0, $1, src: s.baseAddress!, alpha: alpha) })
                }
            }
            compare("scaleSpan", { BlendKernels.scaleSpan($0, $1, alpha: alpha) }, { BlendKernels.scaleSpanScalar($0, $1, alpha: alpha) })
        }
    }

    func testPixelMathIsExactRounding() {
        // div255 pairs and scaling against the reference formula round(c·f/255).
        for c in stride(from: 0, through: 255, by: 3) {
            for f in 0...255 {
                let px = UInt32(c) | UInt32(255 - c) << 8 | UInt32(c / 2) << 16 | 255 << 24
                let s = PixelMath.scale(px, by: UInt32(f))
                func ref(_ v: Int) -> UInt32 { UInt32((Double(v * f) / 255).rounded()) }
                XCTAssertEqual(s & 0xFF, ref(c))
                XCTAssertEqual((s >> 8) & 0xFF, ref(255 - c))
                XCTAssertEqual((s >> 16) & 0xFF, ref(c / 2))
                XCTAssertEqual(s >> 24, ref(255))
            }
        }
        // Source-over of opaque over anything is the source; transparent leaves dst.
        XCTAssertEqual(PixelMath.over(0xFF10_2030, 0x8040_4040), 0xFF10_2030)
        XCTAssertEqual(PixelMath.over(0, 0x8040_4040), 0x8040_4040)
    }

    func testCoverageBlockKernelMatchesScalar() {
        for evenOdd in [false, true] {
            for _ in 0..<200 {
                var cells = (0..<16).map { _ in Int32.random(in: -300_000...300_000, using: &rng) }
                var cells2 = cells
                var acc1 = Int32.random(in: -400_000...400_000, using: &rng), acc2 = acc1
                var out1 = [UInt8](repeating: 0, count: 16), out2 = out1
                cells.withUnsafeMutableBufferPointer { c in
                    out1.withUnsafeMutableBufferPointer {
                        if evenOdd {
                            CoverageKernels.block(c.baseAddress!, &acc1, $0.baseAddress!, rule: CoverageKernels.EvenOdd.self)
                        } else {
                            CoverageKernels.block(c.baseAddress!, &acc1, $0.baseAddress!, rule: CoverageKernels.NonZero.self)
                        }
                    }
                }
                cells2.withUnsafeMutableBufferPointer { c in
                    out2.withUnsafeMutableBufferPointer {
                        if evenOdd {
                            CoverageKernels.blockScalar(c.baseAddress!, &acc2, $0.baseAddress!, rule: CoverageKernels.EvenOdd.self)
                        } else {
                            CoverageKernels.blockScalar(c.baseAddress!, &acc2, $0.baseAddress!, rule: CoverageKernels.NonZero.self)
                        }
                    }
                }
                XCTAssertEqual(out1, out2)
                XCTAssertEqual(acc1, acc2)
                XCTAssertEqual(cells, [Int32](repeating: 0, count: 16))
                XCTAssertEqual(cells2, [Int32](repeating: 0, count: 16))
            }
        }
    }

    func testCoverageAlphaRule() {
        let full = CoverageBuffer.fullCoverage
        XCTAssertEqual(CoverageKernels.alpha(full / 2, evenOdd: false), 128)
        XCTAssertEqual(CoverageKernels.alpha(-full, evenOdd: false), 255)
        XCTAssertEqual(CoverageKernels.alpha(3 * full, evenOdd: false), 255)
        XCTAssertEqual(CoverageKernels.alpha(2 * full, evenOdd: true), 0)
        XCTAssertEqual(CoverageKernels.alpha(3 * full, evenOdd: true), 255)
        XCTAssertEqual(CoverageKernels.alpha(-3 * full / 2, evenOdd: true), 128)
    }

    func testCircleKernelMatchesScalar() {
        for _ in 0..<40 {
            let k = CircleKernel(cx: Float.random(in: 0...32, using: &rng), cy: Float.random(in: 0...32, using: &rng),
                                 invR: 1 / Float.random(in: 0.3...20, using: &rng), aa: -Float.random(in: 0.01...0.9, using: &rng),
                                 innerEdge: Float.random(in: 0...1, using: &rng), hasStroke: Bool.random(using: &rng),
                                 fill: SIMD4(0.2, 0.1, 0.3, 0.5), stroke: SIMD4(1, 1, 1, 1))
            let y = Int.random(in: 0..<32, using: &rng)
            compare("circle", { k.row($0, y: y, x0: 0, x1: $1, limit: $1) }, { k.rowScalar($0, y: y, x0: 0, x1: $1) })
        }
    }

    func testWholeRendersAgreeBetweenSIMDAndScalar() {
        func render(_ mode: KernelMode) -> [UInt8] {
            let c = Canvas(width: 97, height: 61)
            c.kernelMode = mode
            c.clear(Color(rgb8: 240, 238, 232))
            c.fill(.star(center: Point(48, 30), radius: 28, points: 7, step: 3), rule: .evenOdd, paint: .solid(Color(rgb8: 60, 140, 90, alpha: 0.5)))
            c.fill(.star(center: Point(40, 33), radius: 25, points: 5, step: 2), rule: .evenOdd,
                   paint: .solid(Color(rgb8: 42, 75, 124, alpha: 0.8)))
            c.drawCircle(center: Point(70.3, 20.7), radius: 6, strokeWidth: 2, fill: Color(rgb8: 214, 39, 40), stroke: .white)
            var img = Pixmap(width: 4, height: 4)
            for i in 0..<16 { img.setPixel(i % 4, i / 4, PremultipliedRGBA8(r: UInt8(i * 15), g: 0, b: 128, a: 200)) }
            c.fill(.rect(5, 5, 40, 20), rule: .nonZero,
                   paint: .pattern(Pattern(image: img, transform: .scale(3, 3).then(.rotation(0.3)), filter: .bilinear)), opacity: 0.7)
            return c.pixmap.data
        }
        XCTAssertEqual(render(.simd), render(.scalar))
    }
}
