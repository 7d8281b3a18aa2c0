import XCTest
import JSON
import Raster
import SourceData
@testable import Renderer

/// Line-placed labels (anchors along a line, the max-angle check, glyphs walked along the
/// projected line and kept upright, joined lines), variable anchors, icon-text-fit and the
/// turned glyph quad.
final class SymbolLinePlacementTests: XCTestCase {
    typealias P = SIMD2<Double>

    func params(spacing: Double = 1000, label: Double = 100, text: Bool = true) -> SymbolLineAnchors.Parameters {
        SymbolLineAnchors.Parameters(spacing: spacing, maxAngle: 45 * .pi / 180, labelLength: label, boxScale: 1, hasText: text)
    }

    func testAnchorsEverySpacingFromHalfALabelPlusTwoEms() {
        let line = [P(100, 500), P(5100, 500)]
        let anchors = SymbolLineAnchors.anchors(line, params())
        // First anchor: (100 / 2 + 48) from the start, then every 1000 units while the label fits.
        XCTAssertEqual(anchors.map(\.x), [198, 1198, 2198, 3198, 4198])
        XCTAssertTrue(anchors.allSatisfy { $0.y == 500 && $0.segment == 0 && $0.angle == 0 })
    }

    func testContinuedLineStartsHalfASpacingIn() {
        let anchors = SymbolLineAnchors.anchors([P(0, 500), P(3000, 500)], params())
        XCTAssertEqual(anchors.map(\.x), [500, 1500, 2500])
    }

    func testLongLabelsWidenTheSpacing() {
        // A label of 900 units with spacing 1000: spacing grows to 900 + 250.
        let anchors = SymbolLineAnchors.anchors([P(100, 100), P(5000, 100)], params(label: 900))
        XCTAssertEqual(anchors.count, 4)
        XCTAssertEqual(anchors[1].x - anchors[0].x, 1150)
    }

    func testShortLineGetsOneAnchorInTheMiddleOrNone() {
        XCTAssertEqual(SymbolLineAnchors.anchors([P(100, 100), P(400, 100)], params(spacing: 1000, label: 100)).map(\.x), [198])
        XCTAssertEqual(SymbolLineAnchors.anchors([P(100, 100), P(220, 100)], params(spacing: 1000, label: 100)).map(\.x), [160],
                       "the first anchor does not fit: one in the middle")
        XCTAssertTrue(SymbolLineAnchors.anchors([P(100, 100), P(150, 100)], params(label: 100)).isEmpty, "the label does not fit")
    }

    func testMaxAngleRejectsSharpTurnsUnderTheLabel() {
        let zigzag = [P(0, 0), P(100, 0), P(100, 100)]  // a 90° corner at (100, 0)
        let anchor = LineAnchor(x: 90, y: 0, angle: 0, segment: 0)
        XCTAssertFalse(SymbolLineAnchors.fitsMaxAngle(zigzag, anchor, labelLength: 60, window: 30, maxAngle: .pi / 4))
        XCTAssertTrue(SymbolLineAnchors.fitsMaxAngle(zigzag, anchor, labelLength: 60, window: 30, maxAngle: .pi))
        let straight = [P(0, 0), P(100, 0), P(200, 0)]
        XCTAssertTrue(SymbolLineAnchors.fitsMaxAngle(straight, anchor, labelLength: 60, window: 30, maxAngle: .pi / 4))
        XCTAssertFalse(SymbolLineAnchors.fitsMaxAngle(straight, anchor, labelLength: 400, window: 30, maxAngle: .pi),
                       "past the end of the line")
    }

    func testCenterAnchorAndClip() {
        let a = SymbolLineAnchors.centerAnchor([P(0, 0), P(100, 0), P(200, 0)], params(label: 10))
        XCTAssertEqual(a, LineAnchor(x: 100, y: 0, angle: 0, segment: 1))
        XCTAssertNil(SymbolLineAnchors.centerAnchor([P(0, 0), P(100, 0), P(100, 100)], params(label: 10)), "a right angle mid-label")
        let pieces = SymbolLineAnchors.clip([P(-10, 5), P(10, 5), P(10, 20), P(5, 5)], x0: 0, y0: 0, x1: 15, y1: 15)
        XCTAssertEqual(pieces, [[P(0, 5), P(10, 5), P(10, 15)], [P(10 - 5.0 / 3, 15), P(5, 5)]])
    }

