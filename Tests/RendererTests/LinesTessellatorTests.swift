import XCTest
import Raster
@testable import Renderer

/// MapLibre's line tessellation rules on small inputs: which cross-sections each join and cap
/// emits, in which order, with which extrusions, and how the strip turns them into triangles.
final class LinesTessellatorTests: XCTestCase {
    private func tessellate(_ points: [SIMD2<Double>], join: LineJoin = .miter, cap: LineCap = .butt,
                            miterLimit: Double = 2, roundLimit: Double = 1.05, polygon: Bool = false,
                            sharpCorner: Double = .infinity, clip: SIMD2<Double>? = nil) -> LineMesh {
        var t = LineTessellator()
        t.join = join; t.cap = cap; t.miterLimit = miterLimit; t.roundLimit = roundLimit
        t.sharpCornerOffset = sharpCorner
        t.clip = clip
        var mesh = LineMesh()
        points.withUnsafeBufferPointer { t.addLine($0, isPolygon: polygon, to: &mesh) }
        return mesh
    }

    // `sharpCorner` defaults to none (an infinite offset never fits a segment), so the
    // counts below are those of the joins alone.

    private func triangles(_ m: LineMesh) -> [[UInt32]] {
        stride(from: 0, to: m.indices.count, by: 3).map { Array(m.indices[$0..<$0 + 3]) }
    }

