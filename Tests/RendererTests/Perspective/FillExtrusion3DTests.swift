import XCTest
import Geo
import JSON
import Raster
import StyleSpec
@testable import Renderer

/// `fill-extrusion` in 3D for static views: MapLibre's vertex lighting on walls, and a box
/// seen by a pitched camera where MapLibre's render test `fill-extrusion-color/literal`
/// shows it (512×256, zoom 18, pitch 60, a blue box ±0.0003° 10 m tall).
final class FillExtrusion3DTests: XCTestCase {
    let box = #"{"type": "Polygon", "coordinates": [[[-0.0003, -0.0003], [-0.0003, 0.0003], [0.0003, 0.0003], [0.0003, -0.0003], [-0.0003, -0.0003]]]}"#

    func style(_ paint: String, light: String = "") throws -> Style {
        let json = #"{"version": 8, \#(light)"sources": {"g": {"type": "geojson", "data": \#(box)}}, "layers": [{"id": "e", "type": "fill-extrusion", "source": "g", "paint": \#(paint)}]}"#
        guard case .success(let parsed) = Style.parse(try JSONParser.parse(json), supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw XCTSkip("style does not parse")
        }
        return parsed.0
    }

    func render(_ style: Style, pitch: Double, bearing: Double = 0) throws -> Pixmap {
        let camera = Camera.view(lon: 0, lat: 0, zoom: 18, bearing: bearing, pitch: pitch, cssWidth: 512, cssHeight: 256)
        return try MapRenderer(resources: RenderResources(dataDirectory: nil)).render(style, camera: camera)
    }

