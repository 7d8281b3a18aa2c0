import Raster
import SplitMix
import XCTest
import SourceData
@testable import Renderer

/// The triangle rasterizer's coverage rules: pixel centres, the edge rule that gives every
/// pixel on a shared edge to exactly one triangle, and clipping to tile squares.
final class LinesRasterizerTests: XCTestCase {
    /// Counts how often each pixel is drawn.
    struct CountingShader: SpanShader {
        var counts: [Int]
        let width: Int
        mutating func shade(row y: Int, from x0: Int, through x1: Int) {
            for x in x0...x1 { counts[y * width + x] += 1 }
        }
    }

    private func counter(_ w: Int, _ h: Int) -> CountingShader { CountingShader(counts: [Int](repeating: 0, count: w * h), width: w) }

    func testFullScreenQuadCoversEveryPixelOnce() {
        let w = 37, h = 23
        var s = counter(w, h)
        let clip = PixelClip(width: w, height: h)
        let a = SIMD2<Float>(0, 0), b = SIMD2<Float>(Float(w), 0), c = SIMD2<Float>(Float(w), Float(h)), d = SIMD2<Float>(0, Float(h))
        XCTAssertTrue(RasterTriangle.draw(a, b, c, clip: clip, into: &s))
        XCTAssertTrue(RasterTriangle.draw(a, c, d, clip: clip, into: &s))
        XCTAssertEqual(s.counts, [Int](repeating: 1, count: w * h))
    }

    func testJitteredMeshCoversItsInteriorExactlyOnce() {
        // A lattice with vertices on pixel centres, pixel corners and random positions, each
        // cell split into two triangles of both windings: inside the mesh every pixel is drawn
        // exactly once, however the edges fall.
        var rng = SplitMix64(seed: 7)
        let n = 9, step: Float = 7
        var grid: [[SIMD2<Float>]] = []
        for j in 0...n {
            var row: [SIMD2<Float>] = []
            for i in 0...n {
                var p = SIMD2(Float(i) * step + 2, Float(j) * step + 2)
                if i > 0, i < n, j > 0, j < n {
                    switch (i + j) % 3 {
                    case 0: p += SIMD2(0.5, 0.5)   // pixel centre
                    case 1: p += SIMD2(Float(rng.next() % 5) - 2, Float(rng.next() % 5) - 2)
                    default: p += SIMD2(Float(rng.next() % 1000) / 400 - 1.25, Float(rng.next() % 1000) / 400 - 1.25)
                    }
                }
                row.append(p)
            }
            grid.append(row)
        }
        let size = Int(Float(n) * step) + 4
        var s = counter(size, size)
        let clip = PixelClip(width: size, height: size)
        for j in 0..<n {
            for i in 0..<n {
                let p00 = grid[j][i], p10 = grid[j][i + 1], p01 = grid[j + 1][i], p11 = grid[j + 1][i + 1]
                if (i + j) % 2 == 0 {
                    RasterTriangle.draw(p00, p10, p11, clip: clip, into: &s)
                    RasterTriangle.draw(p11, p01, p00, clip: clip, into: &s)
                } else {
                    RasterTriangle.draw(p00, p01, p10, clip: clip, into: &s)
                    RasterTriangle.draw(p10, p01, p11, clip: clip, into: &s)
                }
            }
        }
        XCTAssertLessThanOrEqual(s.counts.max() ?? 0, 1, "a pixel was drawn twice")
        // The lattice's outer edges are straight: every pixel centre strictly inside is drawn.
        let lo = 2 + 1, hi = Int(Float(n) * step) + 2 - 1
        for y in lo..<hi { for x in lo..<hi { XCTAssertEqual(s.counts[y * size + x], 1, "pixel \(x),\(y)") } }
    }

    func testRowSteppingMatchesPerPixelEdgeTests() {
        // Random triangles (many with vertices on the 1/256 grid's pixel centres): the rows the
        // integer stepper produces are exactly the pixels whose centres pass the three edge
        // functions with the edge rule.
        var rng = SplitMix64(seed: 21)
        let w = 40, h = 30
        let clip = PixelClip(width: w, height: h)
        for _ in 0..<400 {
            func coord(_ range: Int) -> Float {
                switch rng.next() % 3 {
                case 0: return Float(Int(rng.next() % UInt64(range + 20))) - 10 + 0.5
                case 1: return Float(Int(rng.next() % UInt64((range + 20) * 256))) / 256 - 10
                default: return Float(Int(rng.next() % UInt64(range + 20))) - 10
                }
            }
            let p = (0..<3).map { _ in SIMD2<Float>(coord(w), coord(h)) }
            var s = counter(w, h)
            RasterTriangle.draw(p[0], p[1], p[2], clip: clip, into: &s)
            let q = p.map { SIMD2<Double>(($0 * 256).rounded(.toNearestOrAwayFromZero)) }
            var a = q[0], b = q[1], c = q[2]
            let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
            if area < 0 { swap(&b, &c) }
            let edges = [EdgeFunction(from: a, to: b), EdgeFunction(from: b, to: c), EdgeFunction(from: c, to: a)]
            for y in 0..<h {
                for x in 0..<w {
                    let inside = area != 0 && edges.allSatisfy { $0.value(x: x, y: y) >= $0.bias }
                    XCTAssertEqual(s.counts[y * w + x], inside ? 1 : 0, "\(p) pixel \(x),\(y)")
                }
            }
        }
    }

