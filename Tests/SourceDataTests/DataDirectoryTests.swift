import XCTest
import Foundation
@testable import SourceData

final class DataDirectoryTests: XCTestCase {
    var base: URL!
    var dir: DataDirectory!

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("strata-datadir-\(UUID().uuidString)")
        let root = base.appendingPathComponent("data")
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("tiles/1/0"), withIntermediateDirectories: true)
        try fm.createDirectory(at: base.appendingPathComponent("secret"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: root.appendingPathComponent("countries.geojson"))
        try Data().write(to: root.appendingPathComponent("tiles/1/0/0.mvt"))
        try Data("s".utf8).write(to: base.appendingPathComponent("secret/passwd"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("escape").path, withDestinationPath: base.appendingPathComponent("secret").path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("escape-file.json").path, withDestinationPath: "../secret/passwd")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("alias.geojson").path, withDestinationPath: "countries.geojson")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("dangling").path, withDestinationPath: "/nonexistent/strata/x")
        dir = try DataDirectory(root: root.path, archives: ["osm": "/srv/osm.mbtiles"], remoteHosts: ["tiles.example.com", "*.cdn.example.org"])
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    func assertForbidden(_ url: String, code: String = "forbidden_path", _ why: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try dir.resolve(url), url, file: file, line: line) { e in
            guard let err = e as? DataPathError else { return XCTFail("\(e)", file: file, line: line) }
            XCTAssertEqual(err.code, code, "\(url): \(err.message)", file: file, line: line)
            if let why { XCTAssertTrue(err.message.contains(why), err.message, file: file, line: line) }
        }
    }

    func testPlainRelativePathsResolveInside() throws {
        XCTAssertEqual(try dir.resolve("countries.geojson"), .file(path: dir.root + "/countries.geojson"))
        XCTAssertEqual(try dir.resolve("./countries.geojson?v=3#x"), .file(path: dir.root + "/countries.geojson"))
        XCTAssertEqual(try dir.resolve("tiles//1/0/0.mvt"), .file(path: dir.root + "/tiles/1/0/0.mvt"))
        XCTAssertEqual(try dir.resolve("alias.geojson"), .file(path: dir.root + "/alias.geojson"), "a symlink staying inside is fine")
        XCTAssertEqual(try dir.resolve("missing/dir/x.png"), .file(path: dir.root + "/missing/dir/x.png"), "missing is not forbidden")
        XCTAssertEqual(try dir.resolve("with%20space.json"), .file(path: dir.root + "/with space.json"))
    }

    func testEscapesAreForbidden() {
        assertForbidden("../secret/passwd", "'..'")
        assertForbidden("tiles/../../secret/passwd", "'..'")
        assertForbidden("tiles/..", "'..'")
        assertForbidden("/etc/passwd", "absolute")
        assertForbidden("//evil.example.com/x", "absolute")
        assertForbidden("file:///etc/passwd", "file://")
        assertForbidden("FILE:/etc/passwd", "file://")
        assertForbidden("escape/passwd", "symbolic link")
        assertForbidden("escape", "symbolic link")
        assertForbidden("escape-file.json", "symbolic link")
        assertForbidden("escape/not-there/deeper.json", "symbolic link")
        assertForbidden("dangling", "symbolic link")
        assertForbidden("dangling/x", "symbolic link")
        assertForbidden("", "empty")
        assertForbidden(".", "data directory itself")
        assertForbidden("?v=1", "empty")
    }

    func testEncodingTricksAreForbidden() {
        assertForbidden("a\u{0}b.json", "NUL")
        assertForbidden("a%00b.json", "NUL")
        assertForbidden("%2e%2e/secret/passwd", "'..'")
        assertForbidden("%2E%2E%2Fsecret%2Fpasswd", "'..'")
        assertForbidden("tiles/%2e%2e/%2e%2e/secret/passwd", "'..'")
        assertForbidden("%2fetc/passwd", "absolute")
        assertForbidden("%252e%252e/secret", "twice")
        assertForbidden("a%zz", "malformed")
        assertForbidden("a%2", "malformed")
        assertForbidden("..%5csecret", "backslash")
        assertForbidden("%ff%fe.json", "UTF-8")
        // The message shows control characters escaped.
        XCTAssertThrowsError(try dir.resolve("x\u{0}y")) { XCTAssertTrue("\($0)".contains("x\\u{0}y"), "\($0)") }
    }

    func testArchivesAndRemotes() throws {
        XCTAssertEqual(try dir.resolve("mbtiles://osm"), .archive(kind: .mbtiles, name: "osm", path: "/srv/osm.mbtiles"))
        assertForbidden("mbtiles://nope", code: "unknown_archive", "known: osm")
        XCTAssertEqual(try dir.resolve("pmtiles://osm"), .archive(kind: .pmtiles, name: "osm", path: "/srv/osm.mbtiles"))
        assertForbidden("mbtiles:osm", code: "unknown_archive")
        XCTAssertEqual(try dir.resolve("https://tiles.example.com/{z}/{x}/{y}.png"), .remote(url: "https://tiles.example.com/{z}/{x}/{y}.png"))
        XCTAssertEqual(try dir.resolve("http://TILES.example.com:8080/a"), .remote(url: "http://TILES.example.com:8080/a"))
        XCTAssertEqual(try dir.resolve("https://a.cdn.example.org/x.json"), .remote(url: "https://a.cdn.example.org/x.json"))
        assertForbidden("https://evil.example.com/x", code: "forbidden_remote", "evil.example.com")
        assertForbidden("https://tiles.example.com@evil.example.com/x", code: "forbidden_remote")
        assertForbidden("https://tiles.example.com.evil.net/x", code: "forbidden_remote")
        assertForbidden("http:///x", code: "forbidden_remote")
        assertForbidden("https://cdn.example.org.evil/x", code: "forbidden_remote")
        assertForbidden("data:application/json,{}", code: "unsupported_url")
        assertForbidden("javascript:alert(1)", code: "unsupported_url")
    }

    func testTileTemplates() throws {
        XCTAssertEqual(try dir.resolveTile("tiles/{z}/{x}/{y}.mvt", z: 1, x: 0, y: 0), .file(path: dir.root + "/tiles/1/0/0.mvt"))
        XCTAssertEqual(try dir.resolveTile("q/{quadkey}{ratio}.png", z: 3, x: 5, y: 2, ratio: 2), .file(path: dir.root + "/q/121@2x.png"))
        XCTAssertThrowsError(try dir.resolveTile("../{z}/{x}/{y}.png", z: 0, x: 0, y: 0))
        // Empty file = empty tile, missing file = missing tile.
        XCTAssertEqual(try dir.read(dir.root + "/tiles/1/0/0.mvt"), [])
        XCTAssertNil(try dir.read(dir.root + "/tiles/1/0/1.mvt"))
        XCTAssertEqual(try dir.read(dir.root + "/countries.geojson"), Array("{}".utf8))
        XCTAssertThrowsError(try dir.read(dir.root + "/countries.geojson", limit: 1))
    }

    func testRootMustExist() {
        XCTAssertThrowsError(try DataDirectory(root: "/nonexistent/strata"))
        XCTAssertThrowsError(try DataDirectory(root: base.appendingPathComponent("data/countries.geojson").path))
    }
}
