import Foundation
import Geo
import JSON
import Raster
import StrataTestSupport
import StyleSpec
import XCTest
@testable import Renderer

/// Style imports draw exactly what the same style flattened by hand draws: the city basemap
/// (`StyleImports/city-basemap.json`, with a `schema`) imported with config values by a small
/// style that puts a GeoJSON route into the basemap's `middle` slot, against the basemap with
/// the values written in place of `["config", …]` and the route layers after its `middle` slot.
final class StyleImportRenderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("StyleImports")

    static let config = JSONObject([("landColor", "#e4dcc8"), ("poiDensity", "high"), ("showLabels", true)])
    static let route: JSONValue = ["type": "geojson", "data": ["type": "LineString", "coordinates": [
        [13.2405, 53.5495], [13.2520, 53.5540], [13.2590, 53.5572], [13.2680, 53.5610], [13.2790, 53.5650]]]]
    static let routeLayers: [JSONValue] = [
        ["id": "route-casing", "type": "line", "source": "route", "slot": "middle",
         "layout": ["line-join": "round", "line-cap": "round"], "paint": ["line-color": "#ffffff", "line-width": 9]],
        ["id": "route", "type": "line", "source": "route", "slot": "middle",
         "layout": ["line-join": "round", "line-cap": "round"], "paint": ["line-color": "#d0336c", "line-width": 5]],
    ]

    func basemap() throws -> JSONValue {
        try JSONParser.parse(Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("city-basemap.json"))))
    }

    func importing(config: JSONObject) throws -> JSONValue {
        ["version": 8, "imports": [["id": "basemap", "data": try basemap(), "config": .object(config)]],
         "sources": ["route": Self.route], "layers": .array(Self.routeLayers)]
    }

    /// The basemap with each `["config", name]` replaced by its value as a literal and the route layers
    /// after the `middle` slot: what the import means, written out.
    func flattenedByHand(config: JSONObject) throws -> JSONValue {
        guard case .object(var doc) = try basemap(), case .object(let schema)? = doc["schema"],
              case .array(let layers)? = doc["layers"], case .object(var sources)? = doc["sources"] else {
            throw XCTSkip("fixture shape")
        }
        var values = JSONObject()
        for (name, option) in schema { values[name] = config[name] ?? option["default"] ?? .null }
        doc["schema"] = nil
        sources["route"] = Self.route
        doc["sources"] = .object(sources)
        var out: [JSONValue] = []
        for layer in layers {
            out.append(Self.substitute(layer, values))
            if layer["id"] == "middle" {
                out += Self.routeLayers.map { l in
                    guard case .object(var o) = l else { return l }
                    o["slot"] = nil
                    return .object(o)
                }
            }
        }
        doc["layers"] = .array(out)
        return .object(doc)
    }

    static func substitute(_ json: JSONValue, _ values: JSONObject) -> JSONValue {
        switch json {
        case .array(let a):
            // `["literal", v]`: a bare `true` in `["all", true, ["has", "name"]]` would read as
            // legacy filter syntax; the literal is what the option means wherever it stands.
            if a.count == 2, a[0] == "config", case .string(let name) = a[1], let v = values[name] {
                return ["literal", v]
            }
            return .array(a.map { substitute($0, values) })
        case .object(let o):
            return .object(JSONObject(o.entries.map { ($0.key, substitute($0.value, values)) }))
        default:
            return json
        }
    }

    func parse(_ json: JSONValue) throws -> Style {
        switch Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) {
        case .success(let r): return r.0
        case .failure(let e): XCTFail("style parses: \(e)"); throw XCTSkip("style does not parse")
        }
    }

    func tiles(_ style: Style, _ r: MapRenderer) throws -> [Pixmap] {
        try [(14, 8795, 5294), (15, 17590, 10589), (16, 35180, 21179)].map { z, x, y in
            var camera = Camera.tile(TileID(z: z, x: x, y: y)!, tileSize: 512)
            camera.isTile = true
            return try r.render(style, camera: camera)
        }
    }

    func differing(_ a: Pixmap, _ b: Pixmap) -> Int {
        (0..<a.height).reduce(0) { n, y in n + (0..<a.width).filter { a.pixel($0, y) != b.pixel($0, y) }.count }
    }

    func testImportedBasemapRendersAsTheStyleFlattenedByHand() throws {
        let dir = try TestEnvironment.shared("data/osm-neubrandenburg")
        let renderer = { MapRenderer(resources: RenderResources(dataDirectory: dir.path)) }
        let imported = try parse(try importing(config: Self.config))
        let byHand = try parse(try flattenedByHand(config: Self.config))
        let a = try tiles(imported, renderer()), b = try tiles(byHand, renderer())
        for (i, (x, y)) in zip(a, b).enumerated() {
            XCTAssertEqual(x.width, 512)
            XCTAssertEqual(differing(x, y), 0, "tile \(i): the import draws what the hand-flattened style draws")
        }
        // The options matter: other values draw other pixels (the same renderer, re-keyed caches).
        let r = renderer()
        let base = try tiles(imported, r)
        var other = Self.config
        other["landColor"] = "#203040"
        other["showLabels"] = false
        let changed = try tiles(try parse(try importing(config: other)), r)
        XCTAssertGreaterThan(differing(base[1], changed[1]), 1000, "another land colour and no labels")
        XCTAssertEqual(differing(changed[1], try tiles(try parse(try flattenedByHand(config: other)), renderer())[1]), 0)
        // The route is drawn (in the middle slot: under the labels).
        let noRoute = try tiles(try parse(["version": 8, "imports": [["id": "basemap", "data": try basemap(),
                                                                       "config": .object(Self.config)]], "sources": [:], "layers": []]), r)
        XCTAssertGreaterThan(differing(base[1], noRoute[1]), 500, "the route shows")
    }
}
