import XCTest
import Foundation
import Geo
@testable import Renderer

final class TileCoverTests: XCTestCase {
    func testZoomLevelFollowsMapLibre() {
        XCTAssertEqual(TileCover.zoomLevel(14.7, tileSize: 512, round: false), 14, "vector: floor")
        XCTAssertEqual(TileCover.zoomLevel(14.5, tileSize: 512, round: true), 15, "raster: halves round up")
        XCTAssertEqual(TileCover.zoomLevel(14.49, tileSize: 512, round: true), 14)
        XCTAssertEqual(TileCover.zoomLevel(16, tileSize: 256, round: true), 17, "256 px tiles: one level deeper")
        XCTAssertEqual(TileCover.zoomLevel(-1.5, tileSize: 512, round: false), 0)
        XCTAssertEqual(TileCover.zoomLevel(.nan, tileSize: 512, round: false), 0)
    }

    func testTilesCoverTheViewAndItsWorldCopies() {
        // A 512×512 view at zoom 1 centred on the antimeridian shows half of two worlds.
        let camera = Camera(center: WorldPoint(0, 0.5), zoom: 1, width: 512, height: 512)
        let tiles = TileCover.tiles(camera, zoom: 1)
        XCTAssertEqual(Set(tiles.map(\.wrap)), [-1, 0])
        XCTAssertEqual(tiles.count, 4)
        XCTAssertTrue(tiles.contains(PlacedTile(id: TileID(z: 1, x: 1, y: 0)!, wrap: -1)))
        XCTAssertEqual(PlacedTile(id: TileID(z: 1, x: 1, y: 0)!, wrap: -1).square, WorldRect(minX: -0.5, minY: 0, maxX: 0, maxY: 0.5))
    }

    func testAViewInsideOneTileNeedsOnlyThatTile() {
        let camera = Camera.tile(TileID(z: 15, x: 17591, y: 10589)!)        // style zoom 14
        let tiles = TileCover.tiles(camera, zoom: 14)
        XCTAssertEqual(tiles, [PlacedTile(id: TileID(z: 14, x: 8795, y: 5294)!, wrap: 0)])
    }

    func testRotatedViewsSkipTilesOutsideTheCanvas() {
        let upright = Camera(center: WorldPoint(0.5, 0.5), zoom: 6, width: 1024, height: 64)
        var rotated = upright
        rotated.bearing = 45
        // z8 tiles are 128 px at zoom 6.
        let a = TileCover.tiles(upright, zoom: 8).count, b = TileCover.tiles(rotated, zoom: 8).count
        XCTAssertGreaterThan(b, 0)
        // The rotated strip's bounding box is ~770 px square; the strip itself needs far fewer tiles.
        let bbox = rotated.visibleWorldBounds()
        let boxTiles = Int((bbox.width * 256).rounded(.up) * (bbox.height * 256).rounded(.up))
        XCTAssertLessThan(b, boxTiles)
        XCTAssertGreaterThanOrEqual(b, a / 2)
    }

    func testHugeRequestsAreRefused() {
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 0, width: 8192, height: 8192)
        XCTAssertTrue(TileCover.tiles(camera, zoom: 12).isEmpty)
    }

    func testPixelAlignedProjectionRoundsTheCentre() {
        // Centre at a fractional world pixel: the aligned projection puts world pixels on
        // device pixel edges.
        let camera = Camera(center: WorldPoint(0.30000123, 0.4000077), zoom: 10, width: 512, height: 256)
        let p = PixelAlignedProjection.projection(camera)
        let worldPx = 512.0 * 1024
        let q = p.apply(WorldPoint((worldPx * 0.3).rounded() / worldPx, (worldPx * 0.4).rounded() / worldPx))
        XCTAssertEqual(Double(q.x), Double(q.x).rounded(), accuracy: 1e-3)
        XCTAssertEqual(Double(q.y), Double(q.y).rounded(), accuracy: 1e-3)
        let plain = camera.projection().apply(WorldPoint(0.3, 0.4)), aligned = p.apply(WorldPoint(0.3, 0.4))
        XCTAssertLessThanOrEqual(abs(plain.x - aligned.x), 0.5 + 1e-3)
        XCTAssertLessThanOrEqual(abs(plain.y - aligned.y), 0.5 + 1e-3)
    }
}
