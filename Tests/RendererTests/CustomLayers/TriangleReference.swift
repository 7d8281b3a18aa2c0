import Geo
import Raster
import XCTest
@testable import Renderer

/// The analytic picture of one triangle under a camera: at a pixel centre, the premultiplied
/// colour a GPU interpolates (barycentric weights of the vertex colours) and the signed
/// distance to the triangle's outline (positive inside).
struct TriangleReference {
    let p: [SIMD2<Double>]
    let colors: [SIMD4<Double>]

    /// `vertices`: lon, lat, straight RGBA 0...1 colour; `opacity` applied like the renderer.
    init(_ camera: Camera, _ vertices: [(Double, Double, SIMD4<Double>)], opacity: Double = 1, worldCopy: Int = 0) {
        let t = camera.projection(worldOffset: worldCopy)
        p = vertices.map { v in
            let w = WebMercator.project(lon: v.0, lat: v.1)
            let dx = w.x - t.originX, dy = w.y - t.originY
            return SIMD2(t.a * dx + t.c * dy + t.tx, t.b * dx + t.d * dy + t.ty)
        }
        colors = vertices.map { v in
            let a = v.2.w * opacity
            return SIMD4(v.2.x * a, v.2.y * a, v.2.z * a, a) * 255
        }
    }

    func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }

    func weights(_ q: SIMD2<Double>) -> SIMD3<Double> {
        let area = cross(p[1] - p[0], p[2] - p[0])
        return SIMD3(cross(p[1] - q, p[2] - q), cross(p[2] - q, p[0] - q), cross(p[0] - q, p[1] - q)) / area
    }

    func color(_ q: SIMD2<Double>) -> SIMD4<Double> {
        let w = weights(q)
        return colors[0] * w.x + colors[1] * w.y + colors[2] * w.z
    }

    /// Signed distance (px) from q to the outline, positive inside.
    func distance(_ q: SIMD2<Double>) -> Double {
        let sign: Double = cross(p[1] - p[0], p[2] - p[0]) > 0 ? 1 : -1
        var d = Double.infinity
        for i in 0..<3 {
            let a = p[i], b = p[(i + 1) % 3]
            let e = b - a
            d = min(d, sign * cross(e, q - a) / (e * e).sum().squareRoot())
        }
        return d
    }

    func nearestVertex(_ q: SIMD2<Double>) -> Double {
        p.map { (($0 - q) * ($0 - q)).sum().squareRoot() }.min()!
    }

    var centroid: SIMD2<Double> { (p[0] + p[1] + p[2]) / 3 }

    /// Every pixel against the reference: well inside = the interpolated colour (± `tolerance`),
    /// well outside = untouched transparent, on an edge away from corners = coverage of the
    /// half-pixel ramp. Returns how many edge pixels were partially covered.
    @discardableResult
    func check(_ px: Pixmap, tolerance: Int = 2, file: StaticString = #filePath, line: UInt = #line) -> Int {
        var failures = 0, partial = 0
        for y in 0..<px.height {
            for x in 0..<px.width {
                let q = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                let d = distance(q)
                let actual = px.premul(x, y)
                if d >= 0.75 {
                    let c = color(q)
                    let a = min(max(c.w, 0), 255)
                    let expected = SIMD4(Int(min(max(c.x, 0), a).rounded()), Int(min(max(c.y, 0), a).rounded()),
                                         Int(min(max(c.z, 0), a).rounded()), Int(a.rounded()))
                    if channelDistance(actual, expected) > tolerance {
                        failures += 1
                        if failures < 5 { XCTFail("inside (\(x), \(y)): \(actual) vs \(expected)", file: file, line: line) }
                    }
                } else if d <= -0.75 {
                    if actual != .zero {
                        failures += 1
                        if failures < 5 { XCTFail("outside (\(x), \(y)) drawn: \(actual)", file: file, line: line) }
                    }
                } else if abs(d) < 0.4, nearestVertex(q) > 4, colors.allSatisfy({ $0.w == 255 }) {
                    let expectedAlpha = 255 * min(max(d + 0.5, 0), 1)
                    if abs(Double(actual.w) - expectedAlpha) > 10 {
                        failures += 1
                        if failures < 5 { XCTFail("edge (\(x), \(y)) d=\(d): alpha \(actual.w) vs \(expectedAlpha)", file: file, line: line) }
                    }
                    if actual.w > 0 && actual.w < 255 { partial += 1 }
                }
            }
        }
        XCTAssertEqual(failures, 0, "\(failures) pixels differ from the reference", file: file, line: line)
        return partial
    }
}
