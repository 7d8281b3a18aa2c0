import XCTest
import Foundation
import Geo
import JSON
import StyleSpec
import StrataTestSupport
@testable import Renderer

/// The renderer's caches stay within the budgets `renderCacheBytes` sets, and a renderer that
/// evicts draws exactly what one that keeps everything draws.
final class RenderCacheBudgetTests: XCTestCase {
    func testSharesAddUpToTheTotal() {
        for total in [0, 1, 63, 1 << 20, 64 << 20, 512 << 20, 1_000_003] {
            let b = RenderCacheBudgets(total: total)
            XCTAssertLessThanOrEqual(b.total, total)
            XCTAssertGreaterThanOrEqual(b.total, total - 16, "rounding loses at most a byte per cache")
        }
        XCTAssertEqual(RenderCacheBudgets.shares.reduce(0) { $0 + $1.1 }, 64)
        let mib = RenderCacheBudgets(total: 1 << 20)
        for (path, _) in RenderCacheBudgets.shares { XCTAssertGreaterThan(mib[keyPath: path], 0) }
        XCTAssertEqual(RenderCacheBudgets(total: -5).total, 0)
    }

    /// The labelled dense city (decoded tiles, line meshes, label layouts, placement blocks,
    /// glyphs, sprites) with 2 MiB for every cache: each holds at most its budget, some evict,
    /// and every tile equals the one drawn with the default budgets.
    func testDenseCityStaysWithinSmallBudgetsAndDrawsTheSame() throws {
        let dir = try TestEnvironment.shared("data/osm-neubrandenburg")
        let data = try Data(contentsOf: dir.appendingPathComponent("style-labels.json"))
        guard case .success(let parsed) = Style.parse(try JSONParser.parse(data), supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            return XCTFail("style-labels.json parses")
        }
        let small = RenderCacheBudgets(total: 2 << 20)
        let tight = MapRenderer(resources: RenderResources(dataDirectory: dir.path, caches: small))
        let roomy = MapRenderer(resources: RenderResources(dataDirectory: dir.path))
        let tiles = [(14, 8795, 5294), (15, 17590, 10589), (15, 17591, 10589), (16, 35180, 21179), (16, 35181, 21179),
                     (15, 17590, 10589)]
        for (z, x, y) in tiles {
            let camera = Camera.tile(TileID(z: z, x: x, y: y)!)
            let a = try tight.render(parsed.0, camera: camera), b = try roomy.render(parsed.0, camera: camera)
            XCTAssertEqual(a.data, b.data, "z\(z) \(x)/\(y): small budgets draw what the default budgets draw")
            for u in tight.resources.cacheUsage {
                XCTAssertLessThanOrEqual(u.bytes, u.budget, "\(u.name) within its budget after z\(z) \(x)/\(y)")
            }
        }
        let usage = tight.resources.cacheUsage
        XCTAssertGreaterThan(usage.reduce(0) { $0 + $1.evictions }, 0, "2 MiB is too small for the city: something was evicted")
        XCTAssertGreaterThan(usage.first { $0.name == "vector_tiles" }?.entries ?? 0, 0, "and what fits is kept")
        XCTAssertEqual(usage.first { $0.name == "line_buckets" }?.budget, small.lineBuckets)
    }
}
