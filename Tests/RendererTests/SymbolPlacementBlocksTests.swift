import XCTest
import SplitMix
import Foundation
import Geo
import JSON
import StyleSpec
import StrataTestSupport
import Raster
@testable import Renderer

/// Labels on `/tiles` are placed by blocks (`SymbolPlacementBlocks`): a 512 px tile and the
/// four 256 px tiles of the same ground show the same labels, pixel for pixel, where
/// per-tile greedy placement disagrees along the tile edges.
final class SymbolPlacementBlocksTests: XCTestCase {
    func crowdedStyle(allowOverlap: Bool = false) throws -> Style {
        var rng = SplitMix64(seed: 5)
        var features: [String] = []
        for i in 0..<400 {
            let lon = 2.5 + Double(rng.next() % 4000) / 100, lat = -38 + Double(rng.next() % 3600) / 100
            features.append(#"{"type": "Feature", "properties": {"name": "Place \#(i)"}, "geometry": {"type": "Point", "coordinates": [\#(lon), \#(lat)]}}"#)
        }
        // Polygons labelled at their pole, several across the 256 px tiles' seams (22.5° E, ~21.9° S).
        var areas: [String] = []
        // One far wider than a tile and its label reach: clipped to each render's view, its pole
        // would move with the view.
        areas.append(#"{"type": "Feature", "properties": {"name": "Wide area"}, "geometry": {"type": "Polygon", "coordinates": [[[-70, -62], [110, -62], [110, 20], [-70, 20], [-70, -62]]]}}"#)
        for i in 0..<24 {
            let lon = 4 + Double(i % 6) * 6.5, lat = -36 + Double(i / 6) * 8.5
            areas.append(#"{"type": "Feature", "properties": {"name": "Area \#(i)"}, "geometry": {"type": "Polygon", "coordinates": [[[\#(lon), \#(lat)], [\#(lon + 5), \#(lat)], [\#(lon + 5), \#(lat + 7)], [\#(lon), \#(lat + 7)], [\#(lon), \#(lat)]]]}}"#)
        }
        let json = try JSONParser.parse("""
        {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [\(features.joined(separator: ","))]}},
                                   "a": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [\(areas.joined(separator: ","))]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "l", "type": "symbol", "source": "p",
                     "layout": {"text-field": ["get", "name"], "text-font": ["Noto Sans Regular"], "text-size": 14,
                                "text-allow-overlap": \(allowOverlap)}},
                    {"id": "areas", "type": "symbol", "source": "a",
                     "layout": {"text-field": ["get", "name"], "text-font": ["Noto Sans Regular"], "text-size": 16}}]}
        """)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw XCTSkip("style does not parse")
        }
        return parsed.0
    }

    func renderer() throws -> (MapRenderer, () -> Void) {
        let noto = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", installedBy: "fonts-noto-core")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-blocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/NotoSans-Regular.ttf", withDestinationPath: noto)
        return (MapRenderer(resources: RenderResources(dataDirectory: nil, fontsDirectory: dir.path)),
                { try? FileManager.default.removeItem(at: dir) })
    }

    /// The 512 px tile z/x/y and its four 256 px tiles (z+1) stitched, as RGBA rows.
    func tilings(_ r: MapRenderer, _ style: Style, z: Int, x: Int, y: Int, asTiles: Bool) throws -> (big: Pixmap, stitched: Pixmap) {
        var bigCamera = Camera.tile(TileID(z: z, x: x, y: y)!, tileSize: 512)
        bigCamera.isTile = asTiles
        let big = try r.render(style, camera: bigCamera)
        var stitched = Pixmap(width: 512, height: 512, fill: PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
        for j in 0..<2 {
            for i in 0..<2 {
                var camera = Camera.tile(TileID(z: z + 1, x: 2 * x + i, y: 2 * y + j)!, tileSize: 256)
                camera.isTile = asTiles
                let small = try r.render(style, camera: camera)
                for py in 0..<256 {
                    for px in 0..<256 { stitched.setPixel(i * 256 + px, j * 256 + py, small.pixel(px, py)) }
                }
            }
        }
        return (big, stitched)
    }

    func differing(_ a: Pixmap, _ b: Pixmap) -> Int {
        (0..<a.height).reduce(0) { n, y in n + (0..<a.width).filter { a.pixel($0, y) != b.pixel($0, y) }.count }
    }

    func dark(_ p: Pixmap) -> Int {
        (0..<p.height).reduce(0) { n, y in n + (0..<p.width).filter { p.pixel($0, y).r < 128 }.count }
    }

    func testTilingsAgreeOnLabels() throws {
        let (r, cleanup) = try renderer()
        defer { cleanup() }
        let style = try crowdedStyle()
        // z3 512 px tile (4, 4): 0°…45° E, 0°…41° S, crowded with colliding labels.
        let tiles = try tilings(r, style, z: 3, x: 4, y: 4, asTiles: true)
        XCTAssertEqual(differing(tiles.big, tiles.stitched), 0, "one 512 px tile and its four 256 px tiles show the same labels")
        let overlapping = try tilings(r, try crowdedStyle(allowOverlap: true), z: 3, x: 4, y: 4, asTiles: true)
        XCTAssertGreaterThan(dark(overlapping.big), dark(tiles.big) + 500, "collisions hide labels")
        XCTAssertGreaterThan(dark(tiles.big), 2000, "labels are drawn")
        XCTAssertGreaterThan(r.resources.symbolBlocks.placedBlocks, 0, "tiles were placed by blocks")
        // Views and static images place greedily per render (MapLibre's viewport placement),
        // and their glyphs are not put on the tiles' pixel grid.
        let before = r.resources.symbolBlocks.placedBlocks
        let views = try tilings(r, style, z: 3, x: 4, y: 4, asTiles: false)
        XCTAssertEqual(r.resources.symbolBlocks.placedBlocks, before, "views place no blocks")
        XCTAssertGreaterThan(differing(views.big, views.stitched), 0)
    }

    /// The labelled OSM city (vector tiles; street and water names along lines, POI labels
    /// and icons): a 512 px tile and its four 256 px tiles agree, where a line label whose
    /// line was joined from the lines of the current view used to be dropped by one tile.
    func testLabelledCityTilingsAgree() throws {
        let dir = try TestEnvironment.shared("data/osm-neubrandenburg")
        let data = try Data(contentsOf: dir.appendingPathComponent("style-labels.json"))
        guard case .success(let parsed) = Style.parse(try JSONParser.parse(data), supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            return XCTFail("style-labels.json parses")
        }
        let r = MapRenderer(resources: RenderResources(dataDirectory: dir.path))
        for (z, x, y) in [(15, 17590, 10589), (14, 8795, 5294)] {
            let tiles = try tilings(r, parsed.0, z: z, x: x, y: y, asTiles: true)
            // seam_check.py's rule (pixelmatch, threshold 0.1285, anti-aliased pixels not
            // counted): line edges differ by float rounding between tile frames, labels may not.
            var options = Pixelmatch.Options()
            options.threshold = 0.1285
            let mismatched = try Pixelmatch.count(tiles.big.data, tiles.stitched.data, width: 512, height: 512, options: options)
            XCTAssertEqual(mismatched, 0, "z\(z) \(x)/\(y): the 512 px tile and its four 256 px tiles agree")
            XCTAssertGreaterThan(dark(tiles.big), 500, "labels are drawn")
        }
        // Labels are laid out once per source tile and kept (`SymbolTileLayouts`): a
        // tile drawn from kept layouts equals one drawn by a fresh renderer.
        XCTAssertGreaterThan(r.resources.symbolLineLayouts.statistics.hits, 0, "kept line-label layouts were reused")
        XCTAssertGreaterThan(r.resources.symbolPointLayouts.statistics.hits, 0, "kept point-label layouts were reused")
        let camera = Camera.tile(TileID(z: 16, x: 35180, y: 21179)!)
        let kept = try r.render(parsed.0, camera: camera)
        let fresh = try MapRenderer(resources: RenderResources(dataDirectory: dir.path)).render(parsed.0, camera: camera)
        XCTAssertEqual(kept.data, fresh.data, "a tile from kept layouts equals a fresh render")
    }

    func testBlocksAreCutFromTheWorldAtTheStyleZoom() {
        XCTAssertEqual(SymbolPlacementBlocks.block(of: WorldPoint(0, 0), zoom: 0), .init(x: 0, y: 0))
        XCTAssertEqual(SymbolPlacementBlocks.block(of: WorldPoint(0.999, 0.5), zoom: 0), .init(x: 0, y: 0))
        XCTAssertEqual(SymbolPlacementBlocks.block(of: WorldPoint(0.5, 0.25), zoom: 2), .init(x: 2, y: 1))
        XCTAssertEqual(SymbolPlacementBlocks.block(of: WorldPoint(-0.1, 0.5), zoom: 1), .init(x: -1, y: 1), "world copies west")
    }

    func testKeysNameLayerAnchorAndContent() {
        let a = SymbolKey(layer: "l", anchor: WorldPoint(0.25, 0.5), text: "A", icon: nil)
        XCTAssertEqual(a, SymbolKey(layer: "l", anchor: WorldPoint(0.25, 0.5), text: "A", icon: nil))
        XCTAssertNotEqual(a, SymbolKey(layer: "m", anchor: WorldPoint(0.25, 0.5), text: "A", icon: nil))
        XCTAssertNotEqual(a, SymbolKey(layer: "l", anchor: WorldPoint(0.25 + 1e-9, 0.5), text: "A", icon: nil))
        XCTAssertNotEqual(a, SymbolKey(layer: "l", anchor: WorldPoint(0.25, 0.5), text: "A", icon: "pin"))
    }
}


