import Foundation
import Geo
import JSON
import PNGCodec
import Raster
import StrataTestSupport
import StyleSpec
import XCTest
@testable import Renderer

/// Annotations drawn by the renderer: a reference image (`References/annotations.png`,
/// rewritten only with `STRATA_UPDATE_REFERENCES=1`), tilings that agree pixel for pixel,
/// and the layer a tied annotation follows.
final class AnnotationRenderingTests: XCTestCase {
    static let referencesDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")

    /// One renderer for every test: its glyph cache makes the font's SDFs once.
    static let shared = MapRenderer(resources: RenderResources(dataDirectory: nil, fontsDirectory: "/usr/share/fonts/truetype/noto"))

    func renderer() throws -> MapRenderer {
        _ = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", installedBy: "fonts-noto-core")
        return Self.shared
    }

    func style(_ annotations: [String], layers: String = "") throws -> Style {
        let json = try JSONParser.parse("""
        {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
            {"type": "Feature", "id": 1, "properties": {"kind": "a"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
            {"type": "Feature", "id": 2, "properties": {"kind": "b"}, "geometry": {"type": "Point", "coordinates": [5, 5]}}]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#d8e4ec"}}\(layers)]}
        """)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw XCTSkip("style does not parse")
        }
        let commands = try annotations.map { StyleCommand.addAnnotation(try JSONParser.parse($0).objectValue!) }
        return try parsed.0.applying(commands).get()
    }

    static let sample = [
        #"{"id": "n", "coordinate": [-20, 10], "text": "Bottom anchor", "anchor": "bottom"}"#,
        ##"{"id": "s", "coordinate": [25, -10], "text": "Selected, two lines of text", "width": 110, "anchor": "top-left", "selected": true, "style": {"background-color": "#fff3c4", "border-color": "#b07d00", "text-color": "#5a3b00", "text-size": 12}}"##,
        #"{"id": "h", "coordinate": [30, -12], "text": "Hidden by the selected one"}"#,
        #"{"id": "o", "coordinate": [-40, -30], "text": "Offset", "offsetX": 20, "offsetY": -6, "allowOverlap": true}"#,
    ]

    func testReferenceImage() throws {
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 0.5, width: 320, height: 200)
        let px = try renderer().render(style(Self.sample), camera: camera)
        try check(px, named: "annotations")
    }

    /// One 512 px tile and the four 256 px tiles over the same ground agree exactly, @2x too.
    func testTilingsAgree() throws {
        let r = try renderer()
        let s = try style([
            #"{"coordinate": [0.2, 0.1], "text": "Across all four tiles"}"#,
            #"{"coordinate": [-44.8, 40.5], "text": "On the seam", "anchor": "left"}"#,
            #"{"coordinate": [-44, 41], "text": "Loses to the one before"}"#,
        ])
        for ratio in [1, 2] {
            let big = try r.render(s, camera: .tile(TileID(z: 1, x: 0, y: 0)!, tileSize: 512, pixelRatio: ratio))
            let side = 256 * ratio
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let small = try r.render(s, camera: .tile(TileID(z: 2, x: dx, y: dy)!, tileSize: 256, pixelRatio: ratio))
                var differing = 0
                for y in 0..<side { for x in 0..<side where small.pixel(x, y) != big.pixel(dx * side + x, dy * side + y) { differing += 1 } }
                XCTAssertEqual(differing, 0, "tile 2/\(dx)/\(dy) @\(ratio)x differs from its quarter of 1/0/0")
            }
        }
    }

    func testTiedAnnotationsFollowTheirLayerAndFeature() throws {
        let r = try renderer()
        let layers = #", {"id": "dots", "type": "circle", "source": "p", "minzoom": 1, "filter": ["==", ["get", "kind"], "a"]}"#
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 2, width: 128, height: 128)
        func inked(_ annotation: String, zoom: Double = 2) throws -> Bool {
            var c = camera; c.zoom = zoom
            let px = try r.render(style([annotation], layers: layers), camera: c)
            // Beside the circle the layer draws at the point, inside the box.
            return px.pixel(64 + 24, 64) != PremultipliedRGBA8(r: 0xd8, g: 0xe4, b: 0xec, a: 255)
        }
        XCTAssertTrue(try inked(#"{"coordinate": [0, 0], "text": "xxxxxxxxxx", "layer": "dots"}"#))
        XCTAssertFalse(try inked(#"{"coordinate": [0, 0], "text": "xxxxxxxxxx", "layer": "dots"}"#, zoom: 0.5), "below the layer's minzoom")
        XCTAssertTrue(try inked(#"{"coordinate": [0, 0], "text": "xxxxxxxxxx", "layer": "dots", "associatedFeatureId": 1}"#))
        XCTAssertFalse(try inked(#"{"coordinate": [0, 0], "text": "xxxxxxxxxx", "layer": "dots", "associatedFeatureId": 2}"#), "filtered out")
        XCTAssertFalse(try inked(#"{"coordinate": [0, 0], "text": "xxxxxxxxxx", "layer": "dots", "associatedFeatureId": 9}"#), "no such feature")
        XCTAssertFalse(try inked(#"{"coordinate": [0, 0], "text": "xxxxxxxxxx", "visible": false}"#))
    }

    /// Compares with the reference (premultiplied RGBA, ±2 per channel) or writes it.
    func check(_ px: Pixmap, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.referencesDir.appendingPathComponent("\(name).png")
        if ProcessInfo.processInfo.environment["STRATA_UPDATE_REFERENCES"] == "1" {
            try FileManager.default.createDirectory(at: Self.referencesDir, withIntermediateDirectories: true)
            try Data(PNGEncoder.encode(premultipliedRGBA: px.data, width: px.width, height: px.height)).write(to: url)
            return
        }
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: url)))
        XCTAssertEqual([expected.width, expected.height], [px.width, px.height], file: file, line: line)
        guard expected.width == px.width, expected.height == px.height else { return }
        let bad = zip(px.data, expected.premultipliedRGBA).filter { abs(Int($0) - Int($1)) > 2 }.count
        XCTAssertEqual(bad, 0, "\(bad) channels differ from References/\(name).png", file: file, line: line)
    }

    /// A pitched view draws its annotations too, each box standing at its anchor as the view
    /// sees it (bottom-anchored: the box ends just above the projected coordinate).
    func testPitchedViewDrawsAnnotationsAtTheirPerspectiveAnchor() throws {
        let s = try style([#"{"id": "n", "coordinate": [10, 20], "text": "Pitched", "anchor": "bottom"}"#])
        let camera = Camera.view(lon: 0, lat: 0, zoom: 2, pitch: 50, cssWidth: 300, cssHeight: 200)
        let img = try renderer().render(s, camera: camera)
        let at = CameraPerspective(camera).project(WebMercator.project(lon: 10, lat: 20))
        let x = Int(at.x), below = Int(at.y) + 3, above = Int(at.y) - 4
        let background = img.pixel(x, below)
        XCTAssertNotEqual(img.pixel(x, above), background, "the box stands above its anchor")
        XCTAssertEqual(img.pixel(x, min(img.height - 1, below + 10)), background)
    }
}

/// An annotation tied to a feature of a vector-tile source: the feature is looked up in the
/// tile under the annotation, through the layer's filter (no fonts needed: the boxes are sized).
final class AnnotationVectorFeatureTests: XCTestCase {
    func testFeatureOfAVectorTileDecides() throws {
        let fixture = try TileFixture()
        // Two points at the centre of tile 1/0/0 (world 0.25, 0.25): ids 1 and 2.
        try fixture.write(MiniMVT.tile(layer: "poi", features: [(1, [[(2048, 2048)]]), (1, [[(2048, 2048)]])], ids: [1, 2]), "tiles/1/0/0.mvt")
        let json = try JSONParser.parse(#"""
        {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["tiles/{z}/{x}/{y}.mvt"], "maxzoom": 1}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#000000"}},
                    {"id": "dots", "type": "circle", "source": "v", "source-layer": "poi", "filter": ["==", ["id"], 1]}]}
        """#)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            return XCTFail("style does not parse")
        }
        let renderer = try fixture.renderer()
        let camera = Camera(center: WorldPoint(0.25, 0.25), zoom: 1.5, width: 128, height: 128)
        let lat = WebMercator.unproject(WorldPoint(0.25, 0.25)).lat
        func shows(_ feature: Int) throws -> Bool {
            let a = try JSONParser.parse(#"{"coordinate": [-90, \#(lat)], "text": "", "width": 80, "height": 20, "layer": "dots", "associatedFeatureId": \#(feature), "style": {"background-color": "white"}}"#)
            let style = try parsed.0.applying([.addAnnotation(a.objectValue!)]).get()
            return try renderer.render(style, camera: camera).pixel(64 + 30, 64).r == 255
        }
        XCTAssertTrue(try shows(1), "feature 1 passes the filter")
        XCTAssertFalse(try shows(2), "feature 2 is filtered out")
        XCTAssertFalse(try shows(3), "there is no feature 3")
    }
}
