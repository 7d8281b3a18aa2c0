import Geo
import JSON
import Raster
import StyleSpec
import XCTest
@testable import Renderer

/// Heatmap layers end to end: validation, seamless tiles (GeoJSON and vector sources), the
/// full-canvas colour pass and opacity.
final class HeatmapRenderingTests: XCTestCase {
    var fixture: TileFixture!

    override func setUpWithError() throws { fixture = try TileFixture() }
    override func tearDown() { fixture = nil }

    func geojsonStyle(_ data: String, paint: String = "{}") -> String {
        """
        {"version": 8, "sources": {"p": {"type": "geojson", "data": \(data)}},
         "layers": [{"id": "h", "type": "heatmap", "source": "p", "paint": \(paint)}]}
        """
    }

    func errors(_ paint: String) throws -> [StyleError] {
        let json = try JSONParser.parse(geojsonStyle(#"{"type": "Point", "coordinates": [0, 0]}"#, paint: paint))
        guard case .failure(let errors) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else { return [] }
        return errors
    }

    func testTheRendererAcceptsHeatmapLayersAndTheValidatorPointsAtBadValues() throws {
        XCTAssertTrue(MapRenderer.supportedLayerTypes.contains(.heatmap))
        XCTAssertEqual(try errors("""
        {"heatmap-radius": ["get", "r"], "heatmap-weight": ["interpolate", ["linear"], ["zoom"], 0, 1, 9, 3],
         "heatmap-intensity": 2, "heatmap-opacity": 0.5,
         "heatmap-color": ["step", ["heatmap-density"], "transparent", 0.5, "red"]}
        """).map(\.message), [])
        let cases: [(String, String)] = [
            (#"{"heatmap-radius": "wide"}"#, "/layers/0/paint/heatmap-radius"),
            (#"{"heatmap-intensity": ["get", "i"]}"#, "/layers/0/paint/heatmap-intensity"),
            (#"{"heatmap-opacity": ["get", "o"]}"#, "/layers/0/paint/heatmap-opacity"),
            (#"{"heatmap-color": 7}"#, "/layers/0/paint/heatmap-color"),
            (#"{"heatmap-color": ["interpolate", ["linear"], ["zoom"], 0, "red", 9, "blue"]}"#, "/layers/0/paint/heatmap-color"),
            (#"{"heatmap-weight": [1]}"#, "/layers/0/paint/heatmap-weight"),
            (#"{"heatmap-colour": "red"}"#, "/layers/0/paint/heatmap-colour"),
        ]
        for (paint, path) in cases {
            let found = try errors(paint)
            XCTAssertFalse(found.isEmpty, "\(paint) should be rejected")
            XCTAssertTrue(found.contains { $0.path.description.hasPrefix(path) }, "\(paint): \(found.map(\.path.description))")
        }
    }

    /// The largest channel difference between `tile` and the part of `big` it shows (at
    /// `offset`), over `tile`'s pixels at least `inset` from its edges.
    func difference(_ tile: Pixmap, _ big: Pixmap, offset: (x: Int, y: Int), inset: Int = 0) -> Int {
        var worst = 0
        for y in inset..<(tile.height - inset) {
            for x in inset..<(tile.width - inset) {
                for (a, b) in zip(tile.rgba(x, y), big.rgba(x + offset.x, y + offset.y)) { worst = max(worst, abs(Int(a) - Int(b))) }
            }
        }
        return worst
    }

    /// Two 256 px tiles side by side against the 512 px tiles over them and a 512 × 256 static
    /// view of the same ground: equal within one step of rounding (positions are projected
    /// from different origins). The static view clamps its density at its own edges, as
    /// MapLibre's does, so only its inner part is compared.
    func assertSeamless(_ style: String, left: TileID, right: TileID, line: UInt = #line) throws -> (Pixmap, Pixmap) {
        let l = try fixture.render(style, Camera.tile(left)), r = try fixture.render(style, Camera.tile(right))
        for (tile, id) in [(l, left), (r, right)] {
            let parent = TileID(z: id.z - 1, x: id.x / 2, y: id.y / 2)!
            let big = try fixture.render(style, Camera.tile(parent, tileSize: 512))
            XCTAssertLessThanOrEqual(difference(tile, big, offset: ((id.x % 2) * 256, (id.y % 2) * 256)), 1,
                                     "tile \(id) against its 512 px parent", line: line)
        }
        let b = left.worldBounds
        let view = try fixture.render(style, Camera(center: WorldPoint(b.maxX, (b.minY + b.maxY) / 2), zoom: Double(left.z - 1),
                                                    width: 512, height: 256))
        XCTAssertLessThanOrEqual(difference(l, view, offset: (0, 0), inset: 4), 1, "left tile against the view", line: line)
        XCTAssertLessThanOrEqual(difference(r, view, offset: (256, 0), inset: 4), 1, "right tile against the view", line: line)
        return (l, r)
    }

    func testAPointBesideATileEdgeLooksTheSameInEitherTiling() throws {
        // 3 px right of the seam between z2 tiles 0/0 and 1/0 (world 1024 px), 40 px down.
        let lon = (0.25 + 3.0 / 1024) * 360 - 180
        let lat = WebMercator.unproject(WorldPoint(0.25, 40.0 / 1024)).lat
        let style = geojsonStyle(#"{"type": "Point", "coordinates": [\#(lon), \#(lat)]}"#, paint: #"{"heatmap-radius": 20}"#)
        let (left, right) = try assertSeamless(style, left: TileID(z: 2, x: 0, y: 0)!, right: TileID(z: 2, x: 1, y: 0)!)
        // The kernel reaches well into the left tile.
        XCTAssertGreaterThan(left.rgba(245, 40)[3], 0)
        XCTAssertEqual(left.rgba(200, 40)[3], 0)
        XCTAssertGreaterThan(right.rgba(3, 40)[3], left.rgba(245, 40)[3])
    }

    func testVectorTilesFetchNeighboursWithinTheKernelsReach() throws {
        // A point 50 units into z2 tile 1/0: 6 px right of z3 tile 1/1, 119 px down.
        try fixture.write(MiniMVT.tile(layer: "pts", features: [(1, [[(50, 3000)]])]), "tiles/2/1/0.mvt")
        let style = """
        {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["tiles/{z}/{x}/{y}.mvt"], "maxzoom": 2}},
         "layers": [{"id": "h", "type": "heatmap", "source": "v", "source-layer": "pts", "paint": {"heatmap-radius": 30}}]}
        """
        // Output tile z3 1/1 draws from data tile 2/0/0; the point lies in its neighbour 2/1/0.
        let (left, right) = try assertSeamless(style, left: TileID(z: 3, x: 1, y: 1)!, right: TileID(z: 3, x: 2, y: 1)!)
        XCTAssertGreaterThan(left.rgba(255, 119)[3], 0, "the neighbour's kernel shows at the edge")
        XCTAssertEqual(left.rgba(200, 119), [0, 0, 0, 0], "62 px away: beyond the 38 px square")
        XCTAssertGreaterThan(right.rgba(6, 119)[3], 0)
    }

    func testARampThatIsNotTransparentAtZeroTintsTheWholeCanvas() throws {
        let style = geojsonStyle(#"{"type": "FeatureCollection", "features": []}"#, paint: """
        {"heatmap-opacity": 0.5, "heatmap-color": ["interpolate", ["linear"], ["heatmap-density"], 0, "blue", 1, "red"]}
        """)
        let px = try fixture.render(style, Camera(center: WorldPoint(0.5, 0.5), zoom: 2, width: 64, height: 32))
        XCTAssertEqual(px.rgba(0, 0), [0, 0, 128, 128])
        XCTAssertEqual(px.rgba(63, 31), [0, 0, 128, 128])
        // Opacity 0 skips the layer, as MapLibre does.
        let none = try fixture.render(geojsonStyle(#"{"type": "Point", "coordinates": [0, 0]}"#, paint: """
        {"heatmap-opacity": 0, "heatmap-color": ["interpolate", ["linear"], ["heatmap-density"], 0, "blue", 1, "red"]}
        """), Camera(center: WorldPoint(0.5, 0.5), zoom: 2, width: 64, height: 32))
        XCTAssertEqual(none.rgba(32, 16), [0, 0, 0, 0])
    }

    func testDensityAddsUpAndWeightScalesIt() throws {
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 3, width: 64, height: 64)
        func centre(_ data: String, _ paint: String) throws -> [UInt8] {
            try fixture.render(geojsonStyle(data, paint: paint), camera).rgba(32, 32)
        }
        let point = #"{"type": "Point", "coordinates": [0, 0]}"#
        let two = #"{"type": "MultiPoint", "coordinates": [[0, 0], [0, 0]]}"#
        // Two points in one place, weight 2 and intensity 2 all give the same density.
        let doubled = try centre(two, "{}")
        XCTAssertEqual(try centre(point, #"{"heatmap-weight": 2}"#), doubled)
        XCTAssertEqual(try centre(point, #"{"heatmap-intensity": 2}"#), doubled)
        XCTAssertNotEqual(try centre(point, "{}"), doubled)
        // Weight 0 draws nothing (MapLibre's kernel square collapses).
        XCTAssertEqual(try centre(point, #"{"heatmap-weight": 0}"#), [0, 0, 0, 0])
    }
}
