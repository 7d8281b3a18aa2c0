import XCTest
import Geo
import JSON
@testable import SourceData

/// supercluster's clustering, checked on five points on the equator whose clusters are worked
/// out by hand (radius 50 px of a 512 px tile: r(z) = 50 / (512 · 2^z) world units, so
/// 0.0977, 0.0488, 0.0244, 0.0122, 0.0061 at z0…z4):
///   P0 x = 0.25, P1 = 0.25 + 1/128, P2 = 0.25 + 3/128, P3 = 0.75, P4 = 0.8125.
/// z4: nothing within 0.0061 → 5 points. z3: P0 takes P1 (0.0078) → cluster (2) at
/// 0.25390625, id (0 << 5) + 4 + 5 = 9; P2 is 0.0156 from P1. z2: that cluster takes P2
/// (0.0195) → (3) at 0.78125 / 3, id 0 + 3 + 5 = 8. z1: unchanged. z0: P3 takes P4 (0.0625)
/// → (2) at 0.78125, id (1 << 5) + 1 + 5 = 38 (P3 is node 1 of the z1 set).
final class GeoJSONClusterTests: XCTestCase {
    static let xs: [Double] = [0.25, 0.25 + 1.0 / 128, 0.25 + 3.0 / 128, 0.75, 0.8125]

    static func source(_ cluster: ClusterOptions, reducer: ClusterReducer? = nil, extra: Bool = false) -> GeoJSONSource {
        var options = GeoJSONOptions(maxzoom: 18)
        options.cluster = cluster
        var b = GeoJSONSourceBuilder(options: options)
        for (i, x) in xs.enumerated() {
            b.add(FeatureGeometry(type: .point, points: [WorldPoint(x, 0.5)], partEnds: [1]), id: .number(Double(100 + i)),
                  properties: JSONObject([("name", .string("P\(i)")), ("v", .number(Double(1 << i)))]))
        }
        if extra {
            b.add(FeatureGeometry(type: .lineString, points: [WorldPoint(0.1, 0.1), WorldPoint(0.2, 0.2)], partEnds: [2]))
        }
        return b.build().clustered(reducer: reducer)
    }

    /// (point_count or 1, x) of each feature at tile zoom z, sorted by x.
    static func summary(_ s: GeoJSONSource, zoom z: Int) -> [(count: Int, x: Double)] {
        let level = s.source(atTileZoom: z)
        return level.features.indices.map { i in
            let n = level.features[i].properties["point_count"]?.numberValue.map(Int.init) ?? 1
            return (n, level.geometry(i).points[0].x)
        }.sorted { $0.x < $1.x }
    }

    func assertLevel(_ s: GeoJSONSource, zoom z: Int, _ expected: [(Int, Double)], file: StaticString = #filePath, line: UInt = #line) {
        let got = Self.summary(s, zoom: z)
        XCTAssertEqual(got.map(\.count), expected.map(\.0), "z\(z) counts", file: file, line: line)
        // Positions are rounded to the zoom's 8192-unit tile grid, as supercluster's tiles are.
        let grid = 1 / (8192 * Double(1 << z))
        for (g, e) in zip(got, expected) { XCTAssertEqual(g.x, e.1, accuracy: grid, "z\(z)", file: file, line: line) }
    }

    func testClustersPerZoomMatchTheHandComputedHierarchy() {
        let s = Self.source(ClusterOptions(radius: 50, maxZoom: 4))
        XCTAssertTrue(s.isClustered)
        assertLevel(s, zoom: 4, Self.xs.map { (1, $0) })
        assertLevel(s, zoom: 3, [(2, 0.25390625), (1, Self.xs[2]), (1, 0.75), (1, 0.8125)])
        assertLevel(s, zoom: 2, [(3, 0.78125 / 3), (1, 0.75), (1, 0.8125)])
        assertLevel(s, zoom: 1, [(3, 0.78125 / 3), (1, 0.75), (1, 0.8125)])
        assertLevel(s, zoom: 0, [(3, 0.78125 / 3), (2, 0.78125)])
        // Weighted centre kept exactly in the hierarchy; the view rounds it to the z0 grid.
        XCTAssertEqual(Self.summary(s, zoom: 0)[0].x, (0.78125 / 3 * 8192).rounded() / 8192)
    }

