import Foundation
import Geo
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import Raster
import Renderer
import XCTest
@testable import TileServer

/// `PUT /images/{id}` takes PNG, JPEG and WebP bodies (decoded once to check them), refuses
/// anything else with a JSON 400, and an uploaded JPEG survives a restart from the store and
/// draws as a pattern.
final class ImageUploadTests: XCTestCase {
    var group: MultiThreadedEventLoopGroup!
    var dir: URL!
    var apps: [StrataApp] = []

    /// 8×8 opaque (220, 30, 40), JPEG quality 90 and lossless WebP (Pillow).
    static let jpeg = Array(Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAIAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDxSiiivzc/vs//2Q==")!)
    static let webp = Array(Data(base64Encoded: "UklGRh4AAABXRUJQVlA4TBEAAAAvB8ABAAdQj3IXpf+BiOh/AAA=")!)

    override func setUpWithError() throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("styles"), withIntermediateDirectories: true)
        try Data(#"{"version": 8, "sources": {}, "layers": []}"#.utf8).write(to: dir.appendingPathComponent("styles/default.json"))
    }

    override func tearDownWithError() throws {
        for a in apps { a.shutdown() }
        try group.syncShutdownGracefully()
        try? FileManager.default.removeItem(at: dir)
    }

    func start() throws -> StrataApp {
        var config = ServerConfig()
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        let store = try SQLiteSessionStore(path: dir.appendingPathComponent("s.sqlite").path)
        let app = StrataApp(config: config, store: store,
                            renderer: StyleTileRenderer(renderer: MapRenderer(resources: RenderResources(dataDirectory: dir.path))))
        try app.start()
        apps.append(app)
        return app
    }

    func send(_ app: StrataApp, _ method: HTTPMethod, _ uri: String, _ body: [UInt8] = []) throws -> (Int, JSONValue?) {
        let r = try app.respond(to: HTTPRequest(method: method, uri: uri, headers: [:], body: body), on: group.next()).wait()
        return (Int(r.status.code), r.body.isEmpty ? nil : try JSONParser.parse(r.body))
    }

    func testJPEGAndWebPUploadsAreAcceptedAndOthersRefused() throws {
        let app = try start()
        let sid = try XCTUnwrap(try send(app, .POST, "/sessions", Array("{}".utf8)).1?["id"]?.stringValue)
        let q = "?session=\(sid)"
        XCTAssertEqual(try send(app, .PUT, "/images/photo\(q)", Self.jpeg).0, 201)
        XCTAssertEqual(try send(app, .PUT, "/images/lossless\(q)&pixelRatio=2", Self.webp).0, 201)
        XCTAssertEqual(try send(app, .PUT, "/images/photo\(q)", Self.jpeg).0, 200, "replaced")

        for (body, words) in [(Array(Self.jpeg.prefix(300)), "not a usable JPEG image"), (Array(Self.webp.prefix(20)), "not a usable WebP image"),
                              (Array("GIF89a".utf8), "not a PNG, JPEG or WebP image"), ([], "must be a PNG, JPEG or WebP image")] {
            let (status, json) = try send(app, .PUT, "/images/bad\(q)", body)
            XCTAssertEqual(status, 400, words)
            XCTAssertEqual(json?["error"]?["code"], "invalid_image", words)
            XCTAssertTrue(json?["error"]?["message"]?.stringValue?.contains(words) ?? false, "\(String(describing: json))")
        }

        // Stored as sent, reloaded by a fresh server from the store (the style JSON's "png" member).
        apps.removeAll { $0 === app }
        app.shutdown()
        let again = try start()
        let (status, list) = try send(again, .GET, "/images\(q)")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(list?.arrayValue?.compactMap { $0["id"]?.stringValue }, ["lossless", "photo"])

        // And the JPEG draws, as a background pattern.
        XCTAssertEqual(try send(again, .POST, "/layers\(q)", Array(#"{"layer": {"id": "bg", "type": "background", "paint": {"background-pattern": "photo"}}}"#.utf8)).0, 201)
        let style = try again.sessions.session(sid).current.style.style
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: dir.path))
        let px = try renderer.render(style, camera: Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: 16, height: 16)).pixel(5, 5)
        XCTAssertEqual(Int(px.r), 220, accuracy: 6); XCTAssertEqual(Int(px.g), 30, accuracy: 6); XCTAssertEqual(Int(px.b), 40, accuracy: 6)
        XCTAssertEqual(px.a, 255)
        XCTAssertEqual(renderer.resources.tiles.warnings.all, [])
    }
}