    func testDirectSmallTrianglesMatchTheEdgeSteppers() {
        // The direct per-pixel path of small triangles and the edge steppers give the same
        // runs, row by row, for sub-pixel and few-pixel triangles (line segments at low zoom),
        // with pixel centres on edges, with the canvas edge and with a rotated clip.
        struct RunRecorder: SpanShader {
            var runs: [SIMD3<Int>] = []
            mutating func shade(row y: Int, from x0: Int, through x1: Int) { runs.append(SIMD3(y, x0, x1)) }
        }
        var rng = SplitMix64(seed: 77)
        let w = 12, h = 10
        let c = SIMD2<Double>(6.2, 5.1)
        let rotated = PixelClip(width: w, height: h, quad: [c + SIMD2(-9, -2), c + SIMD2(2, -9), c + SIMD2(9, 2), c + SIMD2(-2, 9)])
        var direct = 0
        for n in 0..<4000 {
            let clip = n % 3 == 0 ? rotated : PixelClip(width: w, height: h)
            let origin = SIMD2<Float>(Float(rng.next() % 16) - 2, Float(rng.next() % 14) - 2)
            func coord() -> Float {
                switch rng.next() % 3 {
                case 0: return Float(rng.next() % 5) + 0.5
                case 1: return Float(rng.next() % 1024) / 256
                default: return Float(rng.next() % 400) / 100
                }
            }
            let p = (0..<3).map { _ in origin + SIMD2(coord(), coord()) }
            guard let t = RasterTriangle(p[0], p[1], p[2], clip: clip) else { continue }
            var small = RunRecorder(), stepped = RunRecorder()
            t.runDirect(clip: clip, into: &small)
            t.runStepping(clip: clip, into: &stepped)
            XCTAssertEqual(small.runs, stepped.runs, "\(p)")
            if t.isSmall { direct += 1 }
        }
        XCTAssertGreaterThan(direct, 1000, "the direct path was exercised")
    }

    func testSnapRoundsHalvesAwayFromZeroAsDoublesDo() {
        // The float snap against the plain formula in doubles: halves of 1/256 px both ways,
        // whole floats beyond 2^23 / 256 px, random positions, the limits.
        func reference(_ v: Float) -> Int32 {
            let f = Double(v) * 256
            return Int32(f + (f < 0 ? -0.5 : 0.5))
        }
        var values: [Float] = [0, -0.0, 1.0 / 512, -1.0 / 512, 3.0 / 512, -3.0 / 512, 0.5, -0.5, 32_767.998, 32_768.002,
                               1_999_999.9, -1_999_999.9, Float(1 << 23) / 256 + 1.0 / 512, -Float(1 << 22) / 256 - 1.0 / 512]
        var rng = SplitMix64(seed: 79)
        for _ in 0..<20000 {
            let scale = Float([1, 16, 300, 5000, 100_000, 1_900_000][Int(rng.next() % 6)])
            let v = (Float(rng.next() % 2_000_001) / 1_000_000 - 1) * scale
            values.append(v)
            values.append((v * 512).rounded() / 512)   // many exact halves of 1/256
        }
        for v in values {
            let s = RasterTriangle.snap(SIMD2(v, -v))
            XCTAssertEqual(s, SIMD2(reference(v), reference(-v)), "\(v)")
        }
        XCTAssertEqual(RasterTriangle.snap(SIMD2(.nan, 1)), RasterTriangle.unusable)
        XCTAssertEqual(RasterTriangle.snap(SIMD2(1, 2_000_000)), RasterTriangle.unusable)
        XCTAssertEqual(RasterTriangle.snap(SIMD2(-.infinity, 1)), RasterTriangle.unusable)
    }