    func testClusterFeaturesCarrySuperclusterProperties() throws {
        let s = Self.source(ClusterOptions(radius: 50, maxZoom: 4))
        let z0 = s.source(atTileZoom: 0)
        XCTAssertEqual(z0.features.count, 2)
        let ids = z0.features.map { $0.properties["cluster_id"] }
        XCTAssertEqual(Set(ids), [.number(8), .number(38)])
        for f in z0.features {
            XCTAssertEqual(f.properties["cluster"], .bool(true))
            XCTAssertEqual(f.id, f.properties["cluster_id"])
            XCTAssertEqual(f.properties["point_count_abbreviated"], f.properties["point_count"])
            XCTAssertNil(f.properties["name"])
        }
        // Unclustered points keep their own id and properties.
        let z2 = s.source(atTileZoom: 2)
        let p3 = try XCTUnwrap(z2.features.first { $0.properties["name"] == .string("P3") })
        XCTAssertEqual(p3.id, .number(103))
        XCTAssertNil(p3.properties["cluster"])
        XCTAssertEqual(p3.properties["v"], .number(8))
    }

    func testMinPointsLeavesSmallGroupsUnclustered() {
        let s = Self.source(ClusterOptions(radius: 50, maxZoom: 4, minPoints: 3))
        // z3: P0 + P1 are 2 < 3: both stay. z2: P0 gathers P1 and P2 (3). z0: P3 + P4 stay.
        assertLevel(s, zoom: 3, Self.xs.map { (1, $0) })
        assertLevel(s, zoom: 2, [(3, 0.78125 / 3), (1, 0.75), (1, 0.8125)])
        assertLevel(s, zoom: 0, [(3, 0.78125 / 3), (1, 0.75), (1, 0.8125)])
        XCTAssertEqual(s.source(atTileZoom: 0).features.compactMap { $0.properties["cluster_id"] }, [.number(8)])
    }

    func testBeyondClusterMaxZoomThePointsShow() {
        let s = Self.source(ClusterOptions(radius: 50, maxZoom: 2), extra: true)
        assertLevel(s, zoom: 2, [(3, 0.78125 / 3), (1, 0.75), (1, 0.8125)])
        // z3 and deeper: the points themselves, without the line (supercluster has points only).
        for z in [3, 10, 18] {
            let level = s.source(atTileZoom: z)
            XCTAssertEqual(level.features.count, 5)
            XCTAssertTrue(level.features.allSatisfy { $0.type == .point && $0.properties["cluster"] == nil })
        }
        // Without clustering the source is itself at every zoom.
        let plain = GeoJSONSource.empty()
        XCTAssertTrue(plain.clustered() === plain)
        XCTAssertTrue(plain.source(atTileZoom: 3) === plain)
    }

    func testRadiusScalesTheNeighbourhood() {
        // 100 px doubles every radius: z4 now reaches P0–P1 (0.0078 ≤ 0.0122).
        let s = Self.source(ClusterOptions(radius: 100, maxZoom: 4))
        assertLevel(s, zoom: 4, [(2, 0.25390625), (1, Self.xs[2]), (1, 0.75), (1, 0.8125)])
        XCTAssertEqual(ClusterOptions(radius: 50).worldRadius(zoom: 3), 50.0 / (512 * 8))
    }

