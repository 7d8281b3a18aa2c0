import XCTest
import Geo
import JSON
import Raster
import StyleSpec
@testable import Renderer

/// Line layers end to end through `MapRenderer`: MapLibre's visible behaviours (translucent
/// overlaps, dashes tied to tiles, not to the view) and hostile values.
final class LinesPainterTests: XCTestCase {
    private func style(_ geometry: String, paint: String, layout: String = "{}", source: String = "") throws -> Style {
        let text = """
        {"version": 8, "sources": {"s": {"type": "geojson", \(source) "data": {"type": "Feature", "properties": {}, "geometry": \(geometry)}}},
         "layers": [{"id": "l", "type": "line", "source": "s", "paint": \(paint), "layout": \(layout)}]}
        """
        switch Style.parse(try JSONParser.parse(text), supportedLayerTypes: MapRenderer.supportedLayerTypes) {
        case .success(let r): return r.0
        case .failure(let e): throw NSError(domain: "style", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(e)"])
        }
    }

    private func render(_ s: Style, lon: Double = 0, lat: Double = 0, zoom: Double, size: Int = 64) throws -> Pixmap {
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: nil as String?))
        return try renderer.render(s, camera: .view(lon: lon, lat: lat, zoom: zoom, cssWidth: size, cssHeight: size))
    }

    func testTranslucentLineBlendsItsOverlapsTwice() throws {
        // A hairpin with a bevel join (flipped: the miter is over 2 half widths): its
        // triangles overlap near the corner, as in MapLibre (line-join/bevel-transparent).
        let s = try style(#"{"type": "LineString", "coordinates": [[-2, -16], [2, 16], [6, -16]]}"#,
                          paint: ##"{"line-width": 8, "line-opacity": 0.5, "line-color": "#000"}"##, layout: #"{"line-join": "bevel"}"#)
        let p = try render(s, zoom: 0)
        let alphas = Set((0..<p.height).flatMap { y in (0..<p.width).map { p.pixel($0, y).a } })
        XCTAssertTrue(alphas.contains(128), "single coverage at half opacity")
        XCTAssertTrue(alphas.contains(191) || alphas.contains(192), "double coverage where triangles overlap: \(alphas.sorted().suffix(12))")
    }

    func testDashesFollowTilesNotTheView() throws {
        // The same dashed line seen from two centres 40 px apart: where the views overlap the
        // pixels are identical, because dash phases restart at MapLibre's tile edges.
        let s = try style(#"{"type": "LineString", "coordinates": [[-170, 1], [170, 1]]}"#,
                          paint: #"{"line-width": 3, "line-dasharray": [2, 1.5]}"#)
        let zoom = 2.5
        let a = try render(s, lon: -5, zoom: zoom, size: 128)
        let worldPx = 512 * pow(2, zoom)
        let shiftPx = 40
        let b = try render(s, lon: -5 + Double(shiftPx) / worldPx * 360, zoom: zoom, size: 128)
        var compared = 0, visible = 0
        for y in 0..<128 {
            for x in shiftPx..<128 {
                XCTAssertEqual(a.pixel(x, y), b.pixel(x - shiftPx, y), "pixel \(x),\(y)")
                compared += 1
                if a.pixel(x, y).a > 0 { visible += 1 }
            }
        }
        XCTAssertGreaterThan(visible, 50)
        XCTAssertGreaterThan(compared, 0)
        // And it is dashed: along the centre row, coverage comes and goes.
        let centre = (0..<128).max { y0, y1 in
            (0..<128).reduce(0) { $0 + Int(a.pixel($1, y0).a) } < (0..<128).reduce(0) { $0 + Int(a.pixel($1, y1).a) }
        }!
        let row = (0..<128).map { a.pixel($0, centre).a > 128 }
        XCTAssertGreaterThan(zip(row, row.dropFirst()).filter { $0 != $1 }.count, 6)
    }

    func testGradientColoursAlongTheLine() throws {
        let s = try style(#"{"type": "LineString", "coordinates": [[-20, 0], [20, 0]]}"#,
                          paint: #"{"line-width": 8, "line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "blue", 1, "red"]}"#,
                          source: #""lineMetrics": true,"#)
        let p = try render(s, zoom: 1, size: 128)
        let left = p.pixel(40, 64), right = p.pixel(88, 64)
        XCTAssertGreaterThan(left.b, left.r)
        XCTAssertGreaterThan(right.r, right.b)
        XCTAssertEqual(left.a, 255)
    }

    func testHostileValuesDoNotCrash() throws {
        for paint in [#"{"line-width": 1e30}"#, #"{"line-width": 1e6, "line-offset": -1e7}"#,
                      #"{"line-width": 4, "line-dasharray": [0, 0]}"#, #"{"line-width": 4, "line-dasharray": [1e-30, 1e30]}"#,
                      #"{"line-width": 4, "line-gap-width": 1e9, "line-blur": 1e9}"#] {
            let s = try style(#"{"type": "LineString", "coordinates": [[-20, 0], [20, 0], [-20, 0.0001]]}"#, paint: paint,
                              layout: #"{"line-join": "miter", "line-miter-limit": 1e6}"#)
            let start = Date()
            _ = try render(s, zoom: 3)
            _ = try render(s, zoom: 22.5)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, paint)
        }
    }

    func testPolygonOutlinesAndOverscaledZoom() throws {
        let s = try style(#"{"type": "Polygon", "coordinates": [[[-1e-5, -1e-5], [1e-5, -1e-5], [1e-5, 1e-5], [-1e-5, 1e-5], [-1e-5, -1e-5]]]}"#,
                          paint: #"{"line-width": 2, "line-dasharray": [2, 2]}"#, source: #""maxzoom": 14,"#)
        let p = try render(s, zoom: 21, size: 64)
        let drawn = (0..<64).flatMap { y in (0..<64).map { p.pixel($0, y).a } }.filter { $0 > 0 }.count
        XCTAssertGreaterThan(drawn, 20)
    }
}
