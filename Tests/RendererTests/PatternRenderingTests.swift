import XCTest
import Geo
import JSON
import PNGCodec
import Raster
import SourceData
import StyleSpec
@testable import Renderer

/// `*-pattern` drawing: patterns are anchored to the world grid (seamless across tiles),
/// runtime images draw as patterns, missing images are warnings.
final class PatternRenderingTests: XCTestCase {
    /// A 5×3 image of distinct colours: any misplacement by a pixel changes what is drawn.
    static let stripes: Pixmap = SpriteSheetTests.pixmap(width: 5, height: 3) { x, y in
        PremultipliedRGBA8(r: UInt8(40 * x + 30), g: UInt8(80 * y + 20), b: UInt8((x * 7 + y * 3) % 5 * 50), a: 255)
    }

    static func png(_ p: Pixmap) throws -> [UInt8] {
        try PNGEncoder.encode(premultipliedRGBA: p.data, width: p.width, height: p.height)
    }

    /// The style, with `images` added at runtime.
    static func style(_ text: String, images: [String: StyleImage] = [:]) throws -> Style {
        guard case .success(let parsed) = Style.parse(try JSONParser.parse(text), supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw TileSourceError("style does not parse")
        }
        var style = parsed.0
        for (id, image) in images {
            guard case .success(let next) = style.applying(.addImage(id, image)) else { throw TileSourceError("addImage failed") }
            style = next
        }
        return style
    }

    static let worldPolygon = "{\"type\": \"Polygon\", \"coordinates\": [[[-179, -84], [179, -84], [179, 84], [-179, 84], [-179, -84]]]}"

    /// A 512 px tile and the two 256 px tiles of its top half (same style zoom) agree pixel
    /// for pixel: the pattern does not restart at tile edges.
    func testFillPatternIsSeamlessAcrossTiles() throws {
        let fixture = try TileFixture()
        try fixture.write(Self.png(Self.stripes), "sprites/p.png")
        try fixture.write(Array("{\"stripes\": {\"x\": 0, \"y\": 0, \"width\": 5, \"height\": 3, \"pixelRatio\": 1}}".utf8), "sprites/p.json")
        let style = try Self.style("""
        {"version": 8, "sprite": "sprites/p",
         "sources": {"g": {"type": "geojson", "data": \(Self.worldPolygon)}},
         "layers": [{"id": "f", "type": "fill", "source": "g", "paint": {"fill-pattern": "stripes", "fill-antialias": false}}]}
        """)
        let renderer = try fixture.renderer()
        for ratio in [1, 2] {
            let big = try renderer.render(style, camera: .tile(TileID(z: 5, x: 11, y: 13)!, tileSize: 512, pixelRatio: ratio))
            let left = try renderer.render(style, camera: .tile(TileID(z: 6, x: 22, y: 26)!, tileSize: 256, pixelRatio: ratio))
            let right = try renderer.render(style, camera: .tile(TileID(z: 6, x: 23, y: 26)!, tileSize: 256, pixelRatio: ratio))
            let half = 256 * ratio
            var worst = 0
            for y in 0..<half {
                for x in 0..<half {
                    worst = max(worst, Self.distance(big.pixel(x, y), left.pixel(x, y)))
                    worst = max(worst, Self.distance(big.pixel(x + half, y), right.pixel(x, y)))
                }
            }
            XCTAssertLessThanOrEqual(worst, 1, "@\(ratio)x: tiles disagree with the 512 px tile by \(worst)")
            XCTAssertGreaterThan(Set(big.data).count, 8, "the pattern drew")
        }
    }

    /// The same for a line pattern: the image runs along the line from MapLibre's own tiles
    /// (at the integer zoom), not from the output tile's edge.
    func testLinePatternIsSeamlessAcrossTiles() throws {
        let fixture = try TileFixture()
        let style = try Self.style("""
        {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "LineString",
           "coordinates": [[-77, 26], [-56, 40], [-60, 28]]}}},
         "layers": [{"id": "l", "type": "line", "source": "g", "paint": {"line-pattern": "p", "line-width": 12}}]}
        """, images: ["p": StyleImage(png: try Self.png(Self.stripes))])
        let renderer = try fixture.renderer()
        let big = try renderer.render(style, camera: .tile(TileID(z: 3, x: 2, y: 3)!, tileSize: 512))
        let left = try renderer.render(style, camera: .tile(TileID(z: 4, x: 4, y: 6)!, tileSize: 256))
        let right = try renderer.render(style, camera: .tile(TileID(z: 4, x: 5, y: 6)!, tileSize: 256))
        var worst = 0, drawn = 0
        for y in 0..<256 {
            for x in 0..<256 {
                worst = max(worst, Self.distance(big.pixel(x, y), left.pixel(x, y)))
                worst = max(worst, Self.distance(big.pixel(x + 256, y), right.pixel(x, y)))
                if left.pixel(x, y).a > 0 || right.pixel(x, y).a > 0 { drawn += 1 }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "tiles disagree with the 512 px tile by \(worst)")
        XCTAssertGreaterThan(drawn, 500, "the line crosses both tiles")
    }

    /// At an integer zoom a 1x image covers one device pixel per image pixel, anchored at
    /// the world's top-left corner; a runtime image draws like a sprite image.
    func testRuntimeImageIsUsedAsBackgroundPattern() throws {
        let fixture = try TileFixture()
        let style = try Self.style("""
        {"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-pattern": "rt"}}]}
        """, images: ["rt": StyleImage(png: try Self.png(Self.stripes))])
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: 64, height: 64, centerPixel: SIMD2(256, 256))
        let image = try fixture.renderer().render(style, camera: camera)
        for (x, y) in [(0, 0), (1, 0), (4, 2), (5, 3), (13, 7), (63, 63)] {
            XCTAssertEqual(image.pixel(x, y), Self.stripes.pixel(x % 5, y % 3), "pixel \(x),\(y)")
        }
    }

