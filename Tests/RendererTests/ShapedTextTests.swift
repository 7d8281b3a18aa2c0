import XCTest
import Fonts
import Foundation
import JSON
import Geo
import Raster
import SourceData
import StyleSpec
import StrataTestSupport
@testable import Renderer

/// Labels in fonts read as files are laid out from HarfBuzz's glyphs: the glyph ids in visual
/// order, pens moved by HarfBuzz's advances, marks at their offsets, right-to-left runs
/// reversed by ICU's bidi, and a style without glyph PBFs draws Devanagari through fallback.
final class ShapedTextTests: XCTestCase {
    static func shaper() throws -> (FontStackShaper, FontDirectory) {
        let fonts = try TestEnvironment.file("/usr/share/fonts/truetype/noto", installedBy: "fonts-noto-core")
        let directory = FontDirectory(path: fonts)
        return (try XCTUnwrap(directory.shaper(for: ["Noto Sans Regular"])), directory)
    }

    /// One line of `text` shaped as a label (one fontstack, no max width).
    static func layout(_ text: String, _ shaper: FontStackShaper) throws -> TextShaping {
        let tagged = TaggedText(text.unicodeScalars.map(\.value), stack: "Noto Sans Regular", presentationForms: false)
        let clusters = try XCTUnwrap(ShapedClusters(tagged, shaper: { _ in shaper }, glyph: { FontDirectory.glyph(id: $0, of: $1) }))
        return try XCTUnwrap(TextShaper.shape(tagged, glyphs: { _, _ in nil }, maxWidth: .infinity, lineHeight: 1.2 * 24,
                                              anchor: .left, justify: 0, spacing: 0, translate: .zero, clusters: clusters))
    }

    func testGlyphsAndPensAreHarfBuzzs() throws {
        let (shaper, _) = try Self.shaper()
        for text in ["नई दिल्ली", "திருச்சிராப்பள்ளி", "กรุงเทพมหานคร", "AVATAR"] {
            let codes = text.unicodeScalars.map(\.value)
            let runs = shaper.shape(codes)
            XCTAssertEqual(runs.count, 1, text)
            let expected = runs[0].glyphs.filter { $0.g != 0 }
            let placed = try Self.layout(text, shaper).glyphs
            XCTAssertEqual(placed.map(\.glyph.id), expected.map(\.g), "\(text): glyph ids in order")
            // Each glyph sits at the pen plus its offset; the pen moves by HarfBuzz's advances.
            var pen = placed[0].x - Double(expected[0].dx) / 64
            for (g, e) in zip(placed, expected) {
                XCTAssertEqual(g.x, pen + Double(e.dx) / 64, accuracy: 1e-9, "\(text) glyph \(e.g)")
                XCTAssertEqual(g.horizontalAdvance, Double(e.ax) / 64, accuracy: 1e-9)
                pen += Double(e.ax) / 64
            }
        }
    }

    /// `format` sections are shaped each on its own, in their own scale.
    func testFormatSectionsKeepTheirScale() throws {
        let (shaper, _) = try Self.shaper()
        let formatted = Formatted(sections: [.init(text: "नई "), .init(text: "दिल्ली", scale: 0.5)])
        let tagged = TaggedText(formatted, stack: "Noto Sans Regular", transform: { $0 }, image: { _ in nil },
                                presentationForms: { _ in false })
        let clusters = try XCTUnwrap(ShapedClusters(tagged, shaper: { _ in shaper }, glyph: { FontDirectory.glyph(id: $0, of: $1) }))
        let placed = try XCTUnwrap(TextShaper.shape(tagged, glyphs: { _, _ in nil }, maxWidth: .infinity, lineHeight: 28.8,
                                                    anchor: .left, justify: 0, spacing: 0, translate: .zero, clusters: clusters)).glyphs
        let first = shaper.shape("नई ".unicodeScalars.map(\.value))[0].glyphs.filter { $0.g != 0 }
        let second = shaper.shape("दिल्ली".unicodeScalars.map(\.value))[0].glyphs.filter { $0.g != 0 }
        XCTAssertEqual(placed.map(\.glyph.id), (first + second).map(\.g))
        XCTAssertEqual(placed.map(\.scale), Array(repeating: 1, count: first.count) + Array(repeating: 0.5, count: second.count))
        // The second section's pens advance by half of HarfBuzz's advances.
        let tail = Array(placed.suffix(second.count))
        for (k, pair) in zip(tail, tail.dropFirst()).enumerated() {
            XCTAssertEqual(pair.1.x - pair.0.x, (Double(second[k].ax) + Double(second[k + 1].dx - second[k].dx)) / 64 * 0.5, accuracy: 1e-9)
        }
    }

