import JSON
import Raster
import StyleSpec
import XCTest
@testable import Renderer

/// `heatmap-color` → the 256-texel ramp, as MapLibre's `renderColorRamp` builds it, and its
/// linear, clamped sampling.
final class HeatmapColorRampTests: XCTestCase {
    func layer(_ paint: String = "{}") throws -> Layer {
        let json = try JSONParser.parse("""
        {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "h", "type": "heatmap", "source": "p", "paint": \(paint)}]}
        """)
        guard case .success(let (style, _)) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw XCTSkip("style does not parse")
        }
        return try XCTUnwrap(style.layer("h"))
    }

    func bytes(_ c: SIMD4<Float>) -> [Int] { [c.x, c.y, c.z, c.w].map { Int(($0 * 255).rounded()) } }

    /// Bytes equal within one step (the ramp floors, as MapLibre's does, so a value that is
    /// an integer in exact arithmetic may land one below).
    func assertBytes(_ c: SIMD4<Float>, _ expected: [Int], _ message: String, line: UInt = #line) {
        let got = bytes(c)
        XCTAssertTrue(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(message): \(got) vs \(expected)", line: line)
    }

    func testTheDefaultRampIsTheSpecsBlueToRed() throws {
        let ramp = HeatmapColorRamp(try layer(), context: EvaluationContext(zoom: 0))
        XCTAssertEqual(ramp.texels.count, 256)
        XCTAssertTrue(ramp.startsTransparent, "rgba(0, 0, 255, 0) at density 0")
        XCTAssertEqual(bytes(ramp.texels[0]), [0, 0, 0, 0])
        XCTAssertEqual(bytes(ramp.texels[255]), [255, 0, 0, 255], "red at 1")
        // Density 51/255 = 0.2, half way from royalblue (65, 105, 225) at 0.1 to cyan at 0.3.
        assertBytes(ramp.texels[51], [32, 180, 240, 255], "texel 51")
        // Density 0.5: lime.
        assertBytes(ramp.color(at: 0.5), [0, 255, 0, 255], "density 0.5")
        // Density 13/255 ≈ 0.051, 51 % of the way from rgba(0, 0, 255, 0) to royalblue:
        // colours interpolate straight (33, 53, 239) at alpha 130 of 255, then the texture
        // upload premultiplies them (truncating).
        let low = ramp.texels[13]
        assertBytes(low, [16, 27, 121, 130], "texel 13")
        XCTAssertTrue(low.x <= low.w && low.y <= low.w && low.z <= low.w)
    }

    func testALayersRampFollowsItsExpression() throws {
        let ramp = HeatmapColorRamp(try layer("""
        {"heatmap-color": ["interpolate", ["linear"], ["heatmap-density"], 0, "black", 1, "white"]}
        """), context: EvaluationContext(zoom: 0))
        XCTAssertFalse(ramp.startsTransparent, "black at 0 tints every pixel")
        for i in [0, 1, 100, 254, 255] {
            assertBytes(ramp.texels[i], [i, i, i, 255], "texel \(i)")
        }
        // Sampling: texel centres give the texel, half way between two the mean, ends clamp.
        XCTAssertEqual(ramp.color(at: (100 + 0.5) / 256), ramp.texels[100])
        let mid = ramp.color(at: 101 / 256)
        XCTAssertEqual(mid.x, (ramp.texels[100].x + ramp.texels[101].x) / 2, accuracy: 1e-6)
        XCTAssertEqual(ramp.color(at: 0), ramp.texels[0])
        XCTAssertEqual(ramp.color(at: -3), ramp.texels[0])
        XCTAssertEqual(ramp.color(at: 1), ramp.texels[255])
        XCTAssertEqual(ramp.color(at: 40), ramp.texels[255])
        XCTAssertEqual(ramp.color(at: .nan), ramp.texels[0])
    }

    func testTranslucentStopsArePremultipliedThroughBytes() throws {
        let ramp = HeatmapColorRamp(try layer("""
        {"heatmap-color": ["interpolate", ["linear"], ["heatmap-density"], 0, "rgba(255, 0, 0, 0.5)", 1, "rgba(255, 0, 0, 0.5)"]}
        """), context: EvaluationContext(zoom: 0))
        // Straight red 255 at alpha floor(0.5 · 255) = 127: premultiplied 127.
        XCTAssertEqual(bytes(ramp.texels[7]), [127, 0, 0, 127])
    }

    func testRampsAreBuiltOncePerLayerContent() throws {
        let cache = HeatmapColorRampCache()
        let ctx = EvaluationContext(zoom: 0)
        let a = try layer(), b = try layer()
        let red = try layer(#"{"heatmap-color": ["interpolate", ["linear"], ["heatmap-density"], 0, "red", 1, "red"]}"#)
        XCTAssertEqual(cache.ramp(for: a, context: ctx).texels, HeatmapColorRamp(a, context: ctx).texels)
        XCTAssertEqual(cache.ramp(for: b, context: ctx).texels, HeatmapColorRamp(a, context: ctx).texels)
        XCTAssertEqual(cache.count, 1, "equal layers share one ramp")
        XCTAssertEqual(bytes(cache.ramp(for: red, context: ctx).texels[0]), [255, 0, 0, 255])
        XCTAssertEqual(cache.count, 2)
    }
}