    private func assertClose(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ tol: Float = 1e-4, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: tol, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: tol, file: file, line: line)
    }

    func testStraightLineWithButtCapsIsOneQuad() {
        let m = tessellate([SIMD2(0, 0), SIMD2(100, 0)])
        XCTAssertEqual(m.vertices.count, 4)
        XCTAssertEqual(triangles(m), [[0, 2, 1], [2, 3, 1]])
        // Going +x the normal is (0, 1): left vertices extrude +y ("down"), right ones −y.
        assertClose(m.vertices[0].extrude, SIMD2(0, 1)); XCTAssertEqual(m.vertices[0].side, -1)
        assertClose(m.vertices[1].extrude, SIMD2(0, -1)); XCTAssertEqual(m.vertices[1].side, 1)
        XCTAssertEqual(m.vertices[2].position, SIMD2(100, 0))
        XCTAssertEqual(m.vertices[0].linesofar, 0)
        XCTAssertEqual(m.vertices[2].linesofar, 100)
        XCTAssertTrue(m.vertices.allSatisfy { $0.round == 0 && $0.direction == 0 })
    }

    func testSquareCapsExtendAlongTheLine() {
        let m = tessellate([SIMD2(0, 0), SIMD2(100, 0)], cap: .square)
        XCTAssertEqual(m.vertices.count, 4)
        // Start: pushed back one half width; end: pushed forward.
        assertClose(m.vertices[0].extrude, SIMD2(-1, 1)); assertClose(m.vertices[1].extrude, SIMD2(-1, -1))
        assertClose(m.vertices[2].extrude, SIMD2(1, 1)); assertClose(m.vertices[3].extrude, SIMD2(1, -1))
        XCTAssertEqual(m.vertices[0].direction, -1); XCTAssertEqual(m.vertices[1].direction, 1)
    }

    func testRoundCapsAreFlaggedSquares() {
        let m = tessellate([SIMD2(0, 0), SIMD2(100, 0)], cap: .round)
        // Round start cap, butt start, butt end, round end cap: 4 cross-sections, 6 triangles.
        XCTAssertEqual(m.vertices.count, 8)
        XCTAssertEqual(m.triangleCount, 6)
        XCTAssertEqual(m.vertices.map(\.round), [1, 1, 0, 0, 0, 0, 1, 1])
        assertClose(m.vertices[0].extrude, SIMD2(-1, 1)); assertClose(m.vertices[7].extrude, SIMD2(1, -1))
    }

    func testRightAngleMiterIsOneCrossSection() {
        let m = tessellate([SIMD2(0, 0), SIMD2(1000, 0), SIMD2(1000, 1000)])
        XCTAssertEqual(m.vertices.count, 6)
        XCTAssertEqual(m.triangleCount, 4)
        // The corner extrudes along the bisector by the miter length √2 (stored to 1/63).
        let e = m.vertices[2].extrude
        XCTAssertEqual((e * e).sum().squareRoot(), Float(2).squareRoot(), accuracy: 0.02)
        XCTAssertEqual(e.x, -e.y, accuracy: 1e-6)
    }

    func testBevelJoinClosesAndReopens() {
        let m = tessellate([SIMD2(0, 0), SIMD2(1000, 0), SIMD2(1000, 1000)], join: .bevel)
        // Start, bevel close, bevel open, end.
        XCTAssertEqual(m.vertices.count, 8)
        XCTAssertEqual(m.triangleCount, 6)
        XCTAssertEqual(m.vertices[2].position, SIMD2(1000, 0))
        XCTAssertEqual(m.vertices[4].position, SIMD2(1000, 0))
    }

    func testMiterBeyondTwoHalfWidthsFlipsTheBevel() {
        // A 30° turn back: miter length ≈ 3.86 > limit 2 → bevel → flipbevel (> 2).
        let m = tessellate([SIMD2(0, 0), SIMD2(1000, 0), SIMD2(134, 500)])
        XCTAssertEqual(m.vertices.count, 8)
        // The two corner cross-sections are the same pair, swapped.
        assertClose(m.vertices[2].extrude, m.vertices[5].extrude)
        assertClose(m.vertices[3].extrude, m.vertices[4].extrude)
        assertClose(m.vertices[2].extrude, -m.vertices[3].extrude)
        // Degenerate triangles there (zero area) keep the strip going.
        XCTAssertEqual(m.triangleCount, 6)
    }

    func testRoundJoinBecomesFakeRoundUnderMiterLengthTwo() {
        let m = tessellate([SIMD2(0, 0), SIMD2(1000, 0), SIMD2(1000, 1000)], join: .round)
        // 90°: miter √2 ≤ 2 → pie slices: round(87.7° / 20°) = 4 slices → 3 extra vertices.
        XCTAssertEqual(m.vertices.count, 2 + 2 + 3 + 2 + 2)
        let pie = m.vertices[4..<7]
        XCTAssertTrue(pie.allSatisfy { $0.position == SIMD2(1000, 0) && $0.round == 0 })
        for v in pie { XCTAssertEqual((v.extrude * v.extrude).sum().squareRoot(), 1, accuracy: 0.02) }
    }

    func testRoundJoinUnderRoundLimitIsAMiter() {
        let m = tessellate([SIMD2(0, 0), SIMD2(1000, 0), SIMD2(2000, 100)], join: .round, roundLimit: 2)
        XCTAssertEqual(m.vertices.count, 6)
    }

    func testSharpRoundJoinIsTwoRoundCaps() {
        let m = tessellate([SIMD2(0, 0), SIMD2(1000, 0), SIMD2(134, 500)], join: .round)
        // Butt close, round cap, round cap, butt open at the corner.
        XCTAssertEqual(m.vertices.count, 2 + 8 + 2)
        XCTAssertEqual(m.vertices[2..<10].map(\.round), [0, 0, 1, 1, 1, 1, 0, 0])
    }

    func testSharpCornersGetVerticesBeforeAndAfter() {
        let m = tessellate([SIMD2(0, 0), SIMD2(1000, 0), SIMD2(134, 500)], sharpCorner: 240)
        let positions = m.vertices.map(\.position)
        XCTAssertTrue(positions.contains(SIMD2(760, 0)))
        // 240 units towards the next vertex, rounded to whole units.
        XCTAssertTrue(positions.contains(SIMD2(1000 - 208, 120)))
        XCTAssertEqual(m.vertices.first(where: { $0.position == SIMD2(760, 0) })?.linesofar, 760)
    }

    func testDistanceRestartsPastHalfTheField() {
        let m = tessellate([SIMD2(0, 0), SIMD2(10000, 0), SIMD2(20000, 0), SIMD2(30000, 0)])
        // At x = 20000 the distance (20000 > 16384) restarts: the cross-section is repeated.
        let at20k = m.vertices.filter { $0.position == SIMD2(20000, 0) }
        XCTAssertEqual(at20k.map(\.linesofar), [20000, 20000, 0, 0])
        XCTAssertEqual(m.vertices.last?.linesofar, 10000)
    }

    func testLongSegmentsWrapTheStoredDistance() {
        let low = 20000 & 63, high = (20000 >> 6) & 255
        XCTAssertEqual(LineTessellator.storedLinesofar(20000), Float((low + high * 64) * 2))
        XCTAssertEqual(LineTessellator.storedLinesofar(100.7), 200)
        let m = tessellate([SIMD2(0, 0), SIMD2(40000, 0)])
        XCTAssertEqual(m.vertices[2].linesofar, LineTessellator.storedLinesofar(20000))
        XCTAssertLessThan(m.vertices[2].linesofar, 40000)
    }

    func testExtrusionsAreStoredInBytes() {
        XCTAssertEqual(LineTessellator.storedExtrude(1), 1, accuracy: 1e-6)
        XCTAssertEqual(LineTessellator.storedExtrude(-2), -2, accuracy: 1e-6)
        XCTAssertEqual(LineTessellator.storedExtrude(0.7071), Float(45) / 63, accuracy: 1e-6)
        // round(3·63) + 128 = 317 wraps to 61: MapLibre's miter limits above 2 misbehave so.
        XCTAssertEqual(LineTessellator.storedExtrude(3), Float(61 - 128) / 63, accuracy: 1e-6)
        XCTAssertEqual(LineTessellator.storedExtrude(.nan), 0)
        XCTAssertEqual(LineTessellator.storedExtrude(1e30), 0)
    }

    func testLineMetricsStoreProgress() {
        let m = tessellate([SIMD2(0, 0), SIMD2(100, 0), SIMD2(200, 0)], clip: SIMD2(0.5, 1))
        XCTAssertEqual(m.vertices.first?.progress, 0)
        XCTAssertEqual(m.vertices.last?.progress, 1)
        XCTAssertEqual(m.vertices[2].progress, 0.5, accuracy: 1e-6)
        // linesofar is the whole line's progress in the 15-bit field.
        XCTAssertEqual(m.vertices.last?.linesofar, LineTessellator.storedLinesofar(32767 * 0.5))
        XCTAssertEqual(m.maxLineLength, 200)
    }

    func testRingsJoinAtTheirFirstVertex() {
        let square: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(1000, 0), SIMD2(1000, 1000), SIMD2(0, 1000), SIMD2(0, 0)]
        let m = tessellate(square, polygon: true)
        // A miter at each of the 5 visits (the first corner twice), no caps.
        XCTAssertEqual(m.vertices.count, 10)
        XCTAssertEqual(m.triangleCount, 8)
        // The ring's distance starts with its closing edge, as in MapLibre.
        XCTAssertEqual(m.vertices[0].linesofar, 1000)
    }

    func testDuplicatesAndDegenerateInput() {
        XCTAssertEqual(tessellate([SIMD2(5, 5), SIMD2(5, 5), SIMD2(5, 5)]).vertices.count, 0)
        XCTAssertEqual(tessellate([SIMD2(0, 0)]).vertices.count, 0)
        XCTAssertEqual(tessellate([]).vertices.count, 0)
        let m = tessellate([SIMD2(0, 0), SIMD2(0, 0), SIMD2(100, 0), SIMD2(100, 0)])
        XCTAssertEqual(m.vertices.count, 4)
        // A 180° turn: the miter is infinite, drawn as an almost-parallel flipbevel.
        let back = tessellate([SIMD2(0, 0), SIMD2(100, 0), SIMD2(0, 0)])
        XCTAssertTrue(back.vertices.allSatisfy { $0.extrude.x.isFinite && $0.extrude.y.isFinite })
        XCTAssertEqual(back.vertices.count, 8)
        // Almost reversing with a huge miter limit: an enormous miter, stored without trapping.
        let needle = tessellate([SIMD2(0, 0), SIMD2(5000, 0), SIMD2(0, 1)], miterLimit: 1e300)
        XCTAssertEqual(needle.vertices.count, 6)
    }
}