    /// A runtime image with pixelRatio 2 is laid out at half its pixel size.
    func testRuntimeImagePixelRatioHalvesTheLayout() throws {
        let fixture = try TileFixture()
        let style = try Self.style("""
        {"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-pattern": "rt"}}]}
        """, images: ["rt": StyleImage(png: try Self.png(Self.stripes), pixelRatio: 2)])
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: 32, height: 32, pixelRatio: 2, centerPixel: SIMD2(512, 512))
        let image = try fixture.renderer().render(style, camera: camera)
        for (x, y) in [(0, 0), (3, 1), (7, 5)] {
            XCTAssertEqual(image.pixel(x, y), Self.stripes.pixel(x % 5, y % 3), "pixel \(x),\(y)")
        }
    }

    func testLinePatternDrawsTheImageAlongTheLine() throws {
        let fixture = try TileFixture()
        let green = SpriteSheetTests.pixmap(width: 4, height: 4) { _, _ in PremultipliedRGBA8(r: 0, g: 200, b: 0, a: 255) }
        let style = try Self.style("""
        {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-60, 0], [60, 0]]}}},
         "layers": [{"id": "l", "type": "line", "source": "g", "paint": {"line-pattern": "g", "line-width": 8}}]}
        """, images: ["g": StyleImage(png: try Self.png(green))])
        let image = try fixture.renderer().render(style, camera: Camera(center: WorldPoint(0.5, 0.5), zoom: 1, width: 64, height: 64))
        XCTAssertEqual(image.pixel(32, 32), PremultipliedRGBA8(r: 0, g: 200, b: 0, a: 255))
        XCTAssertEqual(image.pixel(32, 10), .transparent)
    }

    func testMissingPatternImageIsAWarningAndDrawsNothing() throws {
        let fixture = try TileFixture()
        let renderer = try fixture.renderer()
        let style = try Self.style("""
        {"version": 8, "sources": {"g": {"type": "geojson", "data": \(Self.worldPolygon)}},
         "layers": [{"id": "f", "type": "fill", "source": "g", "paint": {"fill-pattern": "nowhere"}},
                    {"id": "bg", "type": "background", "paint": {"background-pattern": "nowhere-either"}}]}
        """)
        let image = try renderer.render(style, camera: Camera(center: WorldPoint(0.5, 0.5), zoom: 1, width: 32, height: 32))
        XCTAssertEqual(Set(image.data), [0])
        let warnings = renderer.resources.tiles.warnings.all
        XCTAssertTrue(warnings.contains { $0.contains("\"nowhere\"") }, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.contains("\"nowhere-either\"") }, "\(warnings)")
    }

    /// Bilinear lookups at the image's edge blend with the opposite edge (the wrapped border).
    func testPatternImageWrapsAtItsEdges() throws {
        let image = try XCTUnwrap(PatternImage(SpriteImage(pixmap: Self.stripes, pixelRatio: 1)))
        func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let p = Self.stripes.pixel(x, y)
            return SIMD4(Float(p.r), Float(p.g), Float(p.b), Float(p.a))
        }
        XCTAssertEqual(image.sampleRepeating(2.5, 1.5), texel(2, 1))
        XCTAssertEqual(image.sampleRepeating(-2.5, 1.5), texel(2, 1))
        XCTAssertEqual(image.sampleRepeating(0, 1.5), (texel(0, 1) + texel(4, 1)) / 2)
        XCTAssertEqual(image.sampleRepeating(2.5, 3), (texel(2, 2) + texel(2, 0)) / 2)
        _ = image.sampleRepeating(.nan, .infinity)
        for x: Float in [0, 0.25, -0.25, 3.75, -3.75, 1, -1, 1e6 + 0.5, -1e6 - 0.5, 123.456] {
            XCTAssertEqual(PatternImage.fraction(x), x - x.rounded(.down), "\(x)")
        }
        XCTAssertEqual(PatternImage.fraction(.nan), 0)
        XCTAssertEqual(PatternImage.fraction(-.infinity), 0)
        XCTAssertEqual(PatternImage.fraction(1e20), 0)
    }

    static func distance(_ a: PremultipliedRGBA8, _ b: PremultipliedRGBA8) -> Int {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
    }
}