    func testGlyphsWalkAlongTheLineAndTurn() throws {
        let path = SymbolLinePlacement.Path(points: [P(0, 0), P(10, 0), P(10, 10)], anchor: P(5, 0), segment: 0)
        let g = try XCTUnwrap(SymbolLinePlacement.placeGlyph(offsetX: 8, lineOffsetX: 0, lineOffsetY: 0, flip: false, on: path))
        XCTAssertEqual(g.point, P(10, 3))
        XCTAssertEqual(g.angle, .pi / 2, accuracy: 1e-12, "on the second segment, pointing down")
        XCTAssertNil(SymbolLinePlacement.placeGlyph(offsetX: 40, lineOffsetX: 0, lineOffsetY: 0, flip: false, on: path))
        let back = try XCTUnwrap(SymbolLinePlacement.placeGlyph(offsetX: -3, lineOffsetX: 0, lineOffsetY: 0, flip: false, on: path))
        XCTAssertEqual(back.point, P(2, 0))
        XCTAssertEqual(cos(back.angle), 1, accuracy: 1e-12, "glyphs behind the anchor face along the line too")
    }

    func testKeepUprightFlipsLabelsRunningLeft() throws {
        // A line drawn right to left: upright text walks it the other way.
        let path = SymbolLinePlacement.Path(points: [P(100, 0), P(0, 0)], anchor: P(50, 0), segment: 0)
        let upright = try XCTUnwrap(SymbolLinePlacement.placeLabel(offsets: [-10, 10], lineOffset: .zero, keepUpright: true, on: path))
        XCTAssertEqual(upright.map(\.point.x), [40, 60], "first glyph on the left")
        XCTAssertEqual(cos(upright[0].angle), 1, accuracy: 1e-12)
        let raw = try XCTUnwrap(SymbolLinePlacement.placeLabel(offsets: [-10, 10], lineOffset: .zero, keepUpright: false, on: path))
        XCTAssertEqual(raw.map(\.point.x), [60, 40])
        XCTAssertEqual(cos(raw[0].angle), -1, accuracy: 1e-12, "upside down")
    }

    func testLinesOfOneTextJoinEndToEnd() {
        let a = [P(0, 0), P(10, 0)], b = [P(10, 0), P(20, 0)], c = [P(30, 0), P(40, 0)]
        let merged = SymbolLineMerge.merge(texts: ["x", "x", "y"], lines: [[b], [a], [c]])
        XCTAssertEqual(merged.count, 2)
        XCTAssertEqual(merged[0].lines[0], [P(0, 0), P(10, 0), P(20, 0)])
        XCTAssertEqual(merged[1].feature, 2)
        let bridged = SymbolLineMerge.merge(texts: ["x", "x", "x"], lines: [[a], [[P(20, 0), P(30, 0)]], [b]])
        XCTAssertEqual(bridged.map(\.lines), [[[P(0, 0), P(10, 0), P(20, 0), P(30, 0)]]])
    }

    func testVariableAnchorOffsetsAndShift() {
        XCTAssertEqual(SymbolVariableAnchors.offset(.top, radial: 24), P(0, 17))
        XCTAssertEqual(SymbolVariableAnchors.offset(.left, textOffset: P(-12, 5)), P(12, 0))
        XCTAssertEqual(SymbolVariableAnchors.offset(.bottomRight, textOffset: P(12, 12)), P(-12, -5))
        // A 100 × 20 box anchored on its left edge moves right by half its width.
        XCTAssertEqual(SymbolVariableAnchors.shift(.left, width: 100, height: 20, offset: .zero, scale: 1), P(50, 0))
        XCTAssertEqual(SymbolVariableAnchors.shift(.topRight, width: 100, height: 20, offset: P(1, 1), scale: 2), P(-48, 12))
    }

    func testRepeatedAnchorsOfOneTextAreDropped() {
        var seen = RepeatedAnchors()
        XCTAssertFalse(seen.isTooClose(P(0, 0), text: "a", distance: 10))
        XCTAssertTrue(seen.isTooClose(P(9, 0), text: "a", distance: 10))
        XCTAssertFalse(seen.isTooClose(P(9, 0), text: "b", distance: 10))
        XCTAssertFalse(seen.isTooClose(P(25, 0), text: "a", distance: 10))
    }

    func testCircleCollisions() {
        let c = LabelCollisions()
        c.insert(circle: SIMD2(0, 0), radius: 10)
        XCTAssertTrue(c.collides(circle: SIMD2(15, 0), radius: 6))
        XCTAssertFalse(c.collides(circle: SIMD2(15, 0), radius: 4))
        XCTAssertFalse(c.collides(SIMD4(8, 8, 20, 20)), "the box's corner lies outside the circle")
        XCTAssertTrue(c.collides(SIMD4(5, -1, 20, 1)))
    }

