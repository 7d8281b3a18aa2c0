import Foundation
import Geo
import JSON
import Raster
import Renderer
import StyleSpec
import XCTest

// Plain `import Renderer` (not @testable): a renderer written against the public API only,
// as a user's package would.

/// Counts every call a renderer gets.
final class CallCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Int] = [:]
    func bump(_ key: String) { lock.lock(); values[key, default: 0] += 1; lock.unlock() }
    subscript(_ key: String) -> Int { lock.lock(); defer { lock.unlock() }; return values[key, default: 0] }
}

struct CountingRenderer: CustomLayerRenderer {
    let counts: CallCounts

    func prepare(options: JSONObject, layerID: String) throws -> any PreparedCustomLayer {
        counts.bump("prepare")
        let o = try CustomLayerOptions(options, allowed: ["size", "color"])
        let size = try o.number("size", default: 4, expected: "a size in 1...64") { (1...64).contains($0) }
        let color = try o.color("color", default: StyleColor(r: 1, g: 0, b: 0))
        return CountingLayer(counts: counts, size: Int(size), color: Color(r: Float(color.r), g: Float(color.g), b: Float(color.b)))
    }
}

/// Fills a square at the world's centre (0°, 0°) projected like the map.
final class CountingLayer: PreparedCustomLayer {
    let counts: CallCounts
    let size: Int
    let color: Color
    init(counts: CallCounts, size: Int, color: Color) { self.counts = counts; self.size = size; self.color = color }
    func added() { counts.bump("added") }
    func removed() { counts.bump("removed") }
    func draw(in context: CustomLayerContext) throws {
        counts.bump("draw")
        let p = context.pixel(lon: 0, lat: 0)
        var path = Path()
        let s = Float(size) * Float(context.pixelRatio) / 2
        let c = SIMD2<Float>(Float(p.x), Float(p.y))
        path.move(to: c + SIMD2(-s, -s)); path.line(to: c + SIMD2(s, -s)); path.line(to: c + SIMD2(s, s)); path.line(to: c + SIMD2(-s, s))
        path.close()
        context.canvas.fill(path, rule: .nonZero, paint: .solid(color))
    }
}

final class CustomLayerLifecycleTests: XCTestCase {
    let counts = CallCounts()
    var registry: CustomLayerRegistry!

    override func setUp() {
        registry = CustomLayerRegistry.standard()
        registry.register("counting", CountingRenderer(counts: counts))
    }

    func parse(_ layers: String) throws -> Style {
        let json = try JSONParser.parse(#"{"version": 8, "sources": {}, "layers": [\#(layers)]}"#)
        return try Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes, customLayers: registry).map(\.0).get()
    }

    /// Options are decoded when the layer is validated, never per tile, and kept across
    /// changes that leave them alone.
    func testOptionsAreDecodedOncePerLayerVersionNotPerTile() throws {
        let style = try parse(#"{"id": "c", "type": "custom", "renderer": "counting", "options": {"size": 8}}"#)
        XCTAssertEqual(counts["prepare"], 1)
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: nil as String?), customLayers: registry)
        let canvas = Canvas(width: 256, height: 256)
        for x in 0..<4 { for y in 0..<4 { try renderer.render(style, camera: .tile(TileID(z: 2, x: x, y: y)!), into: canvas) } }
        XCTAssertEqual(counts["draw"], 16)
        XCTAssertEqual(counts["prepare"], 1, "no decoding per tile")
        let moved = try style.applying([.setLayoutProperty(layer: "c", name: "visibility", value: "visible"),
                                        .setLayerZoomRange(layer: "c", min: 0, max: 20)]).get()
        XCTAssertEqual(counts["prepare"], 1, "no decoding for a change that leaves the options alone")
        // The square is where the projection puts (0°, 0°): the corner of tile 1/1/1.
        let px = try renderer.render(moved, camera: .tile(TileID(z: 1, x: 1, y: 1)!))
        XCTAssertEqual(px.pixel(1, 1), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(px.pixel(6, 6), .transparent)
        // A bad option is refused with its path, through the public helpers.
        XCTAssertThrowsError(try parse(#"{"id": "c", "type": "custom", "renderer": "counting", "options": {"size": 0}}"#)) { e in
            XCTAssertEqual((e as? [StyleError])?.first?.path.description, "/layers/0/options/size")
        }
    }

    /// added/removed once per add and remove of a layer version, however many holders share it.
    func testAddedAndRemovedFollowHolders() throws {
        let life = registry.lifecycle
        let base = try parse(#"{"id": "bg", "type": "background"}"#)
        let with = try base.applying([.addLayer(JSONObject([("id", "c"), ("type", "custom"), ("renderer", "counting")]), beforeId: nil)]).get()
        XCTAssertEqual(counts["added"], 0, "validation alone adds nothing")
        life.attach(base)
        life.transition(from: base, to: with)                  // add
        XCTAssertEqual(counts["added"], 1)
        let without = try with.applying([.removeLayer("c")]).get()
        life.transition(from: with, to: without)               // remove
        XCTAssertEqual(counts["removed"], 1)
        life.transition(from: without, to: with)               // undo: the same version comes back
        XCTAssertEqual(counts["added"], 2)
        life.attach(with)                                      // a second session shares it
        life.detach(with)
        XCTAssertEqual(counts["removed"], 1)
        let hidden = try with.applying([.setLayoutProperty(layer: "c", name: "visibility", value: "none")]).get()
        life.transition(from: with, to: hidden)                // same version: no calls
        XCTAssertEqual(counts["added"], 2); XCTAssertEqual(counts["removed"], 1)
        let replaced = try hidden.applying([.setStyle(try JSONParser.parse(#"{"version": 8, "sources": {}, "layers": [{"id": "c", "type": "custom", "renderer": "counting"}]}"#))]).get()
        life.transition(from: hidden, to: replaced)            // whole-style replace: a new version
        XCTAssertEqual(counts["added"], 3); XCTAssertEqual(counts["removed"], 2)
        life.detach(replaced)
        XCTAssertEqual(counts["removed"], 3)
        XCTAssertEqual(life.heldCount, 0)
        life.holding(replaced) { XCTAssertEqual(counts["added"], 4) }
        XCTAssertEqual(counts["removed"], 4)
    }
}
