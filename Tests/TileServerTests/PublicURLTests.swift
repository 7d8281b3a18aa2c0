import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// The base of the URLs the server writes: `publicUrl`, a trusted proxy's `Forwarded` /
/// `X-Forwarded-*` headers, else `http://` + Host; checked at load and end to end.
final class PublicURLTests: AppHarnessTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(##"{"version": 8, "sources": {}, "sprite": "sprites/s", "layers": []}"##, to: "styles/default.json")
    }

    func start(_ edit: (inout ServerConfig) -> Void) throws -> StrataApp { try startApp(edit) }

    func get(_ app: StrataApp, _ uri: String, _ headers: HTTPHeaders) throws -> HTTPResponse {
        try app.respond(to: HTTPRequest(method: .GET, uri: uri, headers: headers), on: group.next()).wait()
    }

    func testNormalizedPublicURLs() {
        XCTAssertEqual(PublicBaseURL.normalized("https://maps.example.com/"), "https://maps.example.com")
        XCTAssertEqual(PublicBaseURL.normalized("https://maps.example.com/tiles//"), "https://maps.example.com/tiles")
        XCTAssertEqual(PublicBaseURL.normalized("http://127.0.0.1:8080"), "http://127.0.0.1:8080")
        for bad in ["", "/tiles", "maps.example.com", "ftp://maps.example.com", "https://", "https://a.b/?x=1",
                    "https://a.b/#f", "https://u:p@a.b/", "https://a.b/ x"] {
            XCTAssertNil(PublicBaseURL.normalized(bad), bad)
        }
    }

    func testProxyHeadersOnlyWhenTrusted() {
        func base(_ headers: HTTPHeaders, trust: Bool, publicURL: String? = nil) -> String {
            PublicBaseURL.base(publicURL: publicURL, trustProxy: trust, request: HTTPRequest(method: .GET, uri: "/", headers: headers),
                               fallbackHost: "127.0.0.1:8080")
        }
        let xf: HTTPHeaders = ["Host": "inner:8080", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "maps.example.com"]
        XCTAssertEqual(base(xf, trust: false), "http://inner:8080", "untrusted: a client could send these")
        XCTAssertEqual(base(xf, trust: true), "https://maps.example.com")
        XCTAssertEqual(base(["Host": "inner", "X-Forwarded-Proto": "https, http"], trust: true), "https://inner", "first of a list")
        let fwd: HTTPHeaders = ["Host": "inner", "Forwarded": #"for=1.2.3.4;proto=https;host="maps.example.com:8443", for=5.6.7.8"#,
                                "X-Forwarded-Host": "other"]
        XCTAssertEqual(base(fwd, trust: true), "https://maps.example.com:8443", "Forwarded wins, quotes taken off")
        XCTAssertEqual(base(["Host": "inner", "X-Forwarded-Proto": "gopher", "X-Forwarded-Host": "evil/path"], trust: true),
                       "http://inner", "a bad proto or host is ignored")
        XCTAssertEqual(base([:], trust: false), "http://127.0.0.1:8080", "no Host: the listen address")
        XCTAssertEqual(base(xf, trust: true, publicURL: "https://cdn.example/t"), "https://cdn.example/t", "publicUrl wins")
    }

    /// A tileserver-gl config with `options.publicUrl` and a style to start from.
    func glConfig(_ publicURL: String) throws -> JSONObject {
        try Data(#"{"version": 8, "sources": {}, "layers": []}"#.utf8).write(to: dir.appendingPathComponent("a.json"))
        let v: JSONValue = ["options": ["publicUrl": .string(publicURL)], "styles": ["a": ["style": "a.json"]]]
        return v.objectValue!
    }

    func testConfigKeysAreValidated() throws {
        let c = try ServerConfig(json: ["publicUrl": "https://maps.example.com/tiles/", "trustProxyHeaders": true], file: "x.json")
        XCTAssertEqual(c.publicURL, "https://maps.example.com/tiles")
        XCTAssertTrue(c.trustProxyHeaders)
        XCTAssertNil(ServerConfig().publicURL); XCTAssertFalse(ServerConfig().trustProxyHeaders)
        for (json, needle) in [(["publicUrl": "maps.example.com"], "/publicUrl: expected an absolute http(s) URL"),
                               (["publicUrl": 5], "/publicUrl: expected a string"),
                               (["trustProxyHeaders": "yes"], "/trustProxyHeaders: expected a boolean")] as [(JSONValue, String)] {
            XCTAssertThrowsError(try ServerConfig(json: json, file: "x.json")) { XCTAssertTrue("\($0)".contains(needle), "\($0)") }
        }
        let gl = try TileserverGLConfig.config(try glConfig("https://tiles.example/"),
                                               file: "c.json", folder: dir.path)
        XCTAssertEqual(gl.publicURL, "https://tiles.example")
        XCTAssertThrowsError(try TileserverGLConfig.config(try glConfig("nope"),
                                                           file: "c.json", folder: dir.path)) {
            XCTAssertTrue("\($0)".contains("/options/publicUrl"), "\($0)")
        }
    }

    /// Every document that writes absolute URLs starts them with the one base.
    func testEveryDocumentUsesTheBase() throws {
        let app = try start { $0.publicURL = "https://maps.example.com/tiles" }
        let headers: HTTPHeaders = ["Host": "inner:8080"]
        let base = "https://maps.example.com/tiles"
        let catalog = try JSONParser.parse(get(app, "/styles.json", headers).body)
        XCTAssertEqual(catalog[0]?["url"], .string(base + "/styles/default/style.json"))
        let tj = try JSONParser.parse(get(app, "/styles/default.json", headers).body)
        XCTAssertTrue(tj["tiles"]?[0]?.stringValue?.hasPrefix(base + "/styles/default/{z}/") ?? false, "\(tj)")
        let style = try JSONParser.parse(get(app, "/styles/default/style.json", headers).body)
        XCTAssertEqual(style["sprite"], .string(base + "/styles/default/sprite"))
        let session = try JSONParser.parse(get(app, "/tiles.json", headers).body)
        XCTAssertTrue(session["tiles"]?[0]?.stringValue?.hasPrefix(base + "/tiles/{z}/") ?? false, "\(session)")
        let wmts = String(decoding: try get(app, "/styles/default/wmts.xml", headers).body, as: UTF8.self)
        XCTAssertTrue(wmts.contains(base + "/styles/default/"), wmts)
        XCTAssertFalse(wmts.contains("inner:8080"), wmts)
    }

    func testTrustedProxyEndToEnd() throws {
        let app = try start { $0.trustProxyHeaders = true }
        let r = try get(app, "/styles.json", ["Host": "inner:8080", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "maps.example"])
        XCTAssertEqual(try JSONParser.parse(r.body)[0]?["url"], "https://maps.example/styles/default/style.json")
        let plain = try get(app, "/styles.json", ["Host": "inner:8080"])
        XCTAssertEqual(try JSONParser.parse(plain.body)[0]?["url"], "http://inner:8080/styles/default/style.json")
    }
}