    func testRightToLeftRunsAreInVisualOrder() throws {
        let (shaper, _) = try Self.shaper()
        let text = "Zürich زيورخ"
        let runs = shaper.shape(text.unicodeScalars.map(\.value), levels: try XCTUnwrap(BidiText.levels(text.unicodeScalars.map(\.value))))
        XCTAssertEqual(runs.map(\.rightToLeft), [false, true])
        XCTAssertEqual(runs.map(\.face.name), ["Noto Sans Regular", "Noto Sans Arabic Regular"])
        // Left to right paragraph: the Latin word, then the Arabic word as HarfBuzz laid it out.
        let placed = try Self.layout(text, shaper).glyphs.filter(\.draws)
        let expected = (runs[0].glyphs + runs[1].glyphs).filter { $0.g != 0 }
        let drawn = expected.filter { g in placed.contains { $0.glyph.id == g.g } }
        XCTAssertEqual(placed.map(\.glyph.id), drawn.map(\.g))
        XCTAssertTrue(zip(placed, placed.dropFirst()).allSatisfy { $0.x <= $1.x + 1e-9 || $1.horizontalAdvance == 0 },
                      "pens move left to right in visual order")
        // One baseline: the Arabic face's glyph tops are measured from Noto Sans's ascender.
        let arabic = runs[1].face, lift = arabic.ascender - runs[0].face.ascender
        XCTAssertNotEqual(lift, 0, "the faces' ascenders differ (else this proves nothing)")
        for g in placed where runs[1].glyphs.contains(where: { $0.g == g.glyph.id }) {
            let own = try XCTUnwrap(FontDirectory.glyph(id: g.glyph.id, of: arabic))
            XCTAssertEqual(g.glyph.top, own.top + lift)
        }
    }

