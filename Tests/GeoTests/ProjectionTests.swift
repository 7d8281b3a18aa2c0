import XCTest
@testable import Geo

final class ProjectionTests: XCTestCase {
    func testProjectMatchesGeojsonVT() {
        XCTAssertEqual(WebMercator.project(lon: 0, lat: 0), WorldPoint(0.5, 0.5))
        XCTAssertEqual(WebMercator.project(lon: -180, lat: 0).x, 0)
        XCTAssertEqual(WebMercator.project(lon: 180, lat: 0).x, 1)
        let edge = WebMercator.project(lon: 0, lat: WebMercator.maxLatitude)
        XCTAssertEqual(edge.y, 0, accuracy: 1e-12)
        // Beyond the square world, y clamps to the edge (geojson-vt), up to and past the poles.
        for lat in [86.0, 89.9999, 90, 123, .infinity] { XCTAssertEqual(WebMercator.project(lon: 0, lat: lat).y, 0, "\(lat)") }
        for lat in [-86.0, -90, -123] { XCTAssertEqual(WebMercator.project(lon: 0, lat: lat).y, 1, "\(lat)") }
        // Longitudes are not wrapped.
        XCTAssertEqual(WebMercator.project(lon: 540, lat: 0).x, 2, accuracy: 1e-15)
        XCTAssertEqual(WebMercator.project(lon: 0, lat: .nan).y, 0)
    }

    func testGeoJSONProjectionFoldsPastThePoles() {
        XCTAssertEqual(WebMercator.projectGeoJSON(lon: 0, lat: 100).y, WebMercator.project(lon: 0, lat: 80).y, accuracy: 1e-12)
        XCTAssertEqual(WebMercator.projectGeoJSON(lon: 0, lat: -100).y, WebMercator.project(lon: 0, lat: -80).y, accuracy: 1e-12)
        XCTAssertEqual(WebMercator.projectGeoJSON(lon: 10, lat: 20), WebMercator.project(lon: 10, lat: 20))
        XCTAssertEqual(WebMercator.projectGeoJSON(lon: 0, lat: 90).y, 0)
        XCTAssertEqual(WebMercator.projectGeoJSON(lon: 0, lat: .infinity).y, 0, "no sine: NaN → 0")
    }

    func testUnprojectRoundTrips() {
        for (lon, lat) in [(13.2, 53.5), (-77.03, 38.9), (179.9, -84.9), (0.0, 0.0)] {
            let p = WebMercator.project(lon: lon, lat: lat)
            let back = WebMercator.unproject(p)
            XCTAssertEqual(back.lon, lon, accuracy: 1e-9)
            XCTAssertEqual(back.lat, lat, accuracy: 1e-9)
        }
    }

    func testScaleAtFractionalZoom() {
        XCTAssertEqual(WebMercator.worldSize(zoom: 0), 512)
        XCTAssertEqual(WebMercator.worldSize(zoom: 1.5), 512 * 2.0.squareRoot() * 2, accuracy: 1e-9)
        XCTAssertEqual(WebMercator.worldUnitsPerPixel(zoom: 3), 1.0 / 4096)
        XCTAssertEqual(WebMercator.zoom(forWorldUnitsPerPixel: 1.0 / 4096), 3, accuracy: 1e-12)
        XCTAssertEqual(WebMercator.worldSize(zoom: 2, tileSize: 256), 1024)
        XCTAssertEqual(WebMercator.metersPerPixel(zoom: 0, latitude: 0), WebMercator.earthCircumference / 512, accuracy: 1e-6)
        XCTAssertEqual(WebMercator.metersPerPixel(zoom: 0, latitude: 60), WebMercator.earthCircumference / 1024, accuracy: 1e-6)
    }

