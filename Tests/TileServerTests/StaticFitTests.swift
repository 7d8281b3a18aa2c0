import XCTest
@testable import TileServer

/// tileserver-gl's fit (`calcZForBBox`) in MapLibre zoom: z = min(log2(w′/(Δx·512)),
/// log2(h′/(Δy·512))) with w′ = w/(1+2·padding), Δx, Δy the box in Web Mercator units of the
/// world (x = (lon+180)/360, y = ½ − ln tan(π/4 + φ/2)/2π); then clamped to
/// [log2(max(w, h)/512), 24]. The expected numbers below are worked out from that by hand.
final class StaticFitTests: XCTestCase {
    func fit(_ b: [Double], _ w: Int, _ h: Int, padding: Double = 0.1) throws -> (lon: Double, lat: Double, zoom: Double) {
        try StaticBounds(minx: b[0], miny: b[1], maxx: b[2], maxy: b[3]).fit(width: w, height: h, padding: padding)
    }

    func testWholeWorldInASquareIsZoomZero() throws {
        // Δx = Δy = 1: z = log2(512/512) = 0.
        let f = try fit([-180, -StaticBounds.maxLatitude, 180, StaticBounds.maxLatitude], 512, 512, padding: 0)
        XCTAssertEqual(f.zoom, 0, accuracy: 1e-9); XCTAssertEqual(f.lon, 0); XCTAssertEqual(f.lat, 0, accuracy: 1e-9)
    }

    func testZoomIsNeverBelowTheImageSizeRule() throws {
        // The fit says log2(min(1024, 512)/512) = 0; the image rule lifts it to log2(1024/512) = 1.
        let f = try fit([-180, -StaticBounds.maxLatitude, 180, StaticBounds.maxLatitude], 1024, 512, padding: 0)
        XCTAssertEqual(f.zoom, 1, accuracy: 1e-9)
    }

    func testWidthLimitedWithDefaultPadding() throws {
        // Δx = 90/360 = 0.25, Δy = 0; w′ = 512/1.2: z = log2((512/1.2)/(0.25·512)) = log2(10/3).
        let f = try fit([0, 0, 90, 0], 512, 256)
        XCTAssertEqual(f.zoom, log2(10.0 / 3), accuracy: 1e-9)
        XCTAssertEqual(f.zoom, 1.7369655941662063, accuracy: 1e-9)
        XCTAssertEqual(f.lon, 45); XCTAssertEqual(f.lat, 0, accuracy: 1e-12)
    }

    func testHeightLimitedWhenMercatorStretchesLatitude() throws {
        // Δx = 20/360 = 0.05556 < Δy = ln tan 50°/π = 0.05584: z = log2(100/(0.05584·512)).
        let f = try fit([-10, -10, 10, 10], 100, 100, padding: 0)
        XCTAssertEqual(f.zoom, log2(100 / (log(tan(50 * Double.pi / 180)) / Double.pi * 512)), accuracy: 1e-9)
        XCTAssertEqual(f.zoom, 1.8064192286832417, accuracy: 1e-9)
        XCTAssertEqual(f.lat, 0, accuracy: 1e-12)
    }

    func testCentreIsTheMercatorMiddle() throws {
        // Neubrandenburg's degree square, 800×600, padding 0.1: Δx = 1/360, Δy = y(53) − y(54) =
        // 0.0046702; z = min(log2((800/1.2)/(Δx·512)) = 8.8727, log2((600/1.2)/(Δy·512)) = 7.7081).
        let f = try fit([13, 53, 14, 54], 800, 600)
        XCTAssertEqual(f.zoom, 7.708083998523216, accuracy: 1e-9)
        XCTAssertEqual(f.lon, 13.5)
        // The Mercator middle lies north of the mean latitude 53.5.
        XCTAssertEqual(f.lat, 53.502948542479615, accuracy: 1e-9)
    }

    func testAPointIsClampedToTheMaximumZoom() throws {
        XCTAssertEqual(try fit([13, 53, 13, 53], 300, 200).zoom, 24)
    }

    func testBadBoundsAndPaddingAre400() {
        for b in [[10, 0, 5, 1], [0, 5, 1, 4], [-181, 0, 0, 1], [0, 0, 181, 1], [0, -86, 1, 0], [0, 0, 1, 90],
                  [Double.nan, 0, 1, 1]] {
            XCTAssertThrowsError(try StaticBounds(minx: b[0], miny: b[1], maxx: b[2], maxy: b[3]), "\(b)") { e in
                XCTAssertEqual(APIError(mapping: e)?.code, "invalid_bounds")
            }
        }
        XCTAssertThrowsError(try StaticBounds(minx: 10, miny: 0, maxx: 5, maxy: 1)) { e in
            XCTAssertTrue(APIError(mapping: e)?.message.contains("minx 10.0 is east of maxx 5.0") == true, "\(e)")
        }
        for p in ["-0.1", "x", "1e2", ""] {
            XCTAssertThrowsError(try StaticBounds.padding(p), p) { e in XCTAssertEqual(APIError(mapping: e)?.code, "invalid_padding") }
        }
        XCTAssertEqual(try StaticBounds.padding(nil), 0.1)
        XCTAssertEqual(try StaticBounds.padding("0"), 0)
    }
}