    func testTurnedQuadMatchesTheAxisAlignedPathAtZeroAndTurnsByAQuarter() {
        let glyph = SDFGlyph(id: 65, width: 4, height: 4, left: 0, top: 0, advance: 8, bitmap: [UInt8](repeating: 255, count: 10 * 10))
        let drawing = SDFGlyphDrawing(fill: SIMD4(0, 0, 0, 1), halo: .zero, haloWidth: 0, haloBlur: 0, fontScale: 1, pixelRatio: 1)
        let a = Canvas(width: 32, height: 32), b = Canvas(width: 32, height: 32)
        drawing.draw(glyph, x0: 8, y0: 10, x1: 20, y1: 14, pass: .text, on: a)
        drawing.draw(glyph, quad: RotatedQuad(center: SIMD2(8, 10), angle: 0, rect: SIMD4(0, 0, 12, 4)), pass: .text, on: b)
        XCTAssertEqual(a.pixmap.data, b.pixmap.data)
        // A quarter turn: the bar's inked columns become rows.
        let c = Canvas(width: 32, height: 32)
        drawing.draw(glyph, quad: RotatedQuad(center: SIMD2(16, 4), angle: .pi / 2, rect: SIMD4(0, -2, 12, 2)), pass: .text, on: c)
        func extent(_ canvas: Canvas) -> (Int, Int) {
            var xs = Set<Int>(), ys = Set<Int>()
            for y in 0..<32 { for x in 0..<32 where canvas.pixmap.pixel(x, y).a > 0 { xs.insert(x); ys.insert(y) } }
            return (xs.count, ys.count)
        }
        let flat = extent(a), turned = extent(c)
        XCTAssertGreaterThan(flat.0, flat.1)
        XCTAssertEqual(turned.0, flat.1)
        XCTAssertEqual(turned.1, flat.0)
    }

    func testTokensResolveFromProperties() {
        XCTAssertEqual(SymbolTokens.resolve("{maki}-12", properties: JSONObject([("maki", .string("bar"))])), "bar-12")
        XCTAssertEqual(SymbolTokens.resolve("{a} {missing}!", properties: JSONObject([("a", .number(3))])), "3 !")
        XCTAssertEqual(SymbolTokens.resolve("no tokens {", properties: JSONObject()), "no tokens {")
    }

    func testSpriteStretchKeysAndNinePartCuts() throws {
        let json = """
        {"a": {"x": 0, "y": 0, "width": 40, "height": 40, "stretchX": [[10, 30]], "stretchY": [[10, 30]],
               "content": [10, 10, 30, 30], "textFitWidth": "proportional"},
         "bad": {"x": 0, "y": 0, "width": 40, "height": 40, "stretchX": [[30, 10]], "textFitHeight": "sideways"}}
        """
        let index = SpriteIndex.parse(Array(json.utf8))
        let a = try XCTUnwrap(index.entries.first { $0.name == "a" })
        XCTAssertEqual(a.stretch.x, [SIMD2(10, 30)])
        XCTAssertEqual(a.stretch.content, SIMD4(10, 10, 30, 30))
        XCTAssertEqual(a.stretch.textFitWidth, "proportional")
        let bad = try XCTUnwrap(index.entries.first { $0.name == "bad" })
        XCTAssertNil(bad.stretch.x, "a reversed zone is left out")
        XCTAssertNil(bad.stretch.textFitHeight)
        // One stretch zone: the border, both zone edges, the far border.
        let cuts = SymbolIconTextFit.cuts([SIMD2(10, 30)], 20, 20)
        XCTAssertEqual(cuts.map(\.fixed), [-1, 10, 10, 21])
        XCTAssertEqual(cuts.map(\.stretch), [0, 0, 20, 20])
        // A 40 px image stretched to 100 px: the 10 px corners keep their size.
        var image = SpriteImage(pixmap: Pixmap(width: 40, height: 40), pixelRatio: 1)
        image.stretch = SpriteStretch(x: [SIMD2(10, 30)], y: [SIMD2(10, 30)])
        let parts = SymbolIconTextFit.quads(image, left: -50, top: -20, right: 50, bottom: 20)
        XCTAssertEqual(parts.count, 9)
        let corner = parts[0].rect(size: 1)
        XCTAssertEqual(corner.z - corner.x, 11, "10 px plus the border texel")
        let middle = parts[4].rect(size: 1)
        XCTAssertEqual(middle.z - middle.x, 80)
    }
}
