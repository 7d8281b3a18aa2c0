import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import SourceData
import XCTest
@testable import TileServer

/// Glyph PBF folders of the fonts directory at `/fonts`: a folder's range as stored, a
/// combined fontstack glyph by glyph from the first font that has it, `/fonts.json` listing them.
final class GlyphFolderTests: XCTestCase {
    var dir: URL!
    let range = GlyphRange("0-255")!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-glyphdirs-\(UUID().uuidString)")
        try write("A", [glyph(65, advance: 1), glyph(66, advance: 1)])
        try write("B", [glyph(66, advance: 2), glyph(67, advance: 2)])
        try write("A,B", [glyph(90, advance: 9)])
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func glyph(_ id: UInt32, advance: Int) -> SDFGlyph {
        let field = (2 + 2 * SDFGlyph.border) * (1 + 2 * SDFGlyph.border)
        return SDFGlyph(id: id, width: 2, height: 1, left: 0, top: -1, advance: advance, bitmap: [UInt8](repeating: UInt8(id), count: field))
    }

    func write(_ font: String, _ glyphs: [SDFGlyph]) throws {
        let folder = dir.appendingPathComponent(font)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bytes = GlyphPBF.encode(GlyphPBF.Stack(name: font, range: "0-255", glyphs: glyphs))
        try Data(bytes).write(to: folder.appendingPathComponent("0-255.pbf"))
    }

    func decoded(_ bytes: [UInt8]?) throws -> [UInt32: Int] {
        var warnings: [String] = []
        let stack = try XCTUnwrap(GlyphPBF.decode(try XCTUnwrap(bytes), warnings: &warnings).first)
        XCTAssertEqual(warnings, [])
        return Dictionary(uniqueKeysWithValues: stack.glyphs.map { ($0.id, $0.advance) })
    }

    func testOneFontIsServedAsStored() throws {
        let service = GlyphService(path: dir.path, cacheBytes: 1 << 20)
        let stored = try Data(contentsOf: dir.appendingPathComponent("A/0-255.pbf"))
        XCTAssertEqual(service.pbf(fontstack: ["A"], range: range), Array(stored))
        XCTAssertNil(service.pbf(fontstack: ["A"], range: GlyphRange("256-511")!), "a range the folder lacks")
        XCTAssertNil(service.pbf(fontstack: ["Nope"], range: range))
        XCTAssertNil(service.pbf(fontstack: [".."], range: range), "no way out of the directory")
        XCTAssertNil(service.pbf(fontstack: ["A/../B"], range: range))
    }

    func testAWholeStackFolderWinsElseGlyphsCombineFirstFontFirst() throws {
        let service = GlyphService(path: dir.path, cacheBytes: 1 << 20)
        XCTAssertEqual(try decoded(service.pbf(fontstack: ["A", "B"], range: range)), [90: 9], "the folder named A,B")
        XCTAssertEqual(try decoded(service.pbf(fontstack: ["B", "A"], range: range)), [65: 1, 66: 2, 67: 2],
                       "66 from B, the first font that has it")
        XCTAssertEqual(try decoded(service.pbf(fontstack: ["Nope", "A"], range: range)), [65: 1, 66: 1], "a missing font is skipped")
    }

    func testFontsJSONListsTheFolders() throws {
        XCTAssertEqual(GlyphService(path: dir.path, cacheBytes: 0).names, ["A", "A,B", "B"], "a folder without PBFs is no font")
        let styles = dir.appendingPathComponent("styles")
        try FileManager.default.createDirectory(at: styles, withIntermediateDirectories: true)
        try Data(#"{"version": 8, "sources": {}, "layers": []}"#.utf8).write(to: styles.appendingPathComponent("default.json"))
        var config = ServerConfig()
        config.dataDir = dir.path; config.stylesDir = styles.path; config.fontsDir = dir.path; config.renderThreads = 1
        let app = StrataApp(config: config, store: MemorySessionStore(), renderer: OnePixelRenderer())
        try app.start()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { app.shutdown(); try? group.syncShutdownGracefully() }
        let list = try app.respond(to: HTTPRequest(method: .GET, uri: "/fonts.json"), on: group.next()).wait()
        XCTAssertEqual(try JSONParser.parse(list.body), ["A", "A,B", "B"])
        let pbf = try app.respond(to: HTTPRequest(method: .GET, uri: "/fonts/B/0-255.pbf"), on: group.next()).wait()
        XCTAssertEqual(pbf.status, .ok)
        XCTAssertEqual(pbf.body, Array(try Data(contentsOf: dir.appendingPathComponent("B/0-255.pbf"))))
    }
}