    /// The default light (intensity 0.5, white, position [1.15, 210, 30]) on a blue (0, 0, 1)
    /// wall facing south, 10 m tall, with the vertical gradient, by the shader's steps:
    /// light = 1.15·(cos 300°·sin 30°, sin 300°·sin 30°, cos 30°) = (0.2875, −0.4980, 0.9959);
    /// the bucket's normal for the ring's south edge is perp(p1 − p2) = (0, −1) (MapLibre's
    /// wall normals point into clockwise rings); cos θ = 0.4980; luminance 0.0722;
    /// directional = mix(0.5, max(1 − 0.0722 + 0.5, 1), 0.4980) = 0.9620; the gradient factor
    /// clamp((t + 0)·√(10/150), mix(0.7, 0.98, 0.5) = 0.84, 1) = 0.84 at both ends → 0.8080;
    /// blue (1 + 0.03)·0.8080 = 0.8323 → 212; red and green 0.03·0.8080 → 6.
    func testWallLightingFollowsTheShader() throws {
        let light = StyleLight(try style(#"{}"#), context: EvaluationContext(zoom: 18), bearing: 0)
        for top in [false, true] {
            let c = light.litVertex(SIMD4(0, 0, 1, 1), normal: .wall(nx: 0, ny: -1, top: top), base: 0, height: 10, verticalGradient: true)
            XCTAssertEqual(c.z, 0.8323, accuracy: 2e-4)
            XCTAssertEqual(c.x, 0.02424, accuracy: 1e-4)
            XCTAssertEqual(c.w, 1)
        }
        // Without the gradient the factor is 1; a wall facing exactly east (ny = 0) gets none
        // either, as the shader tests normal.y.
        let plain = light.litVertex(SIMD4(0, 0, 1, 1), normal: .wall(nx: 0, ny: -1, top: false), base: 0, height: 10, verticalGradient: false)
        XCTAssertEqual(plain.z, min(1, 1.03 * 0.9620), accuracy: 2e-4)
        let east = light.litVertex(SIMD4(0, 0, 1, 1), normal: .wall(nx: 1, ny: 0, top: false), base: 0, height: 10, verticalGradient: true)
        // cos θ = x·(16382 / 16384)·… : floor(8192)·2 / 16384 = 1 → 0.2875; mix(0.5, 1.4278, 0.2875) = 0.7667.
        XCTAssertEqual(east.z, 1.03 * 0.7667, accuracy: 5e-4)
        // The roof: normal (1/16384, 0, 1) → cos θ ≈ 0.9959, directional 1.424: blue clamps to 1.
        let roof = light.litVertex(SIMD4(0, 0, 1, 1), normal: .roof, base: 0, height: 10, verticalGradient: true)
        XCTAssertEqual(roof.z, 1); XCTAssertEqual(roof.x * 255, 10.9, accuracy: 0.1)
    }

    func testPitchedBoxShowsItsSouthWallBelowItsRoof() throws {
        let img = try render(try style(#"{"fill-extrusion-color": "blue", "fill-extrusion-height": 10}"#), pitch: 60)
        XCTAssertEqual(img.width, 512)
        XCTAssertEqual(img.pixel(256, 100), PremultipliedRGBA8(r: 11, g: 11, b: 255, a: 255), "roof, as MapLibre draws it")
        XCTAssertEqual(img.pixel(256, 185), PremultipliedRGBA8(r: 6, g: 6, b: 212, a: 255), "south wall, as MapLibre draws it")
        XCTAssertEqual(img.pixel(100, 175), PremultipliedRGBA8(r: 6, g: 6, b: 212, a: 255))
        XCTAssertEqual(img.pixel(256, 240).a, 0, "below the wall: the ground, empty")
        XCTAssertEqual(img.pixel(256, 30).a, 0, "beyond the roof")
        // The wall's bottom edge is where the camera puts the box's south-west corner on the
        // ground, its top where it puts the corner 10 m up.
        let camera = Camera.view(lon: 0, lat: 0, zoom: 18, pitch: 60, cssWidth: 512, cssHeight: 256)
        let p = CameraPerspective(camera)
        let corner = WebMercator.project(lon: 0, lat: -0.0003)
        let bottom = p.project(corner), top = p.project(corner, metres: 10)
        XCTAssertEqual(img.pixel(256, Int(bottom.y) - 1).b, 212, "just above the bottom edge: wall")
        XCTAssertEqual(img.pixel(256, Int(bottom.y) + 1).a, 0, "just below it: nothing")
        XCTAssertEqual(img.pixel(256, Int(top.y) + 1).b, 212, "just below the top edge: wall")
        XCTAssertEqual(img.pixel(256, Int(top.y) - 1).b, 255, "just above it: roof")
    }

    func testStraightDownShowsOnlyTheRoofAtTheCentreButWallsAwayFromIt() throws {
        // Pitch 0: the box at the centre shows its roof only (every wall faces away from the
        // camera above the centre, or is hidden under the roof's perspective enlargement).
        let img = try render(try style(#"{"fill-extrusion-color": "blue", "fill-extrusion-height": 10}"#), pitch: 0)
        XCTAssertEqual(img.pixel(256, 128), PremultipliedRGBA8(r: 11, g: 11, b: 255, a: 255))
        var wallPixels = 0
        for y in 0..<img.height { for x in 0..<img.width where img.pixel(x, y).b == 212 { wallPixels += 1 } }
        XCTAssertEqual(wallPixels, 0, "a box centred under the camera shows no wall")
    }

    /// The pattern shader's coordinates, by hand: at zoom 18.5 the pattern's scale is the
    /// integer zoom's, 512·2^18 CSS px per world unit; a 16×8 image at pixel ratio 2 shows
    /// 8×4 CSS px. A wall point 4096 tile units along its ring (half a z18 tile = 256 CSS px)
    /// and 65536 / 2^18 = 0.25 m up is at 256 px across and −2^18·0.25 / 65536 = −1 px up,
    /// plus the tile origin (tile 3 × 512 px = 1536 ≡ 0 mod 8; tile 5 × 512 = 2560 ≡ 0 mod
    /// 4), times the ratio 2: (512, −2). Roofs: the world position times the same scale.
    func testPatternCoordinatesFollowTheShader() throws {
        guard let image = PatternImage(SpriteImage(pixmap: Pixmap(width: 16, height: 8), pixelRatio: 2)) else { return XCTFail() }
        let n = 262_144.0
        let pattern = ExtrusionPattern(image: image, zoom: 18.5, anchor: WorldPoint(0.5, 0.5),
                                       tileOrigin: WorldPoint(3 / n, 5 / n), tileZoom: 18)
        let wall = pattern.wall(edgeDistance: 4096, metres: 0.25)
        XCTAssertEqual(wall.x, 512, accuracy: 1e-6)
        XCTAssertEqual(wall.y, -2, accuracy: 1e-6)
        // The anchor (0.5 · 512 · 2^18 px, a multiple of 8 and 4) is at image position 0;
        // a point 10 CSS px east and 3 south of it at (20, 6).
        let roof = pattern.roof(WorldPoint(0.5 + 10 / (512 * n), 0.5 + 3 / (512 * n)))
        XCTAssertEqual(roof.x, 20, accuracy: 1e-6)
        XCTAssertEqual(roof.y, 6, accuracy: 1e-6)
    }
}
