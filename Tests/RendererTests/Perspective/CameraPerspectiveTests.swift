import Geo
import XCTest
@testable import Renderer

/// Screen positions of a pitched camera against MapLibre's transform: the expected values
/// come from MapLibre's `_calcMatrices` chain (perspective · flip · translate(−D) · rotateX(pitch)
/// · rotateZ(−bearing) · translate(−centre) · scale(1, 1, pixels per metre), then clip space to
/// pixels) evaluated with numpy in double precision.
final class CameraPerspectiveTests: XCTestCase {
    private func view(_ lon: Double, _ lat: Double, _ zoom: Double, bearing: Double, pitch: Double,
                      _ w: Int, _ h: Int) -> CameraPerspective {
        CameraPerspective(Camera.view(lon: lon, lat: lat, zoom: zoom, bearing: bearing, pitch: pitch,
                                      cssWidth: w, cssHeight: h))
    }

    private func check(_ p: CameraPerspective, _ lon: Double, _ lat: Double, metres: Double = 0,
                       _ x: Double, _ y: Double, _ w: Double, line: UInt = #line) {
        let q = p.project(WebMercator.project(lon: lon, lat: lat), metres: metres)
        XCTAssertEqual(q.x, x, accuracy: 1e-6, "x", line: line)
        XCTAssertEqual(q.y, y, accuracy: 1e-6, "y", line: line)
        XCTAssertEqual(q.z, w, accuracy: 1e-6, "depth", line: line)
    }

    func testPointsMatchMapLibresTransform() {
        check(view(13.26, 53.56, 15, bearing: 0, pitch: 60, 512, 512), 13.27, 53.565,
              579.097203366, 120.003864606, 1107.759329410)
        check(view(13.26, 53.56, 15, bearing: 30, pitch: 45, 256, 128), 13.255, 53.562,
              -133.579841920, 51.202747735, 205.711131475)
        check(view(0, 0, 2, bearing: 0, pitch: 30, 64, 64), 10, 20, 67.444637320, -30.678024856, 154.080666254)
        check(view(13.26, 53.56, 16, bearing: -20, pitch: 50, 300, 200), 13.262, 53.559, metres: 40,
              507.645028524, 372.340005956, 101.918904478)
    }

    func testGroundHomographyAgreesWithProjection() {
        let p = view(13.26, 53.56, 15, bearing: 30, pitch: 55, 400, 300)
        let h = p.worldToScreen
        for (lon, lat) in [(13.26, 53.56), (13.27, 53.565), (13.25, 53.555)] {
            let w = WebMercator.project(lon: lon, lat: lat)
            let a = h.apply(w.x, w.y), b = p.project(w)
            XCTAssertEqual(a.x, b.x, accuracy: 1e-6); XCTAssertEqual(a.y, b.y, accuracy: 1e-6)
            let back = h.inverse!.apply(a.x, a.y)
            XCTAssertEqual(back.x, w.x, accuracy: 1e-12); XCTAssertEqual(back.y, w.y, accuracy: 1e-12)
        }
    }

    func testFarPlaneAndHorizonFollowMapLibre() {
        // Pitch 60, fov 36.87°: the top ray meets the ground first; 85°: the 0.85 horizon bounds it.
        let d = 0.5 / tan(Camera.defaultFieldOfView / 2 * .pi / 180) * 512
        XCTAssertEqual(view(0, 0, 3, bearing: 0, pitch: 60, 512, 512).far,
                       (sin(60 * Double.pi / 180) * sin(0.3217505544) * d / sin(Double.pi / 2 - 60 * .pi / 180 - 0.3217505544) + d) * 1.01,
                       accuracy: 1e-6)
        let steep = view(0, 0, 3, bearing: 0, pitch: 85, 256, 128)
        XCTAssertEqual(steep.horizonAboveCenter, tan(5 * Double.pi / 180) * steep.distance * 0.85, accuracy: 1e-9)
        let toHorizon = atan(steep.horizonAboveCenter / steep.distance)
        XCTAssertEqual(steep.far, (sin(85 * Double.pi / 180) * sin(toHorizon) * steep.distance
                                   / sin(5 * Double.pi / 180 - toHorizon) + steep.distance) * 1.01, accuracy: 1e-6)
        XCTAssertNil(steep.groundDepth(screen: SIMD2(128, 0)), "the top of a steep view is sky")
        XCTAssertEqual(steep.groundDepth(screen: SIMD2(128, 64))!, steep.distance, accuracy: 1e-9)
    }

    func testVisibleGroundHoldsEveryGroundPixelTheViewShows() {
        for (bearing, pitch) in [(0.0, 60.0), (37.0, 45.0), (-120.0, 75.0)] {
            let p = view(13.26, 53.56, 14, bearing: bearing, pitch: pitch, 300, 200)
            let rect = p.camera.visibleWorldBounds()
            let inverse = p.worldToScreen.inverse!
            for y in stride(from: 0.0, through: 200, by: 10) {
                for x in stride(from: 0.0, through: 300, by: 10) {
                    guard let depth = p.groundDepth(screen: SIMD2(x, y)), depth <= p.far else { continue }
                    let w = inverse.apply(x, y)
                    XCTAssertTrue(w.x >= rect.minX - 1e-12 && w.x <= rect.maxX + 1e-12 &&
                                  w.y >= rect.minY - 1e-12 && w.y <= rect.maxY + 1e-12, "\(bearing) \(pitch) \(x),\(y)")
                }
            }
        }
    }
}
