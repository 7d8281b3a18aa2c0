import XCTest
@testable import TileServer

/// The URL grammar of tileserver-gl's `/styles/{id}/static/…` and Strata's `/static/bounds/…`.
final class StaticURLTests: XCTestCase {
    func gl(_ view: String, _ size: String, padding: String? = nil, quality: String? = nil) throws -> StaticView {
        try GLStaticView.parse(view: view, size: size, maxSide: 8192, maxPixelRatio: 4, padding: padding, quality: quality)
    }

    func code(_ f: @autoclosure () throws -> Any) -> String? {
        do { _ = try f(); return nil } catch { return APIError(mapping: error)?.code }
    }

    func testCentreBasedUsesTileserverGLZoom() throws {
        let v = try gl("13.26,53.56,14", "300x200.png")
        // tileserver-gl's zoom 14 (256 px world at 0) is MapLibre's 13.
        XCTAssertEqual(v, try StaticView(lon: 13.26, lat: 53.56, zoom: 13, bearing: 0, width: 300, height: 200, pixelRatio: 1, maxSide: 8192))
        let b = try gl("13.26,53.56,14@45,0", "300x200@2x.webp", quality: "80")
        XCTAssertEqual(b.bearing, 45); XCTAssertEqual(b.pixelWidth, 600); XCTAssertEqual(b.output, .webp(quality: 80))
        XCTAssertEqual(try gl("0,0,1@-30", "10x10.jpeg").bearing, -30)
        XCTAssertEqual(try gl("0,0,0", "10x10.jpg").zoom, -1)
        XCTAssertEqual(try gl("0,0,25", "10x10.png").zoom, 24)
    }

    func testAreaBasedIsTheFittedView() throws {
        let v = try gl("13,53,14,54", "800x600@2x.png")
        let f = try StaticBounds(minx: 13, miny: 53, maxx: 14, maxy: 54).fit(width: 800, height: 600, padding: 0.1)
        XCTAssertEqual(v.zoom, f.zoom); XCTAssertEqual(v.lat, f.lat); XCTAssertEqual(v.lon, 13.5)
        XCTAssertEqual(v.pixelRatio, 2); XCTAssertEqual(v.bearing, 0)
        XCTAssertNotEqual(try gl("13,53,14,54", "800x600.png", padding: "0").zoom, v.zoom)
        // Strata's own session route: the same fit, a decimal ratio.
        let s = try StaticView.parse(bounds: "13,53,14,54", size: "800x600@1.5x.png", maxSide: 8192)
        XCTAssertEqual(s.zoom, f.zoom); XCTAssertEqual(s.pixelWidth, 1200)
    }

    func testBadInputNamesThePart() {
        XCTAssertEqual(code(try gl("auto", "100x100.png")), "auto_needs_overlays")
        XCTAssertNil(code(try gl("0,0,3@0,30", "100x100.png")))
        XCTAssertEqual(try gl("0,0,3@10,30", "100x100.png").pitch, 30)
        XCTAssertEqual(code(try gl("0,0,3@0,-1", "100x100.png")), "invalid_view")
        XCTAssertEqual(try StaticView.parse(view: "0,0,3,10,85", size: "10x10.png", maxSide: 100).pitch, 85)
        XCTAssertEqual(code(try StaticView.parse(view: "0,0,3,10,85.5", size: "10x10.png", maxSide: 100)), "invalid_view")
        XCTAssertEqual(code(try StaticView.parse(view: "0,0,3,10,5,1", size: "10x10.png", maxSide: 100)), "invalid_view")
        XCTAssertNil(code(try gl("0,0,3@10,0", "100x100.png")))
        XCTAssertEqual(code(try gl("0,0,3", "100x100@5x.png")), "invalid_scale")
        XCTAssertEqual(code(try gl("0,0,3", "100x100@1.5x.png")), "invalid_scale")
        XCTAssertEqual(code(try gl("0,0,3", "100x100.gif")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0,3", "9000x100.png")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0,3", "3000x100@3x.png")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0,26", "100x100.png")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0,-1.5", "100x100.png")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0,3", "100x100.png", quality: "50")), "invalid_quality")
        XCTAssertEqual(code(try gl("14,53,13,54", "100x100.png")), "invalid_bounds")
        XCTAssertEqual(code(try gl("13,54,14,53", "100x100.png")), "invalid_bounds")
        XCTAssertEqual(code(try gl("13,53,14,90", "100x100.png")), "invalid_bounds")
        XCTAssertEqual(code(try gl("13,53,14,54", "100x100.png", padding: "-1")), "invalid_padding")
        XCTAssertEqual(code(try gl("13,53,14,54@10", "100x100.png")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0", "100x100.png")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0,1,2,3", "100x100.png")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0,x", "100x100.png")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0,1@", "100x100.png")), "invalid_view")
        XCTAssertEqual(code(try gl("0,0,1@1@2", "100x100.png")), "invalid_view")
        XCTAssertEqual(code(try StaticView.parse(bounds: "13,53,14", size: "10x10.png", maxSide: 8192)), "invalid_bounds")
        XCTAssertEqual(code(try StaticView.parse(bounds: "13,53,14,54", size: "10x10.png", maxSide: 8192, padding: "a")), "invalid_padding")
    }

    func testMessagesSayWhatIsWrong() {
        do { _ = try gl("0,0,3@0,90", "10x10.png"); XCTFail() } catch { XCTAssertTrue("\(error)".contains("pitch must be in [0, 85] degrees (got 90.0)")) }
        do { _ = try gl("auto", "10x10.png"); XCTFail() } catch { XCTAssertTrue("\(error)".contains("overlays")) }
        do { _ = try gl("0,0,3", "10x10@8x.png"); XCTFail() } catch { XCTAssertTrue("\(error)".contains("@8x is above the maximum of 4")) }
    }
}
