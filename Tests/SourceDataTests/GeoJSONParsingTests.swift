import StrataTestSupport
import XCTest
import Geo
import JSON
@testable import SourceData

final class GeoJSONParsingTests: XCTestCase {
    func testAllGeometryTypesInAFeatureCollection() throws {
        let s = try parse(#"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": 1, "properties": {"k": "point"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
          {"type": "Feature", "id": "two", "properties": null, "geometry": {"type": "MultiPoint", "coordinates": [[10, 10], [20, 20, 5]]}},
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [10, 0], [10, 10]]}},
          {"type": "Feature", "geometry": {"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3]]]}},
          {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]], [[2, 2], [2, 8], [8, 8], [8, 2], [2, 2]]]}},
          {"type": "Feature", "geometry": {"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [6, 5], [6, 6], [5, 5]]]]}},
          {"type": "Feature", "geometry": null},
          {"type": "Feature", "id": 9, "properties": {"gc": true}, "geometry": {"type": "GeometryCollection", "geometries": [
             {"type": "Point", "coordinates": [1, 2]}, {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}]}}
        ]}
        """#)
        XCTAssertEqual(s.warnings, [])
        XCTAssertEqual(s.features.map(\.type), [.point, .point, .lineString, .lineString, .polygon, .polygon, .point, .lineString])
        XCTAssertEqual(s.features.map(\.isMulti), [false, true, false, true, false, true, false, false])
        XCTAssertEqual(s.features.map(\.id), [1, "two", nil, nil, nil, nil, 9, 9])
        XCTAssertEqual(s.features[0].properties["k"], "point")
        XCTAssertEqual(s.features[7].properties["gc"], true)
        XCTAssertEqual(s.geometry(0).points, [WorldPoint(0.5, 0.5)])
        XCTAssertEqual(s.geometry(1).points.count, 2)
        XCTAssertEqual(s.geometry(3).partEnds, [2, 4])
        let poly = s.geometry(4)
        XCTAssertEqual(poly.partEnds, [5, 10])
        XCTAssertEqual(poly.polygonEnds, [2])
        XCTAssertGreaterThan(Winding.signedArea(Array(poly.points[0..<5])), 0, "outer rings positive")
        XCTAssertLessThan(Winding.signedArea(Array(poly.points[5..<10])), 0, "holes negative")
        XCTAssertEqual(s.geometry(5).polygonEnds, [1, 2])
    }

    func testBareGeometryAndSingleFeature() throws {
        let point = try parse(#"{"type": "Point", "coordinates": [0, 0]}"#)
        XCTAssertEqual(point.features.count, 1)
        XCTAssertNil(point.features[0].id)
        XCTAssertTrue(point.features[0].properties.isEmpty)
        let f = try parse(#"{"type": "Feature", "id": 5, "properties": {"a": 1}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}}"#)
        XCTAssertEqual(f.features.map(\.id), [5])
    }

    func testWindingIsFixedWhateverTheInput() throws {
        // MapLibre's render-test asset data/winding.geojson (BSD-3, MapLibre contributors):
        // two polygons wound in opposite directions must both fill.
        let s = try parse(#"{"type":"FeatureCollection","features":[{"type":"Feature","id":"112025b24165963ca83d2b9e6e5943e3","properties":{},"geometry":{"type":"Polygon","coordinates":[[[-48.51562499999926,44.08758502824452],[-48.86718749999943,1.7575368113081424],[5.9765624999998295,-2.2737367544323206e-13],[3.8671874999998295,44.5904671813081],[-48.51562499999926,44.08758502824452]]]}},{"type":"Feature","id":"c5aece77e9cb2eac3b1e3a146e9df170","properties":{},"geometry":{"type":"Polygon","coordinates":[[[29.531249999999517,15.623036831527799],[29.882812499999574,-27.994401411045992],[-17.57812499999983,-22.268764039073815],[-14.062499999999801,24.84656534821923],[29.531249999999517,15.623036831527799]]]}}]}"#)
        XCTAssertEqual(s.features.count, 2)
        for i in 0..<2 { XCTAssertGreaterThan(polygonArea(s.geometry(i)), 0) }
        XCTAssertEqual(s.features[0].id, "112025b24165963ca83d2b9e6e5943e3")
    }

    func testIdOptions() throws {
        let text = #"""
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "id": 7, "properties": {"code": "A"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
            {"type": "Feature", "id": {"bad": 1}, "properties": {"code": 3}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
            {"type": "Feature", "properties": {"code": [1]}, "geometry": {"type": "Point", "coordinates": [0, 0]}}]}
        """#
        let plain = try parse(text)
        XCTAssertEqual(plain.features.map(\.id), [7, nil, nil])
        XCTAssertEqual(plain.warnings, ["/features/1/id: an id must be a number or a string; ignored"])
        let promoted = try parse(text, GeoJSONOptions(promoteId: "code"))
        XCTAssertEqual(promoted.features.map(\.id), ["A", 3, nil])
        let generated = try parse(text, GeoJSONOptions(generateId: true))
        XCTAssertEqual(generated.features.map(\.id), [0, 1, 2])
    }

    func testWholeDocumentErrorsThrowWithPath() {
        // MapLibre's data/invalid.geojson is `42`, data/malformed.geojson a "Model".
        XCTAssertThrowsError(try parse("42")) { XCTAssertEqual(($0 as? GeoJSONError)?.path, .root) }
        XCTAssertThrowsError(try parse(#"{"type": "Model", "geometry": [-77.050327, 38.909634], "properties": {"name": "P Street"}}"#)) {
            XCTAssertEqual(($0 as? GeoJSONError)?.path, JSONPointer.root / "type")
            XCTAssertEqual("\($0)", #"/type: unknown GeoJSON type "Model""#)
        }
        XCTAssertThrowsError(try parse(#"{"type": "FeatureCollection"}"#))
        XCTAssertThrowsError(try parse(#"{"coordinates": [0, 0]}"#))
        XCTAssertThrowsError(try parse("[]"))
        let lenient = GeoJSONSource.parseLeniently(42)
        XCTAssertEqual(lenient.features.count, 0)
        XCTAssertEqual(lenient.warnings.count, 1)
    }

    func testInvalidPartsAreSkippedWithWarnings() throws {
        let s = try parse(#"""
        {"type": "FeatureCollection", "features": [
          42,
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1]}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": "x"}},
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0]]}},
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, "a"]]}},
          {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}},
          {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1]], [[0, 0], [0, 0], [0, 0], [0, 0]]]}},
          {"type": "Feature", "geometry": {"type": "Hexagon", "coordinates": [0, 0]}},
          {"type": "Feature", "geometry": {"type": "MultiPoint", "coordinates": [[0, 0], [null, 1], [2, 2]]}},
          {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": []}},
          {"type": "Feature", "geometry": {"type": "LineString"}},
          {"type": "Feature", "geometry": {"type": "GeometryCollection", "geometries": [1, {"type": "Point", "coordinates": [3, 3]}]}},
          {"type": "Feature", "geometry": [1, 2]},
          {"type": "Feature", "properties": 5, "geometry": {"type": "Point", "coordinates": [1e400, 0]}}
        ]}
        """#)
        // Survivors: the unclosed triangle (closed for it, its degenerate hole dropped), the
        // MultiPoint without its bad position, the GeometryCollection's point.
        XCTAssertEqual(s.features.count, 3)
        XCTAssertEqual(s.features.map(\.type), [.polygon, .point, .point])
        XCTAssertEqual(s.geometry(0).partEnds, [4], "closed, hole dropped")
        XCTAssertEqual(s.geometry(1).points.count, 2)
        XCTAssertTrue(s.warnings.contains("/features/0: a feature must be an object, not number"), "\(s.warnings)")
        XCTAssertTrue(s.warnings.contains("/features/1/geometry/coordinates: a position must be an array of at least two finite numbers"))
        XCTAssertTrue(s.warnings.contains("/features/7/geometry/type: unknown geometry type \"Hexagon\"; skipped"))
        XCTAssertTrue(s.warnings.contains { $0.hasPrefix("/features/13/geometry/coordinates") }, "1e400 is infinite")
        XCTAssertTrue(s.warnings.contains("/features/6/geometry/coordinates/1: a ring needs at least three distinct positions; skipped"))
    }

    func testWarningsAreCapped() throws {
        var text = #"{"type": "FeatureCollection", "features": ["#
        text += Array(repeating: "1", count: 10_000).joined(separator: ",")
        text += "]}"
        let s = try parse(text)
        XCTAssertEqual(s.warnings.count, 101)
        XCTAssertEqual(s.warnings.last, "… and 9900 more warnings")
    }

    func testProjectionAndLongitudeLimits() throws {
        let s = try parse(#"{"type": "MultiPoint", "coordinates": [[180, 85.0511287798], [-180, -90], [900, 0], [-1e9, 0]]}"#)
        let pts = s.geometry(0).points
        XCTAssertEqual(pts[0].x, 1)
        XCTAssertEqual(pts[0].y, 0, accuracy: 1e-9)
        XCTAssertEqual(pts[1], WorldPoint(0, 1))
        XCTAssertEqual(pts[2].x, 2, "clamped to 540°")
        XCTAssertEqual(pts[3].x, -1)
    }

    /// geojson-vt projects from the sine of the latitude: a line drawn to 100° N turns back at
    /// the pole and ends where 80° N is (MapLibre's text-offset/line-sharp-* cases draw so).
    func testLatitudesPastAPoleFoldBack() throws {
        let s = try parse(#"{"type": "LineString", "coordinates": [[-50, 100], [0, -50], [50, -100]]}"#)
        let pts = s.geometry(0).points
        XCTAssertEqual(pts[0].y, WebMercator.project(lon: 0, lat: 80).y, accuracy: 1e-12)
        XCTAssertEqual(pts[2].y, WebMercator.project(lon: 0, lat: -80).y, accuracy: 1e-12)
    }

    func testIncludeFilterDropsFeaturesAndTheirGeometry() throws {
        let json = try JSONParser.parse(#"""
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"keep": true}, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}},
            {"type": "Feature", "properties": {"keep": false}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}},
            {"type": "Feature", "properties": {"keep": true}, "geometry": {"type": "Polygon", "coordinates": [[[5, 5], [6, 5], [6, 6], [5, 5]]]}}]}
        """#)
        let s = try GeoJSONSource.parse(json, include: { $0.properties["keep"] == true })
        XCTAssertEqual(s.features.count, 2)
        XCTAssertEqual(s.vertexCount, 2 + 4)
        XCTAssertEqual(s.geometry(1).polygonEnds, [1])
        XCTAssertEqual(s.geometry(1).points.first!.x, WebMercator.project(lon: 5, lat: 5).x, accuracy: 1e-12)
    }

    func testLineMetricsExplodesMultiLineStrings() throws {
        let s = try parse(#"{"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3]]]}"#, GeoJSONOptions(lineMetrics: true))
        XCTAssertEqual(s.features.count, 2)
        XCTAssertEqual(s.features.map(\.isMulti), [false, false])
    }

    func testOptionsFromStyleSource() throws {
        let o = GeoJSONOptions(source: try JSONParser.parse(#"{"type": "geojson", "maxzoom": 14.7, "tolerance": 1, "buffer": 9999, "lineMetrics": true, "promoteId": "x", "generateId": true, "filter": ["==", "a", 1]}"#))
        XCTAssertEqual(o.maxzoom, 14)
        XCTAssertEqual(o.tolerance, 1)
        XCTAssertEqual(o.buffer, 512)
        XCTAssertTrue(o.lineMetrics && o.generateId)
        XCTAssertEqual(o.promoteId, "x")
        XCTAssertNotNil(o.filter)
        let d = GeoJSONOptions(source: try JSONParser.parse(#"{"type": "geojson", "maxzoom": "x", "tolerance": -1}"#))
        XCTAssertEqual(d, GeoJSONOptions())
        // MapLibre: tolerance 0.375 px of a 512 px tile.
        XCTAssertEqual(GeoJSONOptions().simplificationTolerance(zoom: 3), 0.375 / 512 / 8, accuracy: 1e-18)
        XCTAssertEqual(GeoJSONOptions().simplificationTolerance(zoom: 18), 0)
        XCTAssertEqual(GeoJSONOptions().simplificationTolerance(zoom: -2), GeoJSONOptions().simplificationTolerance(zoom: 0))
        XCTAssertEqual(try GeoJSONSource.parse(bytes: Array(#"{"type": "Point", "coordinates": [1, 2]}"#.utf8)).features.count, 1)
        XCTAssertThrowsError(try GeoJSONSource.parse(bytes: Array("{".utf8))) { XCTAssertTrue($0 is JSONParseError) }
    }

    func testRenderTestAssetsAndInlineDataParseWithoutCrashing() throws {
        let tests = try TestEnvironment.shared("render-tests")
        var parsed = 0, rejected = 0
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
        for case let url as URL in files {
            let name = url.lastPathComponent
            let isAsset = url.path.contains("/assets/") && (name.hasSuffix(".geojson") || url.path.contains("/assets/geojson/"))
            guard isAsset || name == "style.json" else { continue }
            guard let json = try? JSONParser.parse(Array(try Data(contentsOf: url))) else { continue }
            var documents: [JSONValue] = []
            if isAsset { documents.append(json) }
            for (_, source) in json["sources"]?.objectValue ?? JSONObject() where source["type"] == "geojson" {
                if let data = source["data"], data.stringValue == nil { documents.append(data) }
            }
            for d in documents {
                if (try? GeoJSONSource.parse(d)) != nil { parsed += 1 } else { rejected += 1 }
            }
        }
        XCTAssertGreaterThan(parsed, 250)
        XCTAssertEqual(rejected, 4, "invalid.geojson, malformed.geojson and their two inline twins")
    }
}

final class GeoJSONHostileInputTests: XCTestCase {
    func testDeeplyNestedGeometryCollectionsAreCut() throws {
        var text = #"{"type": "Point", "coordinates": [1, 1]}"#
        for _ in 0..<100 { text = #"{"type": "GeometryCollection", "geometries": [\#(text), {"type": "Point", "coordinates": [2, 2]}]}"# }
        let s = try parse(text)
        XCTAssertEqual(s.features.count, GeoJSONReader.maxCollectionDepth)
        XCTAssertEqual(s.warnings.count, 1)
    }

    func testHugeAndOddValuesDoNotCrash() throws {
        let s = try parse(#"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": 1e308, "properties": {"a": {"b": [1, {"c": null}]}}, "geometry": {"type": "Polygon", "coordinates": [[[1e308, 1e308], [-1e308, 1e308], [-1e308, -1e308], [1e308, 1e308]]]}},
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [0, 0], [0, 0]]}},
          {"type": "Feature", "geometry": {"type": "MultiPolygon", "coordinates": [[], [[]], [[[0, 0]]]]}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0, 0, 0, 0, 0]}}
        ]}
        """#)
        XCTAssertEqual(s.features.count, 3, "\(s.warnings)")
        var scratch = GeometryScratch()
        for z in [0, 5, 18] {
            s.forEachFeature(in: WorldRect(minX: -2, minY: -1, maxX: 3, maxY: 2), zoom: z, scratch: &scratch) { _, g, _ in
                XCTAssertTrue(g.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
            }
        }
    }
}