    func testReducerFoldsMappedProperties() throws {
        let reducer = ClusterReducer(map: { p in JSONObject([("sum", p["v"] ?? .null), ("max", p["v"] ?? .null)]) },
                                     reduce: { acc, other in
            acc["sum"] = .number((acc["sum"]?.numberValue ?? 0) + (other["sum"]?.numberValue ?? 0))
            acc["max"] = .number(Swift.max(acc["max"]?.numberValue ?? 0, other["max"]?.numberValue ?? 0))
        })
        let s = Self.source(ClusterOptions(radius: 50, maxZoom: 4), reducer: reducer)
        let z0 = s.source(atTileZoom: 0).features.sorted { $0.bounds.minX < $1.bounds.minX }
        XCTAssertEqual(z0.map { $0.properties["sum"] }, [.number(7), .number(24)])
        XCTAssertEqual(z0.map { $0.properties["max"] }, [.number(4), .number(16)])
        XCTAssertEqual(z0.map { $0.properties["point_count"] }, [.number(3), .number(2)])
    }

    func testOptionsFromTheStyleSource() throws {
        let json = try JSONParser.parse(#"{"type": "geojson", "maxzoom": 12, "cluster": true}"#)
        let c = try XCTUnwrap(GeoJSONOptions(source: json).cluster)
        XCTAssertEqual(c, ClusterOptions(radius: 50, maxZoom: 11, minPoints: 2))
        let custom = try JSONParser.parse(#"""
        {"type": "geojson", "cluster": true, "clusterRadius": 0, "clusterMaxZoom": 5, "clusterMinPoints": 1,
         "clusterProperties": {"sum": ["+", ["get", "v"]]}}
        """#)
        let d = try XCTUnwrap(GeoJSONOptions(source: custom).cluster)
        XCTAssertEqual(d.radius, 50)  // `clusterRadius || 50`
        XCTAssertEqual(d.maxZoom, 5)
        XCTAssertEqual(d.minPoints, 2)  // never below 2
        XCTAssertEqual(d.properties?.count, 1)
        XCTAssertNil(GeoJSONOptions(source: try JSONParser.parse(#"{"type": "geojson", "cluster": false}"#)).cluster)
    }

    func testPointCountAbbreviatedFollowsSupercluster() {
        let cases: [(Int, JSONValue)] = [
            (2, .number(2)), (999, .number(999)), (1000, .string("1k")), (1049, .string("1k")), (1050, .string("1.1k")),
            (1500, .string("1.5k")), (9949, .string("9.9k")), (9950, .string("10k")), (9999, .string("10k")),
            (10000, .string("10k")), (12345, .string("12k")), (12500, .string("13k")), (999_499, .string("999k")),
            (1_234_567, .string("1235k")),
        ]
        for (n, s) in cases { XCTAssertEqual(ClusterFeatureProperties.abbreviated(n), s, "\(n)") }
    }

    func testKDTreeQueriesMatchABruteForceScan() {
        var g = SplitMixLike(seed: 7)
        let pts = (0..<2000).map { _ in SIMD2(g.next(), g.next()) }
        let tree = ClusterKDTree(points: pts, nodeSize: 16)
        var out: [Int32] = []
        for q in pts.prefix(50) {
            tree.within(q.x, q.y, 0.03, into: &out)
            let brute = pts.indices.filter { i in
                let dx = Double(Float(pts[i].x)) - q.x, dy = Double(Float(pts[i].y)) - q.y
                return dx * dx + dy * dy <= 0.03 * 0.03
            }
            XCTAssertEqual(Set(out.map(Int.init)), Set(brute))
            let boxed = tree.range(minX: q.x - 0.02, minY: q.y - 0.01, maxX: q.x + 0.02, maxY: q.y + 0.01)
            let bruteBox = pts.indices.filter { i in
                let x = Double(Float(pts[i].x)), y = Double(Float(pts[i].y))
                return x >= q.x - 0.02 && x <= q.x + 0.02 && y >= q.y - 0.01 && y <= q.y + 0.01
            }
            XCTAssertEqual(Set(boxed.map(Int.init)), Set(bruteBox))
        }
    }
}

/// A small deterministic generator for the k-d tree test.
private struct SplitMixLike {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}
