import XCTest
import JSON
import Raster
import StyleSpec
@testable import Renderer

/// raster-dem decoding, borders and MapLibre's hillshade prepare pass and shaders.
final class DEMTests: XCTestCase {
    /// A `size`² Terrain-RGB image whose elevation is `f(x, y)` (metres, 0.1 m steps).
    func terrainRGB(_ size: Int, _ f: (Int, Int) -> Double) -> Pixmap {
        var p = Pixmap(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size {
                let v = Int(((f(x, y) + 10000) * 10).rounded())
                p.setPixel(x, y, PremultipliedRGBA8(r: UInt8((v >> 16) & 255), g: UInt8((v >> 8) & 255), b: UInt8(v & 255), a: 255))
            }
        }
        return p
    }

    func testEncodingsDecodeTheirReferenceValues() {
        // Terrain-RGB 0 m is 100 000 tenths: (0x01, 0x86, 0xA0); Terrarium 0 m is (0x80, 0, 0).
        XCTAssertEqual(DEMEncoding.mapbox.elevation(0x01 | 0x86 << 8 | 0xA0 << 16), 0, accuracy: 0.01)
        XCTAssertEqual(DEMEncoding.terrarium.elevation(0x80), 0)
        XCTAssertEqual(DEMEncoding.terrarium.elevation(0x80 | 0x0A << 8 | 0x80 << 16), 10.5)
        let customJSON = try? JSONParser.parse(#"{"encoding": "custom", "redFactor": 2, "greenFactor": 0, "blueFactor": 0, "baseShift": 5}"#)
        let custom = DEMEncoding(source: customJSON?.objectValue ?? JSONObject())
        XCTAssertEqual(custom.elevation(10), 15)
        XCTAssertEqual(DEMEncoding(source: JSONObject()), .mapbox)
        XCTAssertEqual(DEMEncoding.terrarium.quantized(1.001), 1, accuracy: 1.0 / 256)
        XCTAssertEqual(DEMEncoding.mapbox.quantized(1.04), 1.0, accuracy: 1e-3)
    }

    func testBorderRepeatsEdgesUntilNeighboursFillIt() throws {
        let a = try XCTUnwrap(DEMTile(terrainRGB(4) { x, y in Double(x + 10 * y) }, encoding: .mapbox))
        XCTAssertEqual(a[-1, 0], a[0, 0], accuracy: 0.01)
        XCTAssertEqual(a[4, 3], a[3, 3], accuracy: 0.01)
        XCTAssertEqual(a[-1, -1], a[0, 0], accuracy: 0.01)
        // The tile to the east continues the ramp: its first column becomes a's right border.
        let east = try XCTUnwrap(DEMTile(terrainRGB(4) { x, y in Double(x + 4 + 10 * y) }, encoding: .mapbox))
        var b = a
        b.backfill(from: east, dx: 1, dy: 0)
        for y in 0..<4 { XCTAssertEqual(b[4, y], Float(4 + 10 * y), accuracy: 0.01) }
        XCTAssertEqual(b[4, -1], a[4, -1], "a side neighbour leaves the corners alone")
        let southEast = try XCTUnwrap(DEMTile(terrainRGB(4) { _, _ in 777 }, encoding: .mapbox))
        b.backfill(from: southEast, dx: 1, dy: 1)
        XCTAssertEqual(b[4, 4], 777, accuracy: 0.01)
        XCTAssertNil(DEMTile(Pixmap(width: 4, height: 2), encoding: .mapbox), "DEM tiles are square")
    }

    func testSlopesOfAPlaneMatchTheSobelFormula() throws {
        // Elevation rising 2 000 m per texel eastwards: Sobel x = 8 · 2 000 m, y = 0.
        let dem = try XCTUnwrap(DEMTile(terrainRGB(8) { x, _ in 100 + 2000 * Double(x) }, encoding: .mapbox))
        let zoom = 12
        let slopes = HillshadeSlopes(dem, zoom: zoom)
        let exaggeration = Float(zoom - 15) * 0.3
        let expected = 16000 * 8 / powf(2, exaggeration + 28.2562 - Float(zoom))
        let d = slopes.derivative(u: 0.5, v: 0.5, nearest: true)
        // Stored as a byte of d / 8 + 0.5: within one step of 8 / 255.
        XCTAssertEqual(d.x, expected, accuracy: 8 / 255)
        XCTAssertEqual(d.y, 0, accuracy: 8 / 255)
        // Edge texels use the repeated border: the ramp flattens there.
        XCTAssertLessThan(slopes.derivative(u: 0.01, v: 0.5, nearest: true).x, d.x)
    }

    func testShadingMethodsOnFlatAndSteepGround() {
        let white = SIMD4<Float>(1, 1, 1, 1), black = SIMD4<Float>(0, 0, 0, 1)
        let light = HillshadeShading.Light(azimuth: 335 * .pi / 180, altitude: 45 * .pi / 180, shadow: black, highlight: white)
        for method in [HillshadeShading.Method.standard, .basic, .combined, .igor] {
            let s = HillshadeShading(method: method, lights: [light], accent: black, exaggeration: 0.5)
            let flat = s.color(.zero)
            // Flat ground: standard/combined/igor draw nothing; basic's cos(45°) = 0.707 is a
            // faint highlight.
            if method == .basic {
                XCTAssertEqual(flat.w, 2 * Float(0.5).squareRoot() - 1, accuracy: 1e-4)
            } else {
                XCTAssertEqual(flat.w, 0, accuracy: 1e-6, "\(method)")
            }
            let steep = s.color(SIMD2(0, 3))
            XCTAssertGreaterThan(steep.w, 0.2, "\(method): a steep slope shades")
        }
        // Multidirectional averages its lights: two opposite lights on a slope give one
        // highlight and one shadow at half strength each.
        let east = HillshadeShading.Light(azimuth: 90 * .pi / 180, altitude: 0, shadow: black, highlight: white)
        let west = HillshadeShading.Light(azimuth: 270 * .pi / 180, altitude: 0, shadow: black, highlight: white)
        let multi = HillshadeShading(method: .multidirectional, lights: [east, west], accent: black, exaggeration: 0.5)
        let c = multi.color(SIMD2(2, 0))
        XCTAssertEqual(c.w, (multi.color(SIMD2(-2, 0))).w, accuracy: 1e-5, "mirror-symmetric lights")
    }

    func testColorReliefRampUsesQuantizedStopsAndClamps() throws {
        let json = try JSONParser.parse(##"{"version": 8, "sources": {"d": {"type": "raster-dem", "tiles": ["x/{z}/{x}/{y}.png"]}}, "layers": [{"id": "c", "type": "color-relief", "source": "d", "paint": {"color-relief-color": ["interpolate", ["linear"], ["elevation"], 0, "#000000", 100, "#ffffff"]}}]}"##)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            return XCTFail("style does not parse")
        }
        let ramp = ColorReliefRamp(parsed.0.layers[0], context: EvaluationContext(zoom: 10), encoding: .terrarium)
        XCTAssertEqual(ramp.color(-50), SIMD4(0, 0, 0, 1))
        XCTAssertEqual(ramp.color(500), SIMD4(1, 1, 1, 1))
        XCTAssertEqual(ramp.color(25).x, 0.25, accuracy: 1e-4)
    }
}
