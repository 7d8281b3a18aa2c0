import Renderer
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// `/metrics` shows each renderer cache's budget, bytes and entries, so an operator can see
/// which budget fills and what RSS is made of.
final class RenderCacheMetricsTests: XCTestCase {
    func testMetricsShowTheRendererCaches() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cache-metrics-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("styles"), withIntermediateDirectories: true)
        let style = ##"{"version": 8, "sources": {"pts": {"type": "geojson", "data": {"type": "Point", "coordinates": [10, 50]}}}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}}, {"id": "c", "type": "circle", "source": "pts"}]}"##
        try Data(style.utf8).write(to: dir.appendingPathComponent("styles/default.json"))
        var config = ServerConfig()
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        let budgets = RenderCacheBudgets(total: 8 << 20)
        let renderer = StyleTileRenderer(renderer: MapRenderer(resources: RenderResources(dataDirectory: dir.path, caches: budgets)))
        let app = StrataApp(config: config, store: MemorySessionStore(), renderer: renderer)
        try app.start()
        defer { app.shutdown() }
        func get(_ uri: String) throws -> HTTPResponse {
            try app.respond(to: HTTPRequest(method: .GET, uri: uri, headers: [:], body: []), on: group.next()).wait()
        }
        XCTAssertEqual(try get("/tiles/0/0/0.png").status, .ok)
        let text = String(decoding: try get("/metrics").bodyBytes, as: UTF8.self)
        /// A sample's value (gauges print as floating point).
        func value(_ name: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last!) }
        }
        XCTAssertEqual(value("strata_render_cache_budget_bytes{cache=\"line_buckets\"}"), Double(budgets.lineBuckets), text)
        XCTAssertEqual(value("strata_render_cache_entries{cache=\"geojson\"}"), 1, "the style's GeoJSON source is kept")
        XCTAssertGreaterThan(value("strata_render_cache_bytes{cache=\"geojson\"}") ?? 0, 0)
        XCTAssertEqual(value("strata_render_cache_bytes{cache=\"vector_tiles\"}"), 0, text)
    }
}
