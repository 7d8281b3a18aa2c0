import XCTest
import Raster
import SourceData
import StyleSpec
@testable import Renderer

/// Vertical writing, punctuation in vertical text, and formatted sections (scales, fonts,
/// images) in text shaping, on glyphs of known metrics.
final class SymbolShapingTests: XCTestCase {
    /// Latin glyphs 12 px apart, CJK ones a full 24 px em; fontstack "big" doubles advances.
    func glyph(_ stack: String, _ cp: UInt32) -> SDFGlyph? {
        let wide = VerticalOrientation.isUpright(cp) || cp >= 0xFE10
        let advance = (wide ? 24 : 12) * (stack == "big" ? 2 : 1)
        if cp == 0x20 { return SDFGlyph(id: cp, width: 0, height: 0, left: 0, top: 0, advance: advance, bitmap: []) }
        return SDFGlyph(id: cp, width: advance - 2, height: 14, left: 1, top: -4, advance: advance,
                        bitmap: [UInt8](repeating: 255, count: (advance + 4) * 20))
    }

    func codes(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    func shape(_ text: TaggedText, writing: TextShaper.Writing = .horizontal, stacks: Bool = false,
               anchor: SymbolAnchor = .center, justify: Double = 0.5, imageScale: Double = 1) -> TextShaping? {
        TextShaper.shape(text, glyphs: glyph, maxWidth: 10 * 24, lineHeight: 1.2 * 24, anchor: anchor, justify: justify, spacing: 0,
                         translate: .zero, writing: writing, allowVerticalPlacement: stacks, imageScale: imageScale,
                         breakImageScale: imageScale)
    }

    func testOrientationOfScripts() {
        XCTAssertTrue(VerticalOrientation.isUpright(0x6C23), "a han ideograph stands upright")
        XCTAssertTrue(VerticalOrientation.isUpright(0x30DE), "so does katakana")
        XCTAssertFalse(VerticalOrientation.isUpright(0x30FC), "but not the prolonged sound mark")
        XCTAssertTrue(VerticalOrientation.isRotated(0x61), "Latin turns with the line")
        XCTAssertTrue(VerticalOrientation.isNeutral(0x00D7), "× takes its neighbours' orientation")
        XCTAssertTrue(VerticalOrientation.allowsVertical(codes("abc 氣")))
        XCTAssertFalse(VerticalOrientation.allowsVertical(codes("abc")))
    }

    func testPunctuationTakesItsVerticalFormBetweenCJK() {
        var text = codes("（氣）到…")
        VerticalPunctuation.apply(&text)
        XCTAssertEqual(text, [0xFE35, 0x6C23, 0xFE36, 0x5230, 0xFE19])
        var latin = codes("a(b)")
        VerticalPunctuation.apply(&latin)
        XCTAssertEqual(latin, codes("a(b)"), "parentheses between Latin letters stay as they are")
    }

    func testVerticalPointLabelStacksEveryGlyphAnEmApart() throws {
        let s = try XCTUnwrap(shape(TaggedText(codes("マップa"), stack: "f"), writing: .vertical, stacks: true, justify: 0))
        XCTAssertTrue(s.vertical)
        XCTAssertEqual(s.glyphs.map(\.vertical), [true, true, true, true], "with vertical placement even Latin stands upright")
        XCTAssertEqual(s.glyphs.map(\.x), [-48, -24, 0, 24], "a square em each, centred")
        XCTAssertEqual(s.right - s.left, 96)
        let line = try XCTUnwrap(shape(TaggedText(codes("マa"), stack: "f"), writing: .vertical))
        XCTAssertEqual(line.glyphs.map(\.vertical), [true, false], "along a line, Latin stays turned")
    }

    func testStackedGlyphQuadIsCentredAcrossTheColumn() throws {
        let s = try XCTUnwrap(shape(TaggedText(codes("氣"), stack: "f"), writing: .vertical, stacks: true, justify: 0))
        let q = GlyphQuads.point(s.glyphs[0], offset: .zero, verticalLabel: true)
        XCTAssertFalse(q.turned, "stacked glyphs stay upright when the label turns")
        // The 22 px glyph with its 4 px buffers: centred across x (−15 … 15 incl. the buffers).
        XCTAssertEqual((q.rect.x + q.rect.z) / 2, 0, accuracy: 1)
        let latin = GlyphQuads.point(PositionedGlyph(codePoint: 0x61, x: 0, y: -17, glyph: glyph("f", 0x61)!, scale: 1),
                                     offset: .zero, verticalLabel: true)
        XCTAssertTrue(latin.turned, "a turned glyph turns with the label")
    }

    func testSectionsKeepTheirFontAndScale() throws {
        let formatted = Formatted(sections: [Formatted.Section(text: "ab", scale: 1.5), Formatted.Section(text: "\n"),
                                             Formatted.Section(text: "c", scale: 0.5, fontStack: "big")])
        let text = TaggedText(formatted, stack: "f", transform: { $0 }, image: { _ in nil })
        XCTAssertEqual(text.sectionOf, [0, 0, 1, 2])
        let s = try XCTUnwrap(shape(text, anchor: .topLeft, justify: 0))
        XCTAssertEqual(s.glyphs.map(\.scale), [1.5, 1.5, 0.5])
        XCTAssertEqual(s.glyphs[1].x - s.glyphs[0].x, 18, "12 px advances at 1.5")
        XCTAssertEqual(s.glyphs[2].x, 0)
        XCTAssertEqual(s.right - s.left, 36)
        // Each line is as tall as its largest section: 1.5 and 0.5 lines.
        XCTAssertEqual(s.bottom - s.top, 28.8 * 2, accuracy: 1e-9)
        XCTAssertEqual(s.glyphs[2].y - s.glyphs[0].y, 28.8 * 1.5, accuracy: 1e-9)
    }

    func testSmallerSectionsSitOnTheBaselineOrByVerticalAlign() throws {
        func y(_ align: String?) throws -> Double {
            let f = Formatted(sections: [Formatted.Section(text: "A", scale: 2), Formatted.Section(text: "b", verticalAlign: align)])
            let s = try XCTUnwrap(shape(TaggedText(f, stack: "f", transform: { $0 }, image: { _ in nil })))
            return s.glyphs[1].y - s.glyphs[0].y
        }
        XCTAssertEqual(try y(nil), 24, "baseline: the 1-em section sits at the bottom of the 2-em line")
        XCTAssertEqual(try y("center"), 12)
        XCTAssertEqual(try y("top"), 0)
    }

    func testImagesInTextTakeTheirPixelSize() throws {
        let sprite = SpriteImage(pixmap: Pixmap(width: 20, height: 10, fill: PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)), pixelRatio: 2)
        let f = Formatted(sections: [Formatted.Section(text: "a"), Formatted.Section(text: "", image: ResolvedImage(name: "dot", available: true))])
        let text = TaggedText(f, stack: "f", transform: { $0 }, image: { $0 == "dot" ? sprite : nil })
        XCTAssertEqual(text.codes, [0x61, 0xE000], "an image is one private-use code point")
        let s = try XCTUnwrap(shape(text, anchor: .left, justify: 0, imageScale: 2))
        XCTAssertEqual(s.glyphs.count, 2)
        XCTAssertNotNil(s.glyphs[1].image)
        XCTAssertEqual(s.glyphs[1].scale, 2, "24 / text-size 12")
        XCTAssertEqual(s.right - s.left, 12 + 10 * 2, "a @2x image 10 px wide, twice at text-size 12")
        let missing = TaggedText(f, stack: "f", transform: { $0 }, image: { _ in nil })
        XCTAssertEqual(try XCTUnwrap(shape(missing)).glyphs.count, 1, "a missing image takes no room")
    }