    func testEdgesThroughPixelCentresFollowTheWindowSpaceRule() {
        // A square whose edges run through pixel centres: the left edge and the bottom edge
        // (inside above it) are in, the right and top ones out.
        var s = counter(10, 10)
        let clip = PixelClip(width: 10, height: 10)
        let a = SIMD2<Float>(2.5, 2.5), b = SIMD2<Float>(6.5, 2.5), c = SIMD2<Float>(6.5, 6.5), d = SIMD2<Float>(2.5, 6.5)
        RasterTriangle.draw(a, b, c, clip: clip, into: &s)
        RasterTriangle.draw(a, c, d, clip: clip, into: &s)
        var drawn: [SIMD2<Int>] = []
        for y in 0..<10 { for x in 0..<10 where s.counts[y * 10 + x] > 0 { drawn.append(SIMD2(x, y)) } }
        XCTAssertEqual(Set(drawn.map(\.x)), [2, 3, 4, 5])
        XCTAssertEqual(Set(drawn.map(\.y)), [3, 4, 5, 6])
        XCTAssertEqual(drawn.count, 16)
        XCTAssertEqual(s.counts.max(), 1)
    }

    func testDegenerateAndHostileTrianglesDrawNothing() {
        var s = counter(8, 8)
        let clip = PixelClip(width: 8, height: 8)
        XCTAssertFalse(RasterTriangle.draw(SIMD2(1, 1), SIMD2(5, 5), SIMD2(3, 3), clip: clip, into: &s))
        XCTAssertFalse(RasterTriangle.draw(SIMD2(.nan, 1), SIMD2(5, 5), SIMD2(3, 0), clip: clip, into: &s))
        XCTAssertFalse(RasterTriangle.draw(SIMD2(.infinity, 1), SIMD2(5, 5), SIMD2(3, 0), clip: clip, into: &s))
        XCTAssertFalse(RasterTriangle.draw(SIMD2(-100, -100), SIMD2(-50, -100), SIMD2(-50, -50), clip: clip, into: &s))
        XCTAssertEqual(s.counts.reduce(0, +), 0)
        // Huge but within range: clipped to the canvas, every pixel once.
        XCTAssertTrue(RasterTriangle.draw(SIMD2(-1e6, -1e6), SIMD2(1e6, -1e6), SIMD2(0, 1e6), clip: clip, into: &s))
        XCTAssertEqual(s.counts, [Int](repeating: 1, count: 64))
        // Beyond ±2·10^6 px: dropped.
        XCTAssertFalse(RasterTriangle.draw(SIMD2(-1e7, -1e7), SIMD2(1e7, -1e7), SIMD2(0, 1e7), clip: clip, into: &s))
    }

    func testAdjacentTileClipsShareTheirBoundaryOnce() {
        // Four tile squares meeting at a pixel centre, axis-aligned and as rotated quads.
        let w = 16, h = 16
        let full = (SIMD2<Float>(-10, -10), SIMD2<Float>(60, -10), SIMD2<Float>(-10, 60))
        var axis = counter(w, h)
        for (x0, y0, x1, y1) in [(0.0, 0.0, 8.5, 8.5), (8.5, 0.0, 16.0, 8.5), (0.0, 8.5, 8.5, 16.0), (8.5, 8.5, 16.0, 16.0)] {
            let clip = PixelClip(width: w, height: h, rect: x0, y0, x1, y1)
            RasterTriangle.draw(full.0, full.1, full.2, clip: clip, into: &axis)
        }
        XCTAssertEqual(axis.counts, [Int](repeating: 1, count: w * h))

        var rotated = counter(w, h)
        let c = SIMD2<Double>(8.5, 8.5)
        func p(_ a: Double, _ r: Double) -> SIMD2<Double> { c + SIMD2(cos(a), sin(a)) * r }
        for k in 0..<4 {
            let a0 = 0.3 + Double(k) * .pi / 2, a1 = a0 + .pi / 2
            let quad = k % 2 == 0 ? [c, p(a0, 40), p((a0 + a1) / 2, 60), p(a1, 40)] : [p(a1, 40), p((a0 + a1) / 2, 60), p(a0, 40), c]
            let clip = PixelClip(width: w, height: h, quad: quad)
            RasterTriangle.draw(full.0, full.1, full.2, clip: clip, into: &rotated)
        }
        XCTAssertEqual(rotated.counts, [Int](repeating: 1, count: w * h))
    }

    func testPlanesInterpolateVertexValues() {
        let p0 = SIMD2<Float>(1, 1), p1 = SIMD2<Float>(11, 1), p2 = SIMD2<Float>(1, 21)
        let planes = TrianglePlanes(p0, p1, p2)!
        let f = planes.plane(2, 12, 42)
        func at(_ x: Float, _ y: Float) -> Float { f.x + f.y * (x - planes.x0) + f.z * (y - planes.y0) }
        XCTAssertEqual(at(1, 1), 2, accuracy: 1e-5)
        XCTAssertEqual(at(11, 1), 12, accuracy: 1e-5)
        XCTAssertEqual(at(1, 21), 42, accuracy: 1e-5)
        XCTAssertEqual(at(6, 11), 2 + 5 + 20, accuracy: 1e-4)
        XCTAssertNil(TrianglePlanes(p0, p0, p2))
    }
}
