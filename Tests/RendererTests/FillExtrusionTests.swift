import XCTest
import Geo
import JSON
import Raster
import StyleSpec
@testable import Renderer

/// `fill-extrusion` seen from above: roofs in MapLibre's vertex-lit colour, one surface per
/// pixel, the layer composited with its opacity.
final class FillExtrusionTests: XCTestCase {
    let square = #"{"type": "Polygon", "coordinates": [[[-10, -10], [10, -10], [10, 10], [-10, 10], [-10, -10]]]}"#

    func render(_ layers: String, sources: String? = nil, light: String? = nil, width: Int = 32) throws -> Pixmap {
        let src = sources ?? #"{"g": {"type": "geojson", "data": \#(square)}}"#
        let lightKey = light.map { "\"light\": \($0), " } ?? ""
        let json = #"{"version": 8, \#(lightKey)"sources": \#(src), "layers": [\#(layers)]}"#
        guard case .success(let parsed) = Style.parse(try JSONParser.parse(json), supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            XCTFail("style does not parse"); return Pixmap(width: 0, height: 0)
        }
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: width, height: width)
        return try MapRenderer(resources: RenderResources(dataDirectory: nil)).render(parsed.0, camera: camera)
    }

    /// The roof colour the vertex shader computes under the default light (intensity 0.5,
    /// position [1.15, 210, 30], white), written out step by step.
    func defaultLit(_ r: Float, _ g: Float, _ b: Float) -> PremultipliedRGBA8 {
        let lightZ = 1.15 * cosf(30 * .pi / 180), lightX = 1.15 * cosf(300 * .pi / 180) * sinf(30 * .pi / 180)
        let cosine = min(1, lightX / 16384 + lightZ)
        let luminance = r * 0.2126 + g * 0.7152 + b * 0.0722
        let directional = 0.5 + (max(1 - luminance + 0.5, 1) - 0.5) * cosine
        func q(_ v: Float) -> UInt8 { UInt8((min(max((v + 0.03) * directional, 0), 1) * 255).rounded()) }
        return PremultipliedRGBA8(r: q(r), g: q(g), b: q(b), a: 255)
    }

    func testRoofTakesTheDefaultLightsColour() throws {
        let img = try render(#"{"id": "e", "type": "fill-extrusion", "source": "g", "paint": {"fill-extrusion-color": "blue"}}"#)
        XCTAssertEqual(img.pixel(16, 16), defaultLit(0, 0, 1))
        XCTAssertEqual(img.pixel(16, 16), PremultipliedRGBA8(r: 11, g: 11, b: 255, a: 255), "MapLibre's render tests show this blue")
        XCTAssertEqual(img.pixel(0, 0).a, 0, "outside the polygon nothing is drawn")
    }

    func testOpacityCompositesTheLayerOnce() throws {
        // Two overlapping features at opacity 0.5: the overlap is not darker (one surface per pixel).
        let two = #"{"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": \#(square)}, {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[0, -10], [20, -10], [20, 10], [0, 10], [0, -10]]]}}]}}}"#
        let img = try render(#"{"id": "e", "type": "fill-extrusion", "source": "g", "paint": {"fill-extrusion-color": "blue", "fill-extrusion-opacity": 0.5}}"#, sources: two)
        XCTAssertEqual(img.pixel(14, 16), img.pixel(18, 16), "overlap and single cover look the same")
        XCTAssertEqual(Int(img.pixel(14, 16).a), 128, accuracy: 1)
    }

    func testLightIntensityAndColourChangeTheRoof() throws {
        let layer = ##"{"id": "e", "type": "fill-extrusion", "source": "g", "paint": {"fill-extrusion-color": "#808080"}}"##
        let dim = try render(layer, light: #"{"intensity": 0}"#).pixel(16, 16)
        let bright = try render(layer, light: #"{"intensity": 1}"#).pixel(16, 16)
        XCTAssertLessThan(dim.r, bright.r)
        // A red light leaves green and blue at the floor 0.3·(1 − 0) for those channels.
        let red = try render(layer, light: #"{"color": "red"}"#).pixel(16, 16)
        XCTAssertEqual(red.g, 77)
        XCTAssertGreaterThan(red.r, red.g)
    }

    func testDataDrivenColourAndLinesIgnored() throws {
        let src = #"{"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"c": "red"}, "geometry": \#(square)}, {"type": "Feature", "properties": {"c": "lime"}, "geometry": {"type": "LineString", "coordinates": [[-40, 0], [40, 0]]}}]}}}"#
        let img = try render(#"{"id": "e", "type": "fill-extrusion", "source": "g", "paint": {"fill-extrusion-color": ["get", "c"]}}"#, sources: src)
        XCTAssertEqual(img.pixel(16, 16), defaultLit(1, 0, 0))
        XCTAssertEqual(img.pixel(0, 16).a, 0, "a line string is not extruded")
    }
}

/// `fill-extrusion-rounded-corner-distance`'s fillets.
final class RoundedCornersTests: XCTestCase {
    func testSquareCornersBecomeQuarterCircles() {
        // A square of side 0.001 world units at the equator, corners rounded by 10 % of a side.
        let s = 0.001, t = 0.0001
        var g = FeatureGeometry(type: .polygon)
        g.points = [WorldPoint(0.5, 0.5), WorldPoint(0.5 + s, 0.5), WorldPoint(0.5 + s, 0.5 + s), WorldPoint(0.5, 0.5 + s), WorldPoint(0.5, 0.5)]
        g.endPart(); g.endPolygon()
        let metres = t * 40_075_016.685_578_5
        let r = RoundedCorners.apply(g, metres: metres)
        var area = 0.0
        let pts = r.points
        for i in 0..<(pts.count - 1) { area += pts[i].x * pts[i + 1].y - pts[i + 1].x * pts[i].y }
        area = abs(area) / 2
        let exact = s * s - (4 - .pi) * t * t
        XCTAssertEqual(area, exact, accuracy: exact * 1e-4, "a square minus four corner pieces of (1 − π/4)·t²")
        // Every point stays inside the square and the straight sides keep their middle.
        XCTAssertTrue(pts.allSatisfy { $0.x >= 0.5 - 1e-12 && $0.x <= 0.5 + s + 1e-12 })
        XCTAssertEqual(RoundedCorners.apply(g, metres: 0), g, "0 turns rounding off")
    }

    func testShortEdgesLimitTheFillet() {
        var g = FeatureGeometry(type: .polygon)
        g.points = [WorldPoint(0, 0), WorldPoint(1e-6, 0), WorldPoint(0, 1e-6), WorldPoint(0, 0)]
        g.endPart(); g.endPolygon()
        let r = RoundedCorners.apply(g, metres: 1000)
        XCTAssertTrue(r.points.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.x >= -1e-12 && $0.y >= -1e-12 })
    }
}
