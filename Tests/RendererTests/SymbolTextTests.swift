import XCTest
import Foundation
import Geo
import JSON
import StyleSpec
import StrataTestSupport
import Raster
import SourceData
@testable import Renderer

/// Text shaping, label collisions and the SDF glyph shader, on glyphs of known metrics.
final class SymbolTextTests: XCTestCase {
    /// A monospaced font: every glyph 10 px wide with a 12 px advance (spaces have no ink).
    func glyph(_ cp: UInt32) -> SDFGlyph? {
        if cp == 0x20 { return SDFGlyph(id: cp, width: 0, height: 0, left: 0, top: 0, advance: 12, bitmap: []) }
        return SDFGlyph(id: cp, width: 10, height: 14, left: 1, top: -4, advance: 12,
                        bitmap: [UInt8](repeating: 255, count: 16 * 20))
    }

    func codes(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    func testSingleLineCentredOnItsAnchor() throws {
        let s = try XCTUnwrap(TextShaper.shape(codes("abc"), glyphs: glyph, maxWidth: 240, lineHeight: 28.8, anchor: .center,
                                               justify: 0.5, spacing: 0, translate: .zero))
        XCTAssertEqual(s.glyphs.map(\.x), [-18, -6, 6], "36 px of advances centred")
        // One line: y = default offset −17 + (−0.5 · 1 · 28.8 + 0.5 · 28.8) = −17.
        XCTAssertEqual(s.glyphs.map(\.y), [-17, -17, -17])
        XCTAssertEqual(s.left, -18); XCTAssertEqual(s.right, 18)
        XCTAssertEqual(s.top, -14.4, accuracy: 1e-9); XCTAssertEqual(s.bottom, 14.4, accuracy: 1e-9)
    }

    func testAnchorsAndLetterSpacing() throws {
        let left = try XCTUnwrap(TextShaper.shape(codes("ab"), glyphs: glyph, maxWidth: 240, lineHeight: 24, anchor: .topLeft,
                                                  justify: 0, spacing: 2.4, translate: SIMD2(5, 7)))
        XCTAssertEqual(left.glyphs.map(\.x), [0, 14.4])
        XCTAssertEqual(left.glyphs[0].y, -17 + 12, "top anchor: the line's centre moves down half a line")
        XCTAssertEqual(left.left, 5); XCTAssertEqual(left.top, 7)
        XCTAssertEqual(left.right, 5 + 26.4, accuracy: 1e-9, "the last glyph's spacing does not count")
    }

    func testLinesBreakBalancedAndJustify() throws {
        // "aaaa bbbb cc": 12 advances of 12 px = 144 px; max width 100 → 2 lines of ~72 px.
        let s = try XCTUnwrap(TextShaper.shape(codes("aaaa bbbb cc"), glyphs: glyph, maxWidth: 100, lineHeight: 24, anchor: .center,
                                               justify: 0, spacing: 0, translate: .zero))
        let lines = Dictionary(grouping: s.glyphs, by: \.y).sorted { $0.key < $1.key }.map { $0.value.map(\.codePoint) }
        XCTAssertEqual(lines, [codes("aaaa"), codes("bbbb cc")], "the break after \"aaaa \" balances best; inner spaces stay")
        // Left-justified lines start at the block's left edge.
        let starts = Dictionary(grouping: s.glyphs, by: \.y).map { $0.value.map(\.x).min()! }
        XCTAssertEqual(Set(starts).count, 1)
        XCTAssertEqual(TextShaper.breakLines(codes("a\nb"), glyphs: glyph, spacing: 0, maxWidth: 1000).count, 2, "newlines force a break")
        XCTAssertEqual(TextShaper.breakLines(codes("中文字"), glyphs: glyph, spacing: 0, maxWidth: 12).count, 3, "CJK breaks anywhere")
    }

    func testCollisionsFindOverlapsOnly() {
        let c = LabelCollisions()
        c.insert(SIMD4(0, 0, 50, 20))
        XCTAssertTrue(c.collides(SIMD4(40, 10, 90, 30)))
        XCTAssertFalse(c.collides(SIMD4(50, 0, 90, 20)), "touching edges do not collide")
        XCTAssertFalse(c.collides(SIMD4(200, 200, 210, 210)))
        XCTAssertFalse(c.collides(SIMD4(.nan, 0, 1, 1)))
        c.insert(SIMD4(-1e30, -1e30, 1e30, 1e30))
    }

    func testSDFShaderFillsInsideAndLeavesOutside() {
        // A field that is 255 on its left half and 0 on its right half.
        var field = [UInt8](repeating: 0, count: 16 * 20)
        for y in 0..<20 { for x in 0..<8 { field[y * 16 + x] = 255 } }
        let g = SDFGlyph(id: 65, width: 10, height: 14, left: 0, top: 0, advance: 12, bitmap: field)
        let canvas = Canvas(width: 18, height: 22)
        let drawing = SDFGlyphDrawing(fill: SIMD4(1, 0, 0, 1), halo: .zero, haloWidth: 0, haloBlur: 0, fontScale: 1, pixelRatio: 1)
        // Texel-for-pixel: the padded field (18 × 22) over the whole canvas.
        drawing.draw(g, x0: 0, y0: 0, x1: 18, y1: 22, pass: .text, on: canvas)
        XCTAssertEqual(canvas.pixmap.pixel(4, 10), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(canvas.pixmap.pixel(14, 10).a, 0)
        XCTAssertEqual(canvas.pixmap.pixel(0, 10).a, 0, "the atlas padding is empty")
        drawing.draw(g, x0: 0, y0: 0, x1: 18, y1: 22, pass: .halo, on: canvas)
        XCTAssertEqual(canvas.pixmap.pixel(14, 10).a, 0, "no halo without a halo width")
    }
}

/// Labels in a style without glyph PBFs take their glyphs from the fonts directory.
final class FontsDirectoryLabelTests: XCTestCase {
    func testLabelsDrawFromTheFontsDirectoryWithoutAGlyphTemplate() throws {
        let noto = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", installedBy: "fonts-noto-core")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-label-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/NotoSans-Regular.ttf", withDestinationPath: noto)
        let json = try JSONParser.parse(#"""
        {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "l", "type": "symbol", "source": "p",
                     "layout": {"text-field": "Strata", "text-font": ["Noto Sans Regular"], "text-size": 20}}]}
        """#)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            return XCTFail("style does not parse")
        }
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 2, width: 128, height: 64)
        let withFonts = try MapRenderer(resources: RenderResources(dataDirectory: nil, fontsDirectory: dir.path)).render(parsed.0, camera: camera)
        let dark = (0..<64).reduce(0) { n, y in n + (0..<128).filter { withFonts.pixel($0, y).r < 128 }.count }
        XCTAssertGreaterThan(dark, 40, "the label's glyphs are drawn (black text on white)")
        let without = try MapRenderer(resources: RenderResources(dataDirectory: nil)).render(parsed.0, camera: camera)
        XCTAssertTrue((0..<64).allSatisfy { y in (0..<128).allSatisfy { without.pixel($0, y).r == 255 } }, "no fonts, no label")
    }
}

/// Icon quads and drawing.
final class SymbolIconTests: XCTestCase {
    func image(_ w: Int, _ h: Int, ratio: Double = 1, sdf: Bool = false, fill: PremultipliedRGBA8) -> SpriteImage {
        SpriteImage(pixmap: Pixmap(width: w, height: h, fill: fill), pixelRatio: ratio, sdf: sdf)
    }

    func testQuadsFollowAnchorOffsetAndPixelRatio() {
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        let centre = SymbolIcons.shape(image(10, 6, fill: red), name: "a", anchor: .center, offset: .zero, size: 1, opacity: 1)
        XCTAssertEqual(centre.box, SIMD4(-5, -3, 5, 3))
        XCTAssertEqual(centre.quad, SIMD4(-6, -4, 6, 4), "one padding texel around the image")
        let hiDPI = SymbolIcons.shape(image(20, 12, ratio: 2, fill: red), name: "b", anchor: .topLeft, offset: SIMD2(2, 1), size: 1, opacity: 1)
        XCTAssertEqual(hiDPI.box, SIMD4(2, 1, 12, 7), "a @2x image shows at half its pixel size")
        XCTAssertEqual(hiDPI.quad, SIMD4(1.5, 0.5, 12.5, 7.5))
    }

    func testPlainIconsDrawTheirPixelsAtNativeSize() {
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        let canvas = Canvas(width: 32, height: 32)
        let icon = SymbolIcons.shape(image(10, 6, fill: red), name: "a", anchor: .center, offset: .zero, size: 1, opacity: 1)
        SymbolIcons.draw([SymbolIcons.Placed(icon: icon, at: SIMD2(16, 16))], pixelRatio: 1, on: canvas)
        XCTAssertEqual(canvas.pixmap.pixel(11, 13), red)
        XCTAssertEqual(canvas.pixmap.pixel(20, 18), red)
        XCTAssertEqual(canvas.pixmap.pixel(10, 16).a, 0, "the padding texel is transparent")
        XCTAssertEqual(canvas.pixmap.pixel(16, 12).a, 0)
    }
}
