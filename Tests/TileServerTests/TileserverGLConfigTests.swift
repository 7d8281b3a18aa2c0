import Foundation
import JSON
import SourceData
import XCTest
@testable import TileServer

/// A tileserver-gl `config.json` mapped onto Strata's config: paths, style and data ids,
/// options, warnings for what Strata does not do, errors for a broken file.
final class TileserverGLConfigTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tsgl-\(UUID().uuidString)")
        for sub in ["tiles/styles", "tiles/data", "tiles/fonts"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try Data(#"{"version": 8, "sources": {}, "layers": []}"#.utf8).write(to: dir.appendingPathComponent("tiles/styles/extra.json"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func load(_ json: String) throws -> ServerConfig {
        let file = dir.appendingPathComponent("config.json")
        try Data(json.utf8).write(to: file)
        return try ServerConfig.load(path: file.path)
    }

    static let config = #"""
    {"options": {"paths": {"root": "tiles", "styles": "styles", "mbtiles": "data", "pmtiles": "/srv/pm", "fonts": "fonts",
                           "sprites": "sprites", "icons": "icons"},
                 "maxScaleFactor": 3, "maxSize": 4096, "serveAllFonts": true, "pbfAlias": "pbf"},
     "styles": {"osm-bright": {"style": "bright.json", "tilejson": {"type": "overlay", "format": "webp"}},
                "basic": {"style": "/abs/basic.json", "serve_rendered": false}},
     "data": {"openmaptiles": {"mbtiles": "omt.mbtiles"}, "world": {"pmtiles": "world.pmtiles", "sparse": true}},
     "strata": {"store": ":memory:", "port": 9001}}
    """#

    func testPathsIdsAndOptionsMapOntoStrata() throws {
        let c = try load(Self.config)
        let root = dir.appendingPathComponent("tiles").standardizedFileURL.path
        XCTAssertEqual(c.dataDir, root, "relative URLs of styles resolve against paths.root")
        XCTAssertEqual(c.stylesDir, root + "/styles")
        XCTAssertEqual(c.fontsDir, root + "/fonts")
        XCTAssertEqual(c.iconsDir, root + "/icons", "paths.icons: the static markers' icons folder")
        XCTAssertEqual(c.styleFiles, ["osm-bright": root + "/styles/bright.json", "basic": "/abs/basic.json"])
        XCTAssertEqual(c.stylePath(named: "osm-bright"), root + "/styles/bright.json", "sessions find config ids too")
        XCTAssertEqual(c.stylePath(named: "extra"), root + "/styles/extra.json")
        XCTAssertEqual(c.defaultStyle, "osm-bright", "the first style of the list")
        XCTAssertEqual(c.archives, ["openmaptiles": root + "/data/omt.mbtiles", "world": "/srv/pm/world.pmtiles"])
        XCTAssertEqual(c.maxPixelRatio, 3); XCTAssertEqual(c.maxStaticSide, 4096)
        XCTAssertEqual(c.store, ":memory:"); XCTAssertEqual(c.port, 9001)
        XCTAssertEqual(c.styleTileJSON["osm-bright"]?["type"], "overlay")
        XCTAssertFalse(c.serveAllStyles)
        XCTAssertFalse(c.discoverArchives, "only the data list is served")
        XCTAssertEqual(PublishedStyles.styleFiles(of: c).map(\.id), ["basic", "osm-bright"], "only the list without serveAllStyles")
        for needle in ["/options/pbfAlias", "/styles/basic/serve_rendered", "/data/world/sparse"] {
            XCTAssertTrue(c.warnings.contains { $0.hasPrefix(needle) }, "\(needle) in \(c.warnings)")
        }
        XCTAssertEqual(c.warnings.count, 3, "\(c.warnings)")
    }

    func testRootDefaultsToTheConfigFolderAndServeAllStylesAddsTheFolder() throws {
        let c = try load(#"{"options": {"paths": {"styles": "tiles/styles"}, "serveAllStyles": true}, "styles": {}}"#)
        XCTAssertEqual(c.dataDir, dir.standardizedFileURL.path)
        XCTAssertEqual(c.fontsDir, "", "no paths.fonts: no fonts folder (the root is none)")
        XCTAssertEqual(c.iconsDir, "", "no paths.icons: no icons folder")
        XCTAssertEqual(c.defaultStyle, "extra", "no list: the first file of the styles folder")
        XCTAssertEqual(PublishedStyles.styleFiles(of: c).map(\.id), ["extra"])
        XCTAssertTrue(c.warnings.isEmpty, "\(c.warnings)")
    }

    func testStrataKeysThatPathsDecideAreWarnedAndIgnored() throws {
        let c = try load(#"{"options": {"paths": {"styles": "tiles/styles"}}, "styles": {}, "strata": {"dataDir": "/x", "fontsDir": "/f"}}"#)
        XCTAssertEqual(c.dataDir, dir.standardizedFileURL.path)
        XCTAssertEqual(c.fontsDir, "/f", "no paths.fonts: the strata key stands")
        XCTAssertEqual(c.warnings.count, 1); XCTAssertTrue(c.warnings[0].hasPrefix("/strata/dataDir"), "\(c.warnings)")
    }

    func testStrataFormatIsStillReadAsBefore() throws {
        let c = try load(#"{"styles": "tiles/styles", "defaultStyle": "extra"}"#)
        XCTAssertTrue(c.serveAllStyles); XCTAssertTrue(c.styleFiles.isEmpty)
        XCTAssertEqual(PublishedStyles.styleFiles(of: c).map(\.id), ["extra"])
    }

    func testBrokenConfigsFailWithTheKey() throws {
        for (json, needle) in [
            (#"{"options": {"paths": {"root": 5}}}"#, "/options/paths/root: expected a folder path"),
            (#"{"options": [], "styles": {}}"#, "/options: expected an object"),
            (#"{"styles": {"a": {"style": 1}}}"#, "/styles/a/style"),
            (#"{"styles": {"../a": {"style": "a.json"}}}"#, "/styles/../a"),
            (#"{"styles": {"a": "a.json"}}"#, "/styles/a: expected an object"),
            (#"{"styles": {"a": {"style": "a.json", "tilejson": {"format": "gif"}}}}"#, "/styles/a/tilejson/format"),
            (#"{"data": {"d": {"mbtiles": "a.mbtiles", "pmtiles": "b.pmtiles"}}, "styles": {"a": {"style": "a.json"}}}"#, "/data/d: expected exactly one"),
            (#"{"data": {"d": {}}, "styles": {"a": {"style": "a.json"}}}"#, "/data/d"),
            (#"{"options": {"maxScaleFactor": 20}, "styles": {"a": {"style": "a.json"}}}"#, "/options/maxScaleFactor"),
            (#"{"options": {"serveAllStyles": "yes"}, "styles": {"a": {"style": "a.json"}}}"#, "/options/serveAllStyles: expected a boolean"),
            (#"{"styles": {"a": {"style": "a.json"}}, "strata": {"nope": 1}}"#, "/nope: unknown key"),
            (#"{"options": {"paths": {"styles": "tiles/data"}}, "data": {}}"#, "/styles: no style"),
            (#"{"styles": {"a": {"style": "a.json"}},}"#, "malformed JSON"),
        ] {
            XCTAssertThrowsError(try load(json), json) { XCTAssertTrue("\($0)".contains(needle), "\(json): \($0)") }
        }
    }

    /// `mbtiles://{id}` (tileserver-gl's reference to a data id) and `mbtiles://file.mbtiles`
    /// resolve to the configured archive, as `mbtiles://id` does.
    func testArchiveReferencesByIdBracesAndFileName() throws {
        let d = try DataDirectory(root: dir.path, archives: ["openmaptiles": "/srv/tiles/omt.mbtiles"])
        XCTAssertEqual(d.archiveID("openmaptiles"), "openmaptiles")
        XCTAssertEqual(d.archiveID("{openmaptiles}"), "openmaptiles")
        XCTAssertEqual(d.archiveID("omt.mbtiles"), "openmaptiles")
        XCTAssertNil(d.archiveID("{nope}")); XCTAssertNil(d.archiveID("{}")); XCTAssertNil(d.archiveID("omt"))
        for url in ["mbtiles://openmaptiles", "mbtiles://{openmaptiles}", "mbtiles://omt.mbtiles"] {
            guard case .archive(_, let name, let path) = try d.resolve(url) else { return XCTFail(url) }
            XCTAssertEqual(name, "openmaptiles"); XCTAssertEqual(path, "/srv/tiles/omt.mbtiles")
        }
        XCTAssertThrowsError(try d.resolve("mbtiles://{nope}"))
    }

    /// Sprites and glyphs where tileserver-gl reads them (`paths.sprites` with `{style}` and
    /// `{styleJsonFolder}`, `paths.fonts`), as paths relative to the root.
    func testSpriteAndGlyphURLsFollowThePaths() throws {
        let urls = TileserverGLStyleURLs(root: "/srv/t", sprites: "/srv/t/sprites", fonts: "/srv/t/fonts")
        let style = try JSONParser.parse(Array(#"""
            {"version": 8, "sprite": "{style}/sprite", "glyphs": "{fontstack}/{range}.pbf", "sources": {}, "layers": []}
            """#.utf8))
        let out = urls.adapt(style, file: "/srv/t/styles/bright.json")
        XCTAssertEqual(out["sprite"], "sprites/bright/sprite")
        XCTAssertEqual(out["glyphs"], "fonts/{fontstack}/{range}.pbf")
        let folder = try JSONParser.parse(Array(#"{"sprite": "{styleJsonFolder}/sprite", "glyphs": "https://g/{fontstack}/{range}.pbf"}"#.utf8))
        let fromFolder = urls.adapt(folder, file: "/srv/t/styles/bright.json")
        XCTAssertEqual(fromFolder["sprite"], "styles/sprite", "{styleJsonFolder} is the style's folder from paths.sprites")
        XCTAssertEqual(fromFolder["glyphs"], "https://g/{fontstack}/{range}.pbf", "remote URLs are kept")
        let array = try JSONParser.parse(Array(#"{"sprite": [{"id": "a", "url": "a"}, {"id": "b", "url": "https://s/b"}]}"#.utf8))
        XCTAssertEqual(urls.adapt(array, file: "/srv/t/s.json")["sprite"],
                       try JSONParser.parse(Array(#"[{"id": "a", "url": "sprites/a"}, {"id": "b", "url": "https://s/b"}]"#.utf8)))
        let outside = TileserverGLStyleURLs(root: "/srv/t", sprites: "/elsewhere", fonts: "/srv/t")
        let kept = outside.adapt(style, file: "/srv/t/bright.json")
        XCTAssertEqual(kept["sprite"], "{style}/sprite", "outside the root: kept as written")
        XCTAssertEqual(kept["glyphs"], "{fontstack}/{range}.pbf")
        XCTAssertEqual(TileserverGLStyleURLs.relativePath(from: "/a/b", to: "/a/c/d"), "../c/d")
    }

    func testTileJSONMembersOfTheConfigReplaceTheMadeOnes() throws {
        let made: JSONValue = ["tilejson": "3.0.0", "type": "baselayer", "tiles": ["http://h/t.png"], "format": "png"]
        let extra = try XCTUnwrap(JSONParser.parse(Array(#"{"type": "overlay", "tiles": ["x"], "bounds": [1, 2, 3, 4]}"#.utf8)).objectValue)
        let out = PublishedTileJSON.adding(extra, to: made)
        XCTAssertEqual(out["type"], "overlay")
        XCTAssertEqual(out["bounds"], [1, 2, 3, 4])
        XCTAssertEqual(out["tiles"], ["http://h/t.png"], "the tile URLs stay the server's")
        XCTAssertEqual(PublishedTileJSON.adding(nil, to: made), made)
    }
}
