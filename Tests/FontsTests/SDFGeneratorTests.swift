import XCTest
import SourceData
import StrataTestSupport
@testable import Fonts

/// The distance field of outlines whose distances are known exactly.
final class SDFGeneratorTests: XCTestCase {
    /// A 10 × 12 px square with its lower left corner on the pen at (2, −1).
    let square = GlyphOutline(rings: [[SIMD2(2, -1), SIMD2(12, -1), SIMD2(12, 11), SIMD2(2, 11)]], advance: 14, ascender: 20)

    func testSquareFieldAndMetrics() {
        let g = SDFGenerator.glyph(id: 65, outline: square)
        XCTAssertEqual(g.width, 10); XCTAssertEqual(g.height, 12)
        XCTAssertEqual(g.left, 2); XCTAssertEqual(g.top, 11 - 20, "top is measured from the ascender")
        XCTAssertEqual(g.advance, 14)
        XCTAssertEqual(g.fieldWidth, 16); XCTAssertEqual(g.fieldHeight, 18)
        func texel(_ x: Int, _ y: Int) -> Int { Int(g.bitmap[y * g.fieldWidth + x]) }
        // Texel (3, 3) sits half a pixel inside the top-left corner: d = −0.5 on both axes
        // → −0.5 px to the nearest edge → 255 − (−16 + 64) = 207.
        XCTAssertEqual(texel(3, 3), 207)
        // Half a pixel outside the left edge, mid-height: d = 0.5 → 255 − 80 = 175.
        XCTAssertEqual(texel(2, 9), 175)
        // Deep inside saturates; 2.5 px outside is 255 − (80 + 64) = 111.
        XCTAssertEqual(texel(8, 9), 255)
        XCTAssertEqual(texel(0, 9), 111)
    }

    func testHolesAreOutside() {
        // A ring with a hole: even-odd makes the hole's centre outside.
        let outer: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(20, 0), SIMD2(20, 20), SIMD2(0, 20)]
        let hole: [SIMD2<Double>] = [SIMD2(5, 5), SIMD2(5, 15), SIMD2(15, 15), SIMD2(15, 5)]
        let g = SDFGenerator.glyph(id: 79, outline: GlyphOutline(rings: [outer, hole], advance: 22, ascender: 20))
        let centre = Int(g.bitmap[(3 + 10) * g.fieldWidth + 3 + 10])
        XCTAssertLessThan(centre, 191, "the hole's centre is outside the glyph")
        // Texel (5, 5) is glyph point (2.5, 17.5): inside the ring, 2.5 px from its nearest
        // edge, so saturated.
        XCTAssertEqual(Int(g.bitmap[5 * g.fieldWidth + 5]), 255)
    }

    func testEmptyOutlinesHaveNoField() {
        let space = SDFGenerator.glyph(id: 32, outline: GlyphOutline(rings: [], advance: 6, ascender: 20))
        XCTAssertEqual(space.bitmap, []); XCTAssertEqual(space.advance, 6)
        let sliver = SDFGenerator.glyph(id: 45, outline: GlyphOutline(rings: [[SIMD2(0, 0), SIMD2(5, 0), SIMD2(5, 0.2)]], advance: 6, ascender: 20))
        XCTAssertEqual(sliver.bitmap, [], "a box that rounds to zero height has no field")
    }

    func testFontstackFallsBackFontByFont() throws {
        let noto = try TestEnvironment.file("/usr/share/fonts/truetype/noto", installedBy: "fonts-noto-core")
        // Two fonts linked into a directory of their own (the whole package is ~400 files).
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for f in ["NotoSans-Regular.ttf", "NotoSansArmenian-Regular.ttf"] {
            try FileManager.default.createSymbolicLink(atPath: dir.path + "/" + f, withDestinationPath: noto + "/" + f)
        }
        let fonts = FontDirectory(path: dir.path)
        XCTAssertTrue(fonts.names.contains("Noto Sans Regular"))
        // Noto Sans Armenian has no Latin letters: in the stack "Armenian, Noto Sans" the
        // Latin range comes from Noto Sans; a stack of unknown fonts has nothing.
        let armenian = try XCTUnwrap(fonts.names.first { $0.hasPrefix("Noto Sans Armenian") })
        let stack = [armenian, "Noto Sans Regular"]
        let latin = try XCTUnwrap(fonts.glyph(fontstack: stack, codePoint: 65))
        XCTAssertEqual(latin, fonts.glyph(fontstack: ["Noto Sans Regular"], codePoint: 65))
        XCTAssertNil(fonts.glyphs(fontstack: ["No Such Font"], range: GlyphRange(containing: 65)))
        XCTAssertNil(fonts.glyph(fontstack: ["No Such Font", "Noto Sans Regular"], codePoint: 0x531), "neither has Ayb")
        XCTAssertNotNil(fonts.glyph(fontstack: stack, codePoint: 0x531))
    }
}

/// The row walk (segments near the row, sorted crossings) against every segment for every texel.
final class SDFRowWalkTests: XCTestCase {
    func testRowWalkEqualsTheBruteForceField() throws {
        let font = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", installedBy: "fonts-noto-core")
        let face = try XCTUnwrap(FreeTypeFace(path: font))
        var compared = 0
        // ASCII, accented Latin, Greek and Cyrillic: curves, holes, thin strokes and dots.
        let codes = Array(UInt32(33)...126) + Array(UInt32(0xC0)...0xFF) + Array(UInt32(0x391)...0x3C9) + Array(UInt32(0x410)...0x44F)
        for id in codes {
            guard let outline = face.outline(id) else { continue }
            let fast = SDFGenerator.glyph(id: id, outline: outline)
            let reference = SDFGenerator.bruteForceGlyph(id: id, outline: outline)
            XCTAssertEqual(fast.bitmap, reference.bitmap, "glyph U+\(String(id, radix: 16))")
            XCTAssertEqual(fast.width, reference.width)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 250)
        // Overlapping rings, a ring touching the field's edge and a degenerate sliver.
        let shapes = [
            GlyphOutline(rings: [[SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10), SIMD2(0, 10)],
                                 [SIMD2(5, 5), SIMD2(15, 5), SIMD2(15, 15), SIMD2(5, 15)]], advance: 16, ascender: 20),
            GlyphOutline(rings: [[SIMD2(0, 0), SIMD2(30, 0.5), SIMD2(0, 1)]], advance: 31, ascender: 20),
            GlyphOutline(rings: [[SIMD2(0, 0), SIMD2(7, 20), SIMD2(14, 0), SIMD2(7, 6)]], advance: 15, ascender: 20),
        ]
        for (i, shape) in shapes.enumerated() {
            XCTAssertEqual(SDFGenerator.glyph(id: 1, outline: shape).bitmap, SDFGenerator.bruteForceGlyph(id: 1, outline: shape).bitmap, "shape \(i)")
        }
    }
}
