import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// `publishedCacheControl` on published tiles and sprites, `publishedMetadataCacheControl` on
/// the documents naming them; without the keys, what the routes sent before.
final class PublishedCacheControlTests: AppHarnessTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(##"{"version": 8, "sources": {}, "sprite": "sprites/s", "layers": []}"##, to: "styles/default.json")
        try write(#"{"dot": {"x": 0, "y": 0, "width": 1, "height": 1, "pixelRatio": 1}}"#, to: "sprites/s.json")
    }

    func start(_ edit: (inout ServerConfig) -> Void) throws -> StrataApp { try startApp(edit) }

    func cacheControl(_ app: StrataApp, _ uri: String, etag: String? = nil) throws -> (HTTPResponseStatus, String?) {
        var headers: HTTPHeaders = ["Host": "maps.example"]
        if let etag { headers.add(name: "If-None-Match", value: etag) }
        let r = try app.respond(to: HTTPRequest(method: .GET, uri: uri, headers: headers), on: group.next()).wait()
        return (r.status, r.headers.first(name: "Cache-Control"))
    }

    static let documents = ["/styles.json", "/rendered.json", "/index.json", "/styles/default.json", "/styles/default/style.json",
                            "/styles/default/wmts.xml", "/data.json", "/fonts.json"]

    func testDefaultsAreWhatTheRoutesSentBefore() throws {
        let app = try start { _ in }
        XCTAssertEqual(try cacheControl(app, "/styles/default/0/0/0.png").1, "no-cache")
        let pinned = try JSONParser.parse(app.respond(to: HTTPRequest(method: .GET, uri: "/styles/default.json"), on: group.next())
            .wait().body)["tiles"]?[0]?.stringValue ?? ""
        let v = String(pinned.split(separator: "?").last ?? "")
        XCTAssertEqual(try cacheControl(app, "/styles/default/0/0/0.png?" + v).1, "public, max-age=31536000, immutable")
        XCTAssertEqual(try cacheControl(app, "/styles/default/sprite.json").1, "no-cache")
        for uri in Self.documents { XCTAssertEqual(try cacheControl(app, uri).1, "no-cache", uri) }
    }

    func testConfiguredValues() throws {
        let app = try start {
            $0.publishedCacheControl = "public, max-age=86400"
            $0.publishedMetadataCacheControl = "public, max-age=60"
        }
        let tile = try app.respond(to: HTTPRequest(method: .GET, uri: "/styles/default/0/0/0.png"), on: group.next()).wait()
        XCTAssertEqual(tile.headers.first(name: "Cache-Control"), "public, max-age=86400")
        let etag = try XCTUnwrap(tile.headers.first(name: "ETag"))
        let revalidated = try cacheControl(app, "/styles/default/0/0/0.png", etag: etag)
        XCTAssertEqual(revalidated.0, .notModified, "ETag/304 unchanged")
        XCTAssertEqual(revalidated.1, "public, max-age=86400")
        XCTAssertEqual(try cacheControl(app, "/styles/default/sprite.json").1, "public, max-age=86400")
        for uri in Self.documents { XCTAssertEqual(try cacheControl(app, uri).1, "public, max-age=60", uri) }
        XCTAssertEqual(try cacheControl(app, "/tiles/0/0/0.png").1, "no-cache", "session tiles are not published ones")
    }

    func testConfigValuesAreValidated() throws {
        let c = try ServerConfig(json: ["publishedCacheControl": "public, max-age=86400", "publishedMetadataCacheControl": "no-store"],
                                 file: "x.json")
        XCTAssertEqual(c.publishedCacheControl, "public, max-age=86400")
        XCTAssertEqual(c.publishedMetadataCacheControl, "no-store")
        for json: JSONValue in [["publishedCacheControl": ""], ["publishedCacheControl": "a\r\nSet-Cookie: x"],
                                ["publishedMetadataCacheControl": 3]] {
            XCTAssertThrowsError(try ServerConfig(json: json, file: "x.json"), "\(json)")
        }
    }
}
