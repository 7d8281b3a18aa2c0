import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import SourceData
import XCTest
@testable import TileServer

/// A published style's remote sprite through `/styles/{id}/sprite`: fetched by the remote
/// fetcher from a loopback upstream this test starts (another Strata serving a local sprite),
/// an upstream 404 a 404 `no_sprite`, an upstream that refuses connections a 502.
final class RemoteSpriteTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-rsprite-\(UUID().uuidString)")
        for sub in ["up/styles", "up/sprites", "down/styles"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func style(_ sprite: String) -> Data { Data(#"{"version": 8, "sources": {}, "sprite": "\#(sprite)", "layers": []}"#.utf8) }

    func app(_ folder: String, remote: Bool) throws -> StrataApp {
        var config = ServerConfig()
        config.dataDir = dir.appendingPathComponent(folder).path
        config.stylesDir = dir.appendingPathComponent(folder + "/styles").path
        config.renderThreads = 1
        if remote { config.remoteHosts = ["127.0.0.1"]; config.remote.privateHosts = ["127.0.0.1"]; config.remote.requestTimeoutMs = 3000 }
        var directory = try config.makeDataDirectory()
        if remote {
            let hosts = directory
            directory.remote = RemoteFetcher(settings: config.remote, allows: { hosts.allows($0) })
        }
        return StrataApp(config: config, dataDirectory: directory, store: MemorySessionStore(), renderer: OnePixelRenderer())
    }

    func testRemoteSpriteThroughTheFetcher() async throws {
        let index = #"{"dot": {"x": 0, "y": 0, "width": 2, "height": 2, "pixelRatio": 1}}"#
        try Data(index.utf8).write(to: dir.appendingPathComponent("up/sprites/s.json"))
        try Data([0x89, 0x50, 0x4e, 0x47, 7]).write(to: dir.appendingPathComponent("up/sprites/s@2x.png"))
        try style("sprites/s").write(to: dir.appendingPathComponent("up/styles/default.json"))
        let upstream = try app("up", remote: false)
        try upstream.start()
        let server = try await HTTPServer.start(host: "127.0.0.1", port: 0, responder: upstream, maxBodyBytes: 1 << 20, eventLoopThreads: 1)
        let closed = try await HTTPServer.start(host: "127.0.0.1", port: 0, responder: upstream, maxBodyBytes: 1 << 20, eventLoopThreads: 1)
        let closedPort = closed.port
        await closed.shutdown()
        let up = "http://127.0.0.1:\(server.port)/styles/default/sprite"
        try style("sprites/local").write(to: dir.appendingPathComponent("down/styles/default.json"))
        try style(up).write(to: dir.appendingPathComponent("down/styles/remote.json"))
        try style("http://127.0.0.1:\(server.port)/styles/nope/sprite").write(to: dir.appendingPathComponent("down/styles/gone.json"))
        try style("http://127.0.0.1:\(closedPort)/sprite").write(to: dir.appendingPathComponent("down/styles/down.json"))
        let down = try app("down", remote: true)
        try down.start()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        func get(_ uri: String) async throws -> HTTPResponse {
            try await down.respond(to: HTTPRequest(method: .GET, uri: uri, headers: ["Host": "maps.example"]), on: group.next()).get()
        }
        let json = try await get("/styles/remote/sprite.json")
        XCTAssertEqual(json.status, .ok)
        XCTAssertEqual(json.headers.first(name: "Content-Type"), "application/json")
        XCTAssertEqual(json.body, Array(index.utf8))
        let png = try await get("/styles/remote/sprite@2x.png")
        XCTAssertEqual(png.status, .ok)
        XCTAssertEqual(png.body, [0x89, 0x50, 0x4e, 0x47, 7], "the @2x file")
        let plain = try await get("/styles/remote/sprite@2x.json")
        XCTAssertEqual(plain.body, Array(index.utf8), "no @2x upstream: the plain file")
        let gone = try await get("/styles/gone/sprite.json")
        XCTAssertEqual(gone.status, .notFound)
        XCTAssertEqual(try JSONParser.parse(gone.body)["error"]?["code"], "no_sprite")
        let failed = try await get("/styles/down/sprite.json")
        XCTAssertEqual(failed.status, .badGateway)
        XCTAssertEqual(try JSONParser.parse(failed.body)["error"]?["code"], "upstream_failed")
        down.shutdown(); upstream.shutdown()
        await down.remote?.shutdown()
        await server.shutdown()
        try await group.shutdownGracefully()
    }
}
