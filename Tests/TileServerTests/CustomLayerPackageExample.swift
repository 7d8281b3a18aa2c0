import Geo
import JSON
import Raster
import Renderer
import StyleSpec
import TileServer
import XCTest

// The example of docs/CUSTOM_LAYERS.md, compiled here against the public API only (no
// @testable), so the documented way of writing and registering a renderer keeps working.

/// `{"type": "custom", "renderer": "dot", "options": {"center": [lon, lat], "radius": 8, "color": "red"}}`
public struct DotRenderer: CustomLayerRenderer {
    public init() {}

    public func prepare(options: JSONObject, layerID: String) throws -> any PreparedCustomLayer {
        let o = try CustomLayerOptions(options, allowed: ["center", "radius", "color"])
        guard case .array(let c)? = options["center"], c.count == 2 else {
            throw CustomLayerOptionsError(JSONPointer(["center"]), "[longitude, latitude] expected")
        }
        let lon = try CustomLayerOptions.number(c[0], at: JSONPointer(["center", "0"]), expected: "a longitude") { abs($0) <= 180 }
        let lat = try CustomLayerOptions.number(c[1], at: JSONPointer(["center", "1"]), expected: "a latitude") { abs($0) <= 85 }
        let radius = try o.number("radius", default: 8, expected: "a radius in (0, 100]") { $0 > 0 && $0 <= 100 }
        let c2 = try o.color("color", default: StyleColor(r: 1, g: 0, b: 0))
        return Dot(lon: lon, lat: lat, radius: radius,
                   color: Color(r: Float(c2.r), g: Float(c2.g), b: Float(c2.b), a: Float(c2.a)))
    }
}

final class Dot: PreparedCustomLayer {
    let lon: Double, lat: Double, radius: Double
    let color: Color

    init(lon: Double, lat: Double, radius: Double, color: Color) {
        self.lon = lon; self.lat = lat; self.radius = radius; self.color = color
    }

    func draw(in context: CustomLayerContext) throws {
        for copy in context.worldCopies(marginPixels: radius * context.pixelRatio) {
            let p = context.pixel(lon: lon, lat: lat, worldCopy: copy)
            context.canvas.drawCircle(center: Point(Float(p.x), Float(p.y)), radius: Float(radius * context.pixelRatio),
                                      strokeWidth: 0, fill: color, stroke: .transparent)
        }
    }
}

/// A package's `main`: the built-in renderers plus its own, then the server as `strata serve` runs it.
func runServerWithCustomLayers(configFile: String) async throws {
    let registry = CustomLayerRegistry.standard()
    registry.register("dot", DotRenderer())
    let config = try ServerConfig.load(path: configFile)
    try config.validateFilesystem(configFile: configFile)
    let directory = try config.makeDataDirectory()
    let renderer = StyleTileRenderer(renderer: MapRenderer(resources: RenderResources(dataDirectory: directory),
                                                           customLayers: registry))
    try await ServerRunner.run(config: config, dataDirectory: directory, renderer: renderer)
}

final class CustomLayerPackageExampleTests: XCTestCase {
    func testTheDocumentedRendererDrawsWhereTheMapIs() throws {
        let registry = CustomLayerRegistry.standard()
        registry.register("dot", DotRenderer())
        let style = try LiveStyle.load(JSONParser.parse(#"{"version": 8, "sources": {}, "layers": [{"id": "d", "type": "custom", "renderer": "dot", "options": {"center": [0, 0], "radius": 10}}]}"#),
                                       customLayers: registry)
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: nil as String?), customLayers: registry)
        let px = try renderer.render(style.style, camera: .tile(TileID(z: 1, x: 1, y: 1)!))
        XCTAssertEqual(px.pixel(3, 3), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(px.pixel(20, 20), .transparent)
        XCTAssertThrowsError(try LiveStyle.load(JSONParser.parse(#"{"version": 8, "sources": {}, "layers": [{"id": "d", "type": "custom", "renderer": "dot", "options": {"center": [0, 99]}}]}"#),
                                                customLayers: registry)) { e in
            XCTAssertEqual((e as? StyleError)?.path.description, "/layers/0/options/center/1")
        }
    }
}
