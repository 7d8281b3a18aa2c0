import Geo
import JSON
import Raster
import StyleSpec
import XCTest
@testable import Renderer

/// Styles with custom layers parsed and rendered the way `strata serve` does (the standard
/// registry as the validation hook and the renderer's registry).
struct CustomLayerFixture {
    let registry: CustomLayerRegistry
    let renderer: MapRenderer

    init(registry: CustomLayerRegistry = .standard()) {
        self.registry = registry
        renderer = MapRenderer(resources: RenderResources(dataDirectory: nil as String?), customLayers: registry)
    }

    /// A style of `layers` (JSON text of the layer objects).
    static func styleJSON(_ layers: String) -> String {
        #"{"version": 8, "sources": {}, "layers": [\#(layers)]}"#
    }

    func parse(_ layers: String) -> Result<Style, [StyleError]> {
        let json = try! JSONParser.parse(Self.styleJSON(layers))
        return Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes, customLayers: registry).map(\.0)
    }

    func style(_ layers: String, file: StaticString = #filePath, line: UInt = #line) throws -> Style {
        switch parse(layers) {
        case .success(let s): return s
        case .failure(let e): XCTFail("style does not parse: \(e)", file: file, line: line); throw e[0]
        }
    }

    /// The first error's path and code.
    func error(_ layers: String) -> (path: String, code: String)? {
        guard case .failure(let e) = parse(layers) else { return nil }
        return (e[0].path.description, e[0].code)
    }

    func render(_ style: Style, _ camera: Camera) throws -> Pixmap {
        try renderer.render(style, camera: camera)
    }

    /// The classic example: red at (12.5°E, 25°N), green at (0, 0), blue at (25°E, 0).
    static let classicVertices = #"[[12.5, 25, "red"], [0, 0, "lime"], [25, 0, "blue"]]"#

    static func triangles(_ vertices: String = classicVertices, id: String = "tri", extra: String = "") -> String {
        #"{"id": "\#(id)", "type": "custom", "renderer": "triangles", "options": {"vertices": \#(vertices)\#(extra)}}"#
    }
}

extension Pixmap {
    /// Premultiplied channels of a pixel as Ints.
    func premul(_ x: Int, _ y: Int) -> SIMD4<Int> {
        let p = pixel(x, y)
        return SIMD4(Int(p.r), Int(p.g), Int(p.b), Int(p.a))
    }
}

/// Largest channel difference.
func channelDistance(_ a: SIMD4<Int>, _ b: SIMD4<Int>) -> Int {
    let d = a &- b
    return max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
}
