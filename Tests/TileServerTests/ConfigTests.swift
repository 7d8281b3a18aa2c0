import Foundation
import JSON
import XCTest
@testable import TileServer

final class ConfigTests: XCTestCase {
    func testDefaultsAndOverrides() throws {
        var c = try ServerConfig(json: ["port": 9000, "renderThreads": 3, "archives": ["osm": "osm.mbtiles"]], file: "x.json")
        XCTAssertEqual(c.port, 9000); XCTAssertEqual(c.effectiveRenderThreads, 3); XCTAssertEqual(c.maxPixelRatio, 4)
        XCTAssertEqual(c.renderCacheBytes, 512 << 20); XCTAssertEqual(c.geoJSONCacheBytes, 512 << 20)
        XCTAssertEqual(try ServerConfig(json: ["renderCacheBytes": 67108864], file: "x.json").renderCacheBytes, 64 << 20)
        XCTAssertTrue(c.crossSourceCollisions)
        XCTAssertFalse(try ServerConfig(json: ["crossSourceCollisions": false], file: "x.json").crossSourceCollisions)
        XCTAssertFalse(c.staticAttribution)
        XCTAssertTrue(try ServerConfig(json: ["staticAttribution": true], file: "x.json").staticAttribution)
        XCTAssertEqual(c.maxPitch, 85)
        XCTAssertEqual(try ServerConfig(json: ["maxPitch": 60], file: "x.json").maxPitch, 60)
        c.resolvePaths(relativeTo: "/srv/strata/config")
        XCTAssertEqual(c.dataDir, "/srv/strata/config/data")
        XCTAssertEqual(c.store, "/srv/strata/config/data/strata.sqlite")
        XCTAssertEqual(c.archives["osm"], "/srv/strata/config/data/osm.mbtiles")
    }

    func testRemoteCacheDirIsOffByDefaultAndRelativeToTheConfig() throws {
        let plain = try ServerConfig(json: [:], file: "x.json")
        XCTAssertEqual(plain.remote.cacheDir, "")
        XCTAssertEqual(plain.remote.cacheDirBytes, 1 << 30)
        XCTAssertNil(try RemoteDiskCache.configured(plain.remote, configFile: "x.json"), "no folder: no disk cache")
        var c = try ServerConfig(json: ["remoteCacheDir": "cache/remote", "remoteCacheDirBytes": 1_048_576], file: "x.json")
        c.resolvePaths(relativeTo: "/srv/strata/config")
        XCTAssertEqual(c.remote.cacheDir, "/srv/strata/config/cache/remote")
        XCTAssertEqual(c.remote.cacheDirBytes, 1 << 20)
        for (json, needle) in [(["remoteCacheDir": 5] as JSONValue, "/remoteCacheDir"), (["remoteCacheDirBytes": 0], "/remoteCacheDirBytes")] {
            XCTAssertThrowsError(try ServerConfig(json: json, file: "cfg.json")) { XCTAssertTrue("\($0)".contains(needle), "\($0)") }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-folder-\(UUID().uuidString)")
        try Data([1]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var onFile = RemoteSettings()
        onFile.cacheDir = file.path
        XCTAssertThrowsError(try RemoteDiskCache.configured(onFile, configFile: "cfg.json")) {
            XCTAssertTrue("\($0)".hasPrefix("cfg.json: /remoteCacheDir: "), "\($0)")
        }
    }

    func testPostgresStoreIsAURLNotAPath() throws {
        var c = try ServerConfig(json: ["store": "postgres://strata@db:5432/strata"], file: "x.json")
        c.resolvePaths(relativeTo: "/srv/strata/config")
        XCTAssertEqual(c.store, "postgres://strata@db:5432/strata")
    }

    func testErrorsNameFileAndKey() {
        for (json, needle) in [(["port": "x"] as JSONValue, "/port"), (["nope": 1], "/nope: unknown key"),
                               (["port": 70000], "/port"), ([1, 2], "JSON object"), (["maxSessions": 0], "/maxSessions"),
                               (["renderCacheBytes": 64], "/renderCacheBytes: must be at least 1 MiB"),
                               (["heapTrimSeconds": -1], "/heapTrimSeconds: expected seconds"),
                               (["geoJSONCacheBytes": -1], "/geoJSONCacheBytes"), (["renderCacheBytes": "64MB"], "expected an integer"),
                               (["crossSourceCollisions": "no"], "/crossSourceCollisions: expected a boolean"),
                               (["staticAttribution": "yes"], "/staticAttribution: expected a boolean"),
                               (["maxPitch": 86], "/maxPitch"), (["maxPitch": -5], "/maxPitch")] {
            XCTAssertThrowsError(try ServerConfig(json: json, file: "cfg.json")) { e in
                let d = "\(e)"
                XCTAssertTrue(d.hasPrefix("cfg.json: "), d)
                XCTAssertTrue(d.contains(needle), d)
            }
        }
    }

    func testMalformedFileReportsPosition() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        try Data("{\n  \"port\": ,\n}".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertThrowsError(try ServerConfig.load(path: url.path)) { e in
            XCTAssertTrue("\(e)".contains("line 2"), "\(e)")
        }
        XCTAssertThrowsError(try ServerConfig.load(path: "/nonexistent/server.json")) { e in
            XCTAssertTrue("\(e)".contains("file not found"))
        }
    }

    func testShippedConfigLoads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("config/server.json").path
        let c = try ServerConfig.load(path: path)
        XCTAssertNoThrow(try c.validateFilesystem(configFile: path))
        XCTAssertEqual(c.port, 8080)
        XCTAssertTrue(c.defaultSessionReadOnly, "the shipped default map is not restyled by anonymous clients")
    }

    /// The default session is read-only unless a config says otherwise.
    func testDefaultSessionIsReadOnlyByDefault() throws {
        XCTAssertTrue(ServerConfig().defaultSessionReadOnly)
        XCTAssertTrue(try ServerConfig(json: [:], file: "x.json").defaultSessionReadOnly)
        XCTAssertFalse(try ServerConfig(json: ["defaultSessionReadOnly": false], file: "x.json").defaultSessionReadOnly)
    }
}