    func testSimplificationToleranceLikeGeojsonVT() {
        XCTAssertEqual(WebMercator.simplificationTolerance(zoom: 0, tolerance: 0.375, extent: 8192, maxZoom: 18), 0.375 / 8192)
        XCTAssertEqual(WebMercator.simplificationTolerance(zoom: 4, tolerance: 0.375, extent: 8192, maxZoom: 18), 0.375 / 8192 / 16)
        XCTAssertEqual(WebMercator.simplificationTolerance(zoom: 18, tolerance: 0.375, extent: 8192, maxZoom: 18), 0)
        XCTAssertEqual(WebMercator.simplificationTolerance(zoom: 3, tolerance: 0, extent: 8192, maxZoom: 18), 0)
    }
}

final class TileMathTests: XCTestCase {
    func testTileBoundsAndContaining() {
        let t = TileID(z: 2, x: 1, y: 3)!
        XCTAssertEqual(t.worldBounds, WorldRect(minX: 0.25, minY: 0.75, maxX: 0.5, maxY: 1))
        XCTAssertEqual(t.worldBounds(buffer: 128.0 / 8192), WorldRect(minX: 0.25 - 1.0 / 256, minY: 0.75 - 1.0 / 256, maxX: 0.5 + 1.0 / 256, maxY: 1 + 1.0 / 256))
        XCTAssertEqual(TileID.containing(WorldPoint(0.3, 0.8), zoom: 2), t)
        XCTAssertEqual(TileID.containing(WorldPoint(1, 1), zoom: 2), TileID(z: 2, x: 3, y: 3))
        XCTAssertEqual(TileID.containing(WorldPoint(-5, .nan), zoom: 2), TileID(z: 2, x: 0, y: 0))
        XCTAssertEqual(TileID.containing(WorldPoint(.infinity, 1e300), zoom: 30), TileID(z: 30, x: (1 << 30) - 1, y: (1 << 30) - 1))
        XCTAssertEqual(TileID.containing(WorldPoint(0.5, 0.5), zoom: 99).z, TileID.maxZoom)
    }

    func testRangeCoveringRect() throws {
        let r = try XCTUnwrap(TileID.range(covering: WorldRect(minX: 0.1, minY: -3, maxX: 0.6, maxY: 0.3), zoom: 3))
        XCTAssertEqual(r.x, 0...4)
        XCTAssertEqual(r.y, 0...2)
        XCTAssertNil(TileID.range(covering: WorldRect(minX: 1.5, minY: 0, maxX: 2, maxY: 1), zoom: 3))
        XCTAssertNil(TileID.range(covering: .empty, zoom: 3))
    }

    func testParentsAndChildren() {
        let t = TileID(z: 3, x: 5, y: 2)!
        XCTAssertEqual(t.parent, TileID(z: 2, x: 2, y: 1))
        XCTAssertEqual(t.children.map(\.parent), Array(repeating: t, count: 4))
        XCTAssertNil(TileID(z: 3, x: 8, y: 0))
        XCTAssertNil(TileID(z: -1, x: 0, y: 0))
    }

    func testRectOperations() {
        let a = WorldRect(minX: 0, minY: 0, maxX: 2, maxY: 2), b = WorldRect(minX: 1, minY: 1, maxX: 3, maxY: 3)
        XCTAssertEqual(a.intersection(b), WorldRect(minX: 1, minY: 1, maxX: 2, maxY: 2))
        XCTAssertTrue(a.intersection(b.offset(dx: 5, dy: 0)).isEmpty)
        XCTAssertEqual(a.union(b), WorldRect(minX: 0, minY: 0, maxX: 3, maxY: 3))
        XCTAssertTrue(a.contains(WorldRect(minX: 0.5, minY: 0.5, maxX: 1, maxY: 2)))
        XCTAssertFalse(a.contains(b))
        XCTAssertTrue(WorldRect.empty.isEmpty)
        XCTAssertTrue(WorldRect(minX: .nan, minY: 0, maxX: 1, maxY: 1).isEmpty)
        XCTAssertEqual(WorldRect(covering: [WorldPoint(1, 5), WorldPoint(-1, 2)]), WorldRect(minX: -1, minY: 2, maxX: 1, maxY: 5))
    }
}
