import XCTest
@testable import TileServer

final class RenderRequestTests: XCTestCase {
    func parse(_ z: String, _ x: String, _ f: String, size: Int = 256) throws -> TileRequest {
        try TileRequest.parse(z: z, x: x, file: f, tileSize: size, maxPixelRatio: 4)
    }

    func testValidTiles() throws {
        XCTAssertEqual(try parse("0", "0", "0.png"), TileRequest(z: 0, x: 0, y: 0, tileSize: 256, scale: 1))
        XCTAssertEqual(try parse("3", "7", "5@2x.png"), TileRequest(z: 3, x: 7, y: 5, tileSize: 256, scale: 2))
        XCTAssertEqual(try parse("2", "1", "3@4x.png", size: 512).pixelSize, 2048)
        XCTAssertEqual(try parse("3", "0", "0.png").styleZoom, 2)
        XCTAssertEqual(try parse("3", "0", "0.png", size: 512).styleZoom, 3)
    }

    func testInvalidTilesAre400() {
        for (z, x, f) in [("1", "2", "0.png"), ("1", "0", "2.png"), ("-1", "0", "0.png"), ("a", "0", "0.png"),
                          ("1", "0", "0.gif"), ("1", "0", "0@5x.png"), ("1", "0", "0@0x.png"), ("1", "0", "0@1.5x.png"),
                          ("25", "0", "0.png"), ("1", "+1", "0.png"), ("1", "0", ".png"), ("1", "0x1", "0.png"),
                          ("1", "0", "0@x.png"), ("99999999999", "0", "0.png")] {
            XCTAssertThrowsError(try parse(z, x, f), "\(z)/\(x)/\(f)") { e in
                XCTAssertEqual(APIError(mapping: e)?.status.code, 400)
            }
        }
    }

    func testStaticViews() throws {
        let v = try StaticView.parse(view: "-122.42,37.77,12.5,45", size: "300x200@2x.png", maxSide: 8192)
        XCTAssertEqual(v.lon, -122.42); XCTAssertEqual(v.bearing, 45); XCTAssertEqual(v.pixelWidth, 600)
        let w = try StaticView.parse(view: "0,0,-2", size: "3x3@1.5x.png", maxSide: 8192)
        XCTAssertEqual(w.pixelWidth, 4); XCTAssertEqual(w.zoom, -2)
        XCTAssertEqual(try StaticView.parse(view: "0,0,0", size: "8192x10.png", maxSide: 8192).pixelWidth, 8192)
    }

    func testInvalidStaticViewsAre400() {
        for (view, size) in [("0,0", "10x10.png"), ("0,0,25", "10x10.png"), ("0,0,-2.5", "10x10.png"),
                             ("1e2,0,1", "10x10.png"), ("nan,0,1", "10x10.png"), ("0,0,1,x", "10x10.png"),
                             ("2000000,0,1", "10x10.png"), ("0,91,1", "10x10.png"), ("0,0,1", "10x10@0x.png"), ("0,0,1", "10x10@10.5x.png"),
                             ("0,0,1", "8193x10.png"), ("0,0,1", "5000x10@2x.png"), ("0,0,1", "10.5x10.png"),
                             ("0,0,1", "0x10.png"), ("0,0,1", "10x10.gif"), ("0,0,1", "1x1@0.5x.png"), ("+1,0,1", "1x1.png")] {
            XCTAssertThrowsError(try StaticView.parse(view: view, size: size, maxSide: 8192), "\(view) \(size)") { e in
                XCTAssertEqual(APIError(mapping: e)?.status.code, 400)
            }
        }
    }
}
