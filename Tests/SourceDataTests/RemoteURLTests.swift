import XCTest
@testable import SourceData

/// URLs of remote sources: relative tile URLs of a remote TileJSON, tile template tokens, and
/// the allow-list.
final class RemoteURLTests: XCTestCase {
    func testRelativeReferencesResolveAgainstTheTileJSON() {
        let base = "https://tiles.example.com/data/v3/tiles.json?key=1"
        XCTAssertEqual(DataDirectory.absolute("{z}/{x}/{y}.pbf", base: base), "https://tiles.example.com/data/v3/{z}/{x}/{y}.pbf")
        XCTAssertEqual(DataDirectory.absolute("../t/{z}/{x}/{y}.pbf", base: base), "https://tiles.example.com/data/t/{z}/{x}/{y}.pbf")
        XCTAssertEqual(DataDirectory.absolute("./{z}.pbf", base: base), "https://tiles.example.com/data/v3/{z}.pbf")
        XCTAssertEqual(DataDirectory.absolute("/x/{z}.pbf", base: base), "https://tiles.example.com/x/{z}.pbf")
        XCTAssertEqual(DataDirectory.absolute("//cdn.example.com/{z}.pbf", base: base), "https://cdn.example.com/{z}.pbf")
        XCTAssertEqual(DataDirectory.absolute("http://a.example.com/{z}.pbf", base: base), "http://a.example.com/{z}.pbf")
        XCTAssertEqual(DataDirectory.absolute("tiles/{z}.pbf", base: "local/tiles.json"), "tiles/{z}.pbf", "a local base changes nothing")
    }

    func testTemplateTokens() throws {
        let dir = try DataDirectory(root: NSTemporaryDirectory(), remoteHosts: ["t.example.com"])
        XCTAssertEqual(try dir.resolveTile("https://t.example.com/{prefix}/{z}/{x}/{y}", z: 5, x: 27, y: 3),
                       .remote(url: "https://t.example.com/b3/5/27/3"))
        XCTAssertEqual(try dir.resolveTile("https://t.example.com/wms?bbox={bbox-epsg-3857}", z: 1, x: 0, y: 0),
                       .remote(url: "https://t.example.com/wms?bbox=-20037508.342789244,0.0,0.0,20037508.342789244"))
    }

    func testAllowList() throws {
        let dir = try DataDirectory(root: NSTemporaryDirectory(), remoteHosts: ["a.example.com", "*.tiles.example.org"])
        XCTAssertTrue(dir.allowsHost("a.example.com"))
        XCTAssertTrue(dir.allowsHost("x.tiles.example.org"))
        XCTAssertFalse(dir.allowsHost("tiles.example.org.evil.com"))
        XCTAssertFalse(dir.allowsHost("b.example.com"))
        XCTAssertThrowsError(try dir.resolve("https://b.example.com/t.json")) { XCTAssertEqual(($0 as? DataPathError)?.code, "forbidden_remote") }
        let ported = try DataDirectory(root: NSTemporaryDirectory(), remoteHosts: ["tiles.example.net:8443"])
        XCTAssertTrue(ported.allows("https://tiles.example.net:8443/t.json"))
        XCTAssertFalse(ported.allows("https://tiles.example.net/t.json"), "another port of the host")
        XCTAssertFalse(ported.allows("https://tiles.example.net:9443/t.json"))
        let any = try DataDirectory(root: NSTemporaryDirectory(), remoteHosts: ["*"])
        XCTAssertTrue(any.allowsHost("anything.example.net"))
        XCTAssertThrowsError(try any.resolve("ftp://anything.example.net/x"))
    }
}

/// `mapbox://` URLs become Mapbox API URLs (the token comes from remoteParameters).
final class MapboxURLTests: XCTestCase {
    func testForms() throws {
        XCTAssertEqual(MapboxURL.normalize("mapbox://mapbox.mapbox-streets-v8,mapbox.mapbox-terrain-v2"),
                       "https://api.mapbox.com/v4/mapbox.mapbox-streets-v8,mapbox.mapbox-terrain-v2.json?secure")
        XCTAssertEqual(MapboxURL.normalize("mapbox://sprites/mapbox/streets-v12@2x.json"),
                       "https://api.mapbox.com/styles/v1/mapbox/streets-v12/sprite@2x.json")
        XCTAssertEqual(MapboxURL.normalize("mapbox://sprites/mapbox/streets-v12.png"),
                       "https://api.mapbox.com/styles/v1/mapbox/streets-v12/sprite.png")
        XCTAssertEqual(MapboxURL.normalize("mapbox://fonts/mapbox/{fontstack}/{range}.pbf"),
                       "https://api.mapbox.com/fonts/v1/mapbox/{fontstack}/{range}.pbf")
        XCTAssertEqual(MapboxURL.normalize("mapbox://styles/mapbox/streets-v12"), "https://api.mapbox.com/styles/v1/mapbox/streets-v12")
        XCTAssertEqual(MapboxURL.normalize("mapbox://tiles/mapbox.satellite/{z}/{x}/{y}.jpg"),
                       "https://api.mapbox.com/v4/mapbox.satellite/{z}/{x}/{y}.jpg")
        XCTAssertNil(MapboxURL.normalize("https://api.mapbox.com/x"))
        let dir = try DataDirectory(root: NSTemporaryDirectory(), remoteHosts: ["api.mapbox.com"])
        XCTAssertEqual(try dir.resolve("mapbox://mapbox.satellite"), .remote(url: "https://api.mapbox.com/v4/mapbox.satellite.json?secure"))
        let closed = try DataDirectory(root: NSTemporaryDirectory())
        XCTAssertThrowsError(try closed.resolve("mapbox://mapbox.satellite")) { XCTAssertEqual(($0 as? DataPathError)?.code, "forbidden_remote") }
    }
}