    func testAStyleWithoutGlyphsDrawsDevanagariByFallback() throws {
        _ = try Self.shaper()
        let json = try JSONParser.parse(#"""
        {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "l", "type": "symbol", "source": "p",
                     "layout": {"text-field": "नई दिल्ली", "text-font": ["Noto Sans Regular"], "text-size": 24}}]}
        """#)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            return XCTFail("style does not parse")
        }
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 2, width: 160, height: 64)
        let image = try MapRenderer(resources: RenderResources(dataDirectory: nil, fontsDirectory: "/usr/share/fonts/truetype/noto"))
            .render(parsed.0, camera: camera)
        // Devanagari's headline (shirorekha): one row crossing most of the label in dark pixels.
        try checkHeadline(image, width: 160, height: 64)
    }

    /// A line label walks its shaped glyphs along the line: on a level line the headline stays
    /// one row, as at a point.
    func testALineLabelWalksShapedGlyphs() throws {
        _ = try Self.shaper()
        let json = try JSONParser.parse(#"""
        {"version": 8, "sources": {"l": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-40, 0], [40, 0]]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "t", "type": "symbol", "source": "l",
                     "layout": {"symbol-placement": "line", "text-field": "नई दिल्ली", "text-font": ["Noto Sans Regular"],
                                "text-size": 24}}]}
        """#)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            return XCTFail("style does not parse")
        }
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 2, width: 200, height: 64)
        let image = try MapRenderer(resources: RenderResources(dataDirectory: nil, fontsDirectory: "/usr/share/fonts/truetype/noto"))
            .render(parsed.0, camera: camera)
        try checkHeadline(image, width: 200, height: 64)
    }

    func checkHeadline(_ image: Pixmap, width: Int, height: Int) throws {
        let rows = (0..<height).map { y in (0..<width).filter { image.pixel($0, y).r < 100 }.count }
        XCTAssertGreaterThan(rows.max() ?? 0, 45, "the headline of the shaped conjuncts is drawn: \(rows)")
    }
}

/// `font-faces` (MapLibre's root property): a font name mapped to font files of the data
/// directory, each for its `unicode-range`, shaped with HarfBuzz ahead of `glyphs`.
final class FontFacesTests: XCTestCase {
    func testUnicodeRangesParseAsCSSWrites() {
        XCTAssertEqual(StackFont.unicodeRange("U+1780-17FF"), 0x1780...0x17FF)
        XCTAssertEqual(StackFont.unicodeRange("u+26"), 0x26...0x26)
        XCTAssertEqual(StackFont.unicodeRange("U+4??"), 0x400...0x4FF)
        XCTAssertEqual(StackFont.unicodeRange("U+A9E0-0xA9FF"), 0xA9E0...0xA9FF)
        XCTAssertNil(StackFont.unicodeRange("1780-17FF"))
        XCTAssertNil(StackFont.unicodeRange("U+17FF-1780"))
        XCTAssertNil(StackFont.unicodeRange("U+110000"))
    }

    func testAFontFaceFileDrawsItsRangeAheadOfGlyphs() throws {
        let khmer = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSansKhmer-Regular.ttf", installedBy: "fonts-noto-core")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-font-faces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: khmer, toPath: dir.path + "/fonts/khmer.ttf")
        func style(_ faces: String) throws -> Style {
            let json = try JSONParser.parse("""
            {"version": 8, "glyphs": "glyphs/{fontstack}/{range}.pbf", "font-faces": \(faces),
             "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "l", "type": "symbol", "source": "p",
                         "layout": {"text-field": "ភ្នំពេញ", "text-font": ["Khmer Face"], "text-size": 24}}]}
            """)
            guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
                throw XCTSkip("style does not parse")
            }
            return parsed.0
        }
        let data = try DataDirectory(root: dir.path)
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: data))
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 2, width: 160, height: 64)
        func dark(_ s: Style) throws -> Int {
            let image = try renderer.render(s, camera: camera)
            return (0..<64).reduce(0) { n, y in n + (0..<160).filter { image.pixel($0, y).r < 128 }.count }
        }
        let drawn = try dark(style(#"{"Khmer Face": [{"url": "fonts/khmer.ttf", "unicode-range": ["U+1780-17FF"]}]}"#))
        XCTAssertGreaterThan(drawn, 80, "the Khmer label is drawn from the font-faces file")
        // Outside its range the file is not used: no glyph PBF either, nothing drawn.
        XCTAssertEqual(try dark(style(#"{"Khmer Face": [{"url": "fonts/khmer.ttf", "unicode-range": ["U+0-7F"]}]}"#)), 0)
        // A file outside the data directory is refused (a warning), never opened.
        XCTAssertEqual(try dark(style(#"{"Khmer Face": "../khmer.ttf"}"#)), 0)
    }
}

/// `font-faces` files over HTTP: asked through the data directory's remote resources (never
/// waited for), drawn once the server holds them.
final class RemoteFontFacesTests: XCTestCase {
    final class Upstream: RemoteResources, @unchecked Sendable {
        let bodies: [String: [UInt8]]
        var held = false
        var asked: [RemoteKind] = []
        init(_ bodies: [String: [UInt8]]) { self.bodies = bodies }
        func bytes(_ url: String, kind: RemoteKind) throws -> [UInt8]? {
            asked.append(kind)
            guard held else { throw RemoteResourceMissing(url: url, kind: kind) }
            return bodies[url]
        }
        func version(_ url: String, kind: RemoteKind) throws -> UInt64 { held ? 1 : 0 }
        var generation: UInt64 { held ? 1 : 0 }
    }

    func testARemoteFontFileDrawsOnceFetched() throws {
        let khmer = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSansKhmer-Regular.ttf", installedBy: "fonts-noto-core")
        let url = "https://fonts.example/khmer.ttf"
        let upstream = Upstream([url: [UInt8](try Data(contentsOf: URL(fileURLWithPath: khmer)))])
        var data = try DataDirectory(root: FileManager.default.temporaryDirectory.path, remoteHosts: ["fonts.example"])
        data.remote = upstream
        let json = try JSONParser.parse("""
        {"version": 8, "font-faces": {"Khmer Face": "\(url)"},
         "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "l", "type": "symbol", "source": "p",
                     "layout": {"text-field": "ភ្នំពេញ", "text-font": ["Khmer Face"], "text-size": 24}}]}
        """)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            return XCTFail("style does not parse")
        }
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: data))
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 2, width: 160, height: 64)
        func dark() throws -> Int {
            let image = try renderer.render(parsed.0, camera: camera)
            return (0..<64).reduce(0) { n, y in n + (0..<160).filter { image.pixel($0, y).r < 128 }.count }
        }
        // Not fetched yet: asked for as a font, nothing drawn (and nothing kept of it).
        XCTAssertEqual(try dark(), 0)
        XCTAssertTrue(upstream.asked.contains(.font))
        upstream.held = true
        XCTAssertGreaterThan(try dark(), 80, "drawn from the fetched font file")
    }
}
