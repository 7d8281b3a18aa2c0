import XCTest
import JSON
import PNGCodec
import Raster
import SourceData
@testable import Renderer

/// Sprite indexes and sheets: broken input becomes warnings (never a crash), `@2x` files are
/// chosen by pixel ratio, sprite arrays name their icons `id:icon`.
final class SpriteSheetTests: XCTestCase {
    func testIndexThatIsNotJSONIsOneWarning() {
        let index = SpriteIndex.parse(Array("{not json".utf8))
        XCTAssertTrue(index.entries.isEmpty)
        XCTAssertEqual(index.warnings.count, 1)
        XCTAssertEqual(SpriteIndex.parse(Array("[1, 2]".utf8)).warnings.count, 1)
    }

    func testIndexSkipsUnusableEntriesWithWarnings() {
        let json = """
        {"ok": {"x": 0, "y": 0, "width": 2, "height": 2, "pixelRatio": 2, "sdf": true},
         "outside": {"x": 3, "y": 0, "width": 2, "height": 2},
         "negative": {"x": -1, "y": 0, "width": 2, "height": 2},
         "fraction": {"x": 0.5, "y": 0, "width": 2, "height": 2},
         "missing": {"x": 0, "y": 0, "width": 2},
         "zero": {"x": 0, "y": 0, "width": 0, "height": 2},
         "ratio": {"x": 0, "y": 0, "width": 1, "height": 1, "pixelRatio": -3},
         "huge": {"x": 0, "y": 0, "width": 1e300, "height": 2},
         "text": "icon"}
        """
        let index = SpriteIndex.parse(Array(json.utf8), sheetWidth: 4, sheetHeight: 4)
        XCTAssertEqual(index.entries, [SpriteEntry(name: "ok", x: 0, y: 0, width: 2, height: 2, pixelRatio: 2, sdf: true)])
        XCTAssertEqual(index.warnings.count, 8)
    }

    func testSheetCutsRectanglesAndPrefixesNames() {
        let sheetPixels = Self.pixmap(width: 4, height: 2) { x, _ in x < 2 ? Self.red : Self.blue }
        let index = SpriteIndex(entries: [SpriteEntry(name: "left", x: 0, y: 0, width: 2, height: 2),
                                          SpriteEntry(name: "right", x: 2, y: 0, width: 2, height: 2, pixelRatio: 2),
                                          SpriteEntry(name: "beyond", x: 3, y: 1, width: 2, height: 2)])
        var sheet = SpriteSheet()
        sheet.add(index: index, sheet: sheetPixels, prefix: "base")
        XCTAssertEqual(sheet.names, ["base:left", "base:right"])
        XCTAssertEqual(sheet.images["base:left"]?.pixmap.pixel(1, 1), Self.red)
        XCTAssertEqual(sheet.images["base:right"]?.pixmap.pixel(0, 0), Self.blue)
        XCTAssertEqual(sheet.images["base:right"]?.pixelRatio, 2)
        XCTAssertEqual(sheet.warnings.count, 1, "the rectangle outside the sheet is a warning")
    }

    func testLoaderChoosesHighDensityFilesByPixelRatio() throws {
        let fixture = try TileFixture()
        try Self.writeSprite(fixture, "sprites/s", ratio: 1, color: Self.red)
        try Self.writeSprite(fixture, "sprites/s@2x", ratio: 2, color: Self.blue)
        try Self.writeSprite(fixture, "sprites/only1x", ratio: 1, color: Self.red)
        let dir = try DataDirectory(root: fixture.root.path)
        let low = try SpriteLoader.load("sprites/s", highDensity: false, directory: dir)
        let high = try SpriteLoader.load("sprites/s", highDensity: true, directory: dir)
        XCTAssertEqual(low.images["icon"]?.pixelRatio, 1)
        XCTAssertEqual(low.images["icon"]?.pixmap.pixel(0, 0), Self.red)
        XCTAssertEqual(high.images["icon"]?.pixelRatio, 2)
        XCTAssertEqual(high.images["icon"]?.pixmap.pixel(0, 0), Self.blue)
        let fallback = try SpriteLoader.load("sprites/only1x", highDensity: true, directory: dir)
        XCTAssertEqual(fallback.images["icon"]?.pixelRatio, 1, "without @2x files the plain ones are used")
        XCTAssertEqual(SpriteLoader.variant("sprites/s?v=3", "@2x.json"), "sprites/s@2x.json?v=3")
    }

    func testSpriteArrayNamesIconsByIdExceptDefault() throws {
        let fixture = try TileFixture()
        try Self.writeSprite(fixture, "sprites/a", ratio: 1, color: Self.red)
        try Self.writeSprite(fixture, "sprites/b", ratio: 1, color: Self.blue)
        let dir = try DataDirectory(root: fixture.root.path)
        let value: JSONValue = [["id": "default", "url": "sprites/a"], ["id": "extra", "url": "sprites/b"]]
        let sheet = try SpriteLoader.load(value, highDensity: false, directory: dir)
        XCTAssertEqual(sheet.names, ["icon", "extra:icon"])
        XCTAssertEqual(sheet.images["extra:icon"]?.pixmap.pixel(0, 0), Self.blue)
        XCTAssertTrue(sheet.warnings.isEmpty)
    }

    func testMissingBrokenAndHostileSpritesAreWarnings() throws {
        let fixture = try TileFixture()
        try fixture.write(Array("{\"icon\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}}".utf8), "sprites/nopng.json")
        try fixture.write(Array("garbage".utf8), "sprites/nopng.png")
        let dir = try DataDirectory(root: fixture.root.path)
        for url in ["sprites/absent", "sprites/nopng", "../outside", "/etc/passwd", "https://example.com/sprite", "mbtiles://x"] {
            let sheet = try SpriteLoader.load(.string(url), highDensity: true, directory: dir)
            XCTAssertTrue(sheet.isEmpty, url)
            XCTAssertEqual(sheet.warnings.count, 1, url)
        }
        XCTAssertTrue(try SpriteLoader.load(.number(3), highDensity: false, directory: dir).isEmpty)
        XCTAssertTrue(try SpriteLoader.load([["id": 1]], highDensity: false, directory: dir).isEmpty)
    }

    // MARK: helpers

    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)

    static func pixmap(width: Int, height: Int, _ color: (Int, Int) -> PremultipliedRGBA8) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { p.setPixel(x, y, color(x, y)) } }
        return p
    }

    /// A sprite of one 2×2 icon called `icon`.
    static func writeSprite(_ fixture: TileFixture, _ base: String, ratio: Int, color: PremultipliedRGBA8) throws {
        let p = pixmap(width: 2, height: 2) { _, _ in color }
        try fixture.write(PNGEncoder.encode(premultipliedRGBA: p.data, width: 2, height: 2), base + ".png")
        try fixture.write(Array("{\"icon\": {\"x\": 0, \"y\": 0, \"width\": 2, \"height\": 2, \"pixelRatio\": \(ratio)}}".utf8), base + ".json")
    }
}