    func testArabicLettersTakeTheirContextualForms() {
        // بغداد: beh initial, ghain medial, dal final, alef isolated (dal does not join on), dal isolated.
        XCTAssertEqual(TaggedText.shaped(codes("بغداد")), [0xFE91, 0xFED0, 0xFEAA, 0xFE8D, 0xFEA9])
        // Lam then alef: one ligature, final after a joining letter.
        XCTAssertEqual(TaggedText.shaped(codes("لا")), [0xFEFB])
        XCTAssertEqual(TaggedText.shaped(codes("سلا")), [0xFEB3, 0xFEFC])
    }

    func testRightToLeftRunsAreReversedWithinTheirLine() {
        let text = codes("abc دب xy")
        let order = BidiReorder.reorder(text, lines: [0..<text.count])
        XCTAssertEqual(order, [[0, 1, 2, 3, 5, 4, 6, 7, 8]], "the Arabic run reads right to left inside a Latin line")
        let rtl = codes("دب ab")
        XCTAssertEqual(BidiReorder.reorder(rtl, lines: [0..<rtl.count]), [[3, 4, 2, 1, 0]],
                       "a right-to-left paragraph puts its Latin run first on screen")
        let marks = codes("a\u{200E}b")
        XCTAssertEqual(BidiReorder.reorder(marks, lines: [0..<marks.count]), [[0, 2]], "bidi marks are left out")
    }
}
