import Geo
import JSON
import Raster
import StyleSpec
import XCTest
@testable import Renderer

/// `triangles` against the analytic picture: barycentric colours inside, nothing outside,
/// half-pixel ramps on the outline, the same in tiles, `@2x`, rotated views and across tiles.
final class TrianglesRenderingTests: XCTestCase {
    let f = CustomLayerFixture()
    static let red = SIMD4<Double>(1, 0, 0, 1), green = SIMD4<Double>(0, 1, 0, 1), blue = SIMD4<Double>(0, 0, 1, 1)
    static let classic: [(Double, Double, SIMD4<Double>)] = [(12.5, 25, red), (0, 0, green), (25, 0, blue)]

    func testClassicTriangleInAView() throws {
        let style = try f.style(CustomLayerFixture.triangles())
        let camera = Camera.view(lon: 12.5, lat: 12.5, zoom: 3, cssWidth: 400, cssHeight: 400)
        let px = try f.render(style, camera)
        let ref = TriangleReference(camera, Self.classic)
        XCTAssertGreaterThan(ref.check(px), 100, "the outline is anti-aliased")
        // The centroid is the average colour; near each vertex, that vertex's colour.
        let c = ref.centroid
        XCTAssertLessThanOrEqual(channelDistance(px.premul(Int(c.x), Int(c.y)), SIMD4(85, 85, 85, 255)), 3)
        for (i, expected) in [SIMD4(255, 0, 0, 255), SIMD4(0, 255, 0, 255), SIMD4(0, 0, 255, 255)].enumerated() {
            let v = ref.p[i] + (c - ref.p[i]) * (4 / ((c - ref.p[i]) * (c - ref.p[i])).sum().squareRoot())
            XCTAssertLessThanOrEqual(channelDistance(px.premul(Int(v.x), Int(v.y)), expected), 12, "vertex \(i)")
        }
        XCTAssertEqual(px.premul(5, 5), .zero)
    }

    func testTilesRetinaTilesAndRotatedViews() throws {
        let style = try f.style(CustomLayerFixture.triangles())
        let tile = TileID(z: 3, x: 4, y: 3)!
        let cameras = [Camera.tile(tile), .tile(tile, pixelRatio: 2), .tile(tile, tileSize: 512),
                       .view(lon: 12.5, lat: 10, zoom: 3.3, bearing: 30, cssWidth: 300, cssHeight: 200, pixelRatio: 1.5),
                       .view(lon: 10, lat: 12, zoom: 2.7, bearing: 200, cssWidth: 256, cssHeight: 256)]
        for camera in cameras {
            let px = try f.render(style, camera)
            let ref = TriangleReference(camera, Self.classic)
            XCTAssertGreaterThan(ref.check(px), 10, "\(camera)")
            let c = ref.centroid
            XCTAssertLessThanOrEqual(channelDistance(px.premul(Int(c.x), Int(c.y)), SIMD4(85, 85, 85, 255)), 3, "\(camera)")
        }
    }

