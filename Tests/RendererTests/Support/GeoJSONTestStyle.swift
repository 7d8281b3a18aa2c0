import JSON
import XCTest
import StyleSpec
@testable import Renderer

/// A style with one inline GeoJSON source `g` holding `data`, a white background, and `layer`
/// (a layer object's JSON text) on top: the kept-geometry tests render such styles.
func geoJSONTestStyle(data: String, layer: String) throws -> Style {
    let json = try JSONParser.parse(##"""
    {"version": 8, "sources": {"g": {"type": "geojson", "data": \##(data)}},
     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}}, \##(layer)]}
    """##)
    guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
        struct NotParsed: Error {}
        throw NotParsed()
    }
    return parsed.0
}

/// Renders each pair — a style whose layer keeps its geometry, and the same layer made to take
/// the uncached path — twice in every camera, asserts that both draw the same pixels and that
/// something is drawn, and returns the kept renders in order (pair by pair, camera by camera).
func assertKeptDrawsTheUncached(_ renderer: MapRenderer, pairs: [(kept: Style, plain: Style)], cameras: [Camera],
                                what: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[UInt8]] {
    var drawn: [[UInt8]] = []
    for pair in pairs {
        for camera in cameras {
            for _ in 0..<2 {
                let a = try renderer.render(pair.kept, camera: camera), b = try renderer.render(pair.plain, camera: camera)
                XCTAssertEqual(a.data, b.data, "z\(camera.zoom): \(what) draw what the uncached path draws", file: file, line: line)
                drawn.append(a.data)
            }
            let inked = drawn.last!.enumerated().contains { $0.offset % 4 == 0 && $0.element != 255 }
            XCTAssertTrue(inked, "\(what) are drawn", file: file, line: line)
        }
    }
    return drawn
}
