import XCTest
import Geo
import JSON
import SourceData
@testable import Renderer

/// `clusterProperties` compiled through the style expressions into supercluster's map and
/// reduce (the five points of `GeoJSONClusterTests`, v = 1, 2, 4, 8, 16: at z0 one cluster
/// holds P0–P2 and one P3–P4).
final class ClusterPropertiesTests: XCTestCase {
    static let geojson = #"""
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"v": 1, "kind": "a"}, "geometry": {"type": "Point", "coordinates": [-90, 0]}},
      {"type": "Feature", "properties": {"v": 2, "kind": "island"}, "geometry": {"type": "Point", "coordinates": [-87.1875, 0]}},
      {"type": "Feature", "properties": {"v": 4, "kind": "a"}, "geometry": {"type": "Point", "coordinates": [-81.5625, 0]}},
      {"type": "Feature", "properties": {"v": 8, "kind": "a"}, "geometry": {"type": "Point", "coordinates": [90, 0]}},
      {"type": "Feature", "properties": {"v": 16, "kind": "b"}, "geometry": {"type": "Point", "coordinates": [112.5, 0]}}
    ]}
    """#

    func clusters(_ clusterProperties: String, zoom: Int = 0) throws -> [JSONObject] {
        let spec = try JSONParser.parse(#"{"type": "geojson", "cluster": true, "clusterMaxZoom": 4, "clusterProperties": \#(clusterProperties)}"#)
        let options = GeoJSONOptions(source: spec)
        let source = try GeoJSONSource.parse(JSONParser.parse(Self.geojson), options: options)
            .clustered(reducer: ClusterProperties.reducer(options.cluster?.properties))
        let level = source.source(atTileZoom: zoom)
        return level.features.sorted { $0.bounds.minX < $1.bounds.minX }.map(\.properties)
    }

    func testOperatorFormSumsAndMaxes() throws {
        let z0 = try clusters(#"{"sum": ["+", ["get", "v"]], "max": ["max", ["get", "v"]]}"#)
        XCTAssertEqual(z0.map { $0["sum"] }, [.number(7), .number(24)])
        XCTAssertEqual(z0.map { $0["max"] }, [.number(4), .number(16)])
        XCTAssertEqual(z0.map { $0["point_count"] }, [.number(3), .number(2)])
        XCTAssertEqual(z0.map { $0["cluster"] }, [.bool(true), .bool(true)])
    }

    func testReduceExpressionWithAccumulated() throws {
        let z0 = try clusters(#"{"sum": [["+", ["accumulated"], ["get", "sum"]], ["get", "v"]], "n": [["+", ["accumulated"], 1], 1]}"#)
        XCTAssertEqual(z0.map { $0["sum"] }, [.number(7), .number(24)])
        // Each fold adds 1 to what was accumulated, ignoring the other side: the z3 cluster
        // (P0 folds P1: 2) folds P2 in at z2 (3); P3 folds P4 at z0 (2).
        XCTAssertEqual(z0.map { $0["n"] }, [.number(3), .number(2)])
        XCTAssertFalse(z0.contains { $0[ClusterProperties.accumulatedKey] != nil })
    }

    func testBooleanAnyAndUnclusteredPointsKeepTheirProperties() throws {
        let spec = #"{"has_island": ["any", ["==", ["get", "kind"], "island"]]}"#
        let z0 = try clusters(spec)
        XCTAssertEqual(z0.map { $0["has_island"] }, [.bool(true), .bool(false)])
        let z2 = try clusters(spec, zoom: 2)
        XCTAssertEqual(z2.count, 3)
        XCTAssertEqual(z2[0]["has_island"], .bool(true))
        XCTAssertEqual(z2[1]["v"], .number(8))
        XCTAssertNil(z2[1]["has_island"])
    }

    func testInvalidExpressionsAreLeftOut() throws {
        XCTAssertNil(ClusterProperties.reducer(nil))
        XCTAssertNil(ClusterProperties.reducer(JSONObject([("bad", .array([.string("nope-op"), .number(1)]))])))
        let z0 = try clusters(#"{"bad": ["+"], "sum": ["+", ["get", "v"]]}"#)
        XCTAssertEqual(z0.map { $0["sum"] }, [.number(7), .number(24)])
        XCTAssertNil(z0[0]["bad"])
    }

    func testRewritingAccumulatedLeavesLiteralsAlone() {
        let json: JSONValue = .array([.string("+"), .array([.string("accumulated")]),
                                      .array([.string("literal"), .array([.string("accumulated")])])])
        XCTAssertEqual(ClusterProperties.rewritingAccumulated(json),
                       .array([.string("+"), .array([.string("get"), .string(ClusterProperties.accumulatedKey)]),
                               .array([.string("literal"), .array([.string("accumulated")])])]))
    }
}