    /// Four z+1 tiles side by side are the z tile at @2x (same pixel grid) and, within the
    /// colour gradient of one pixel, the z tile scaled up: no seam at tile edges.
    func testNoSeamsAcrossTiles() throws {
        let style = try f.style(CustomLayerFixture.triangles())
        let parent = TileID(z: 4, x: 8, y: 7)!
        let retina = try f.render(style, .tile(parent, pixelRatio: 2))
        let plain = try f.render(style, .tile(parent))
        var stitched = Pixmap(width: 512, height: 512)
        for dy in 0..<2 {
            for dx in 0..<2 {
                let child = try f.render(style, .tile(TileID(z: 5, x: 16 + dx, y: 14 + dy)!))
                for y in 0..<256 { for x in 0..<256 { stitched.setPixel(dx * 256 + x, dy * 256 + y, child.pixel(x, y)) } }
            }
        }
        var worst = 0, sumScaled = 0
        for y in 0..<512 {
            for x in 0..<512 {
                worst = max(worst, channelDistance(stitched.premul(x, y), retina.premul(x, y)))
                sumScaled += channelDistance(stitched.premul(x, y), plain.premul(x / 2, y / 2))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "z+1 tiles vs the z tile @2x")
        XCTAssertLessThan(Double(sumScaled) / Double(512 * 512), 2.0, "z+1 tiles vs the z tile scaled up")
        XCTAssertGreaterThan(stitched.premul(511, 511).w + stitched.premul(0, 511).w, 0, "the triangle reaches the tiles")
    }

    /// Triangles sharing an edge split it exactly: a translucent quad made of two (or a fan of
    /// four) shows one uniform alpha inside, no darker or lighter diagonal.
    func testSharedEdgesHaveNoSeam() throws {
        let quad = #"[[0, 0, "blue"], [20, 0, "blue"], [20, 20, "blue"], [0, 0, "blue"], [20, 20, "blue"], [0, 20, "blue"],"# +
            #" [30, 0, "blue"], [40, 10, "blue"], [50, 0, "blue"], [50, 0, "blue"], [40, 10, "blue"], [50, 20, "blue"],"# +
            #" [50, 20, "blue"], [40, 10, "blue"], [30, 20, "blue"], [30, 20, "blue"], [40, 10, "blue"], [30, 0, "blue"]]"#
        let style = try f.style(CustomLayerFixture.triangles(quad, extra: #", "opacity": 0.5"#))
        let camera = Camera.view(lon: 25, lat: 10, zoom: 2.5, cssWidth: 500, cssHeight: 300)
        let px = try f.render(style, camera)
        let t = camera.projection()
        func pixel(_ lon: Double, _ lat: Double) -> SIMD2<Float> { t.apply(WebMercator.project(lon: lon, lat: lat)) }
        for (lo, hi) in [(pixel(0, 20), pixel(20, 0)), (pixel(30, 20), pixel(50, 0))] {
            var inside = 0
            for y in Int(lo.y) + 2..<Int(hi.y) - 2 {
                for x in Int(lo.x) + 2..<Int(hi.x) - 2 {
                    XCTAssertEqual(px.premul(x, y), SIMD4(0, 0, 128, 128), "(\(x), \(y))")
                    inside += 1
                    if inside > 20000 { break }
                }
            }
            XCTAssertGreaterThan(inside, 1000)
        }
    }

    /// Colours interpolate premultiplied: a transparent red corner fades the blue out without
    /// tinting it red.
    func testPremultipliedInterpolation() throws {
        let verts = #"[[0, 0, "rgba(255, 0, 0, 0)"], [20, 0, "blue"], [10, 15, "blue"]]"#
        let style = try f.style(CustomLayerFixture.triangles(verts))
        let camera = Camera.view(lon: 10, lat: 7, zoom: 3, cssWidth: 300, cssHeight: 300)
        let px = try f.render(style, camera)
        let ref = TriangleReference(camera, [(0, 0, SIMD4(1, 0, 0, 0)), (20, 0, Self.blue), (10, 15, Self.blue)])
        ref.check(px)
        let mid = (ref.p[0] + ref.p[1]) / 2 + SIMD2(0, -3)
        let m = px.premul(Int(mid.x), Int(mid.y))
        XCTAssertEqual(m.x, 0, "no red")
        XCTAssertEqual(Double(m.z), 128, accuracy: 12)
    }

    func testOpacity() throws {
        let style = try f.style(CustomLayerFixture.triangles(extra: #", "opacity": 0.5"#))
        let camera = Camera.view(lon: 12.5, lat: 12.5, zoom: 3, cssWidth: 300, cssHeight: 300)
        let px = try f.render(style, camera)
        let ref = TriangleReference(camera, Self.classic, opacity: 0.5)
        ref.check(px)
        XCTAssertLessThanOrEqual(channelDistance(px.premul(Int(ref.centroid.x), Int(ref.centroid.y)), SIMD4(43, 43, 43, 128)), 2)
    }

    /// At a high zoom the triangle is millions of pixels wide: it is clipped to a guard band
    /// and still shades exactly; across the antimeridian it shows in the neighbouring copy.
    func testHighZoomAndWorldCopies() throws {
        let style = try f.style(CustomLayerFixture.triangles())
        let deep = Camera.view(lon: 12.5, lat: 8.4, zoom: 14, cssWidth: 256, cssHeight: 256)
        let px = try f.render(style, deep)
        TriangleReference(deep, Self.classic).check(px)
        XCTAssertEqual(px.premul(128, 128).w, 255)

        let wrap = try f.style(CustomLayerFixture.triangles(#"[[170, 10, "red"], [190, 10, "blue"], [180, -10, "lime"]]"#))
        let verts: [(Double, Double, SIMD4<Double>)] = [(170, 10, Self.red), (190, 10, Self.blue), (180, -10, Self.green)]
        let east = Camera.view(lon: 180, lat: 0, zoom: 3, cssWidth: 300, cssHeight: 300)
        TriangleReference(east, verts).check(try f.render(wrap, east))
        let west = Camera.view(lon: -178, lat: 0, zoom: 3, cssWidth: 300, cssHeight: 300)
        let wpx = try f.render(wrap, west)
        TriangleReference(west, verts, worldCopy: -1).check(wpx)
        XCTAssertEqual(wpx.premul(150, 150).w, 255)
    }

    /// A huge mesh stays bounded by its validation; a triangle with all corners equal or on
    /// one line draws nothing and does not crash.
    func testDegenerateTriangles() throws {
        let style = try f.style(CustomLayerFixture.triangles(#"[[1, 1, "red"], [1, 1, "red"], [1, 1, "red"], [0, 0, "red"], [0, 5, "red"], [0, 10, "red"]]"#))
        let px = try f.render(style, .view(lon: 5, lat: 5, zoom: 4, cssWidth: 128, cssHeight: 128))
        XCTAssertEqual(px.data.filter { $0 != 0 }.count, 0)
    }
}
