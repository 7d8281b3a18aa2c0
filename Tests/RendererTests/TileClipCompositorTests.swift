import XCTest
import Geo
import Raster
@testable import Renderer

/// The tile-clip compositor against the canvas's own pattern fill (its twin for rotated
/// views): same pixels chosen, same blend.
final class TileClipCompositorTests: XCTestCase {
    func randomCanvas(_ w: Int, _ h: Int, seed: UInt64, sparse: Bool) -> Canvas {
        var state = seed
        func next() -> UInt32 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: state >> 33) }
        let c = Canvas(width: w, height: h)
        c.pixmap.withUnsafeMutablePixels { px in
            for i in px.indices {
                if sparse, next() % 3 == 0 { px[i] = 0; continue }
                let a = next() % 256
                let r = a == 0 ? 0 : next() % (a + 1), g = a == 0 ? 0 : next() % (a + 1), b = a == 0 ? 0 : next() % (a + 1)
                px[i] = r | g << 8 | b << 16 | a << 24
            }
        }
        return c
    }

    func testCompositeMatchesThePatternFill() {
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 1.3, width: 200, height: 150)
        let p = camera.projection()
        let square = TileID(z: 2, x: 1, y: 1)!.worldBounds
        let source = randomCanvas(200, 150, seed: 1, sparse: true)
        let a = randomCanvas(200, 150, seed: 2, sparse: false)
        let b = Canvas(width: 200, height: 150)
        b.pixmap = a.pixmap
        let rect = TileClipCompositor.pixels(of: square, p, width: 200, height: 150)
        XCTAssertFalse(rect.isEmpty)
        TileClipCompositor.composite(source, onto: a, in: rect)
        TiledLayerDrawing.composite(source, onto: b, square: square, p)
        var differing = 0
        for y in 0..<150 { for x in 0..<200 where a.pixmap.pixel(x, y) != b.pixmap.pixel(x, y) { differing += 1 } }
        XCTAssertEqual(differing, 0)
    }

    func testNeighbouringSquaresShareNoPixel() {
        let camera = Camera(center: WorldPoint(0.5003, 0.4998), zoom: 3.37, width: 333, height: 257)
        let p = camera.projection()
        var owner = [Int](repeating: 0, count: 333 * 257)
        for x in 0..<8 { for y in 0..<8 {
            let r = TileClipCompositor.pixels(of: TileID(z: 3, x: x, y: y)!.worldBounds, p, width: 333, height: 257)
            guard !r.isEmpty else { continue }
            for py in r.y0..<r.y1 { for px in r.x0..<r.x1 { owner[py * 333 + px] += 1 } }
        } }
        XCTAssertTrue(owner.allSatisfy { $0 == 1 }, "every pixel belongs to exactly one tile")
    }

    func testClearEmptiesOnlyTheRectangle() {
        let c = randomCanvas(20, 20, seed: 3, sparse: false)
        let before = c.pixmap
        TileClipCompositor.clear(c, .init(x0: 5, y0: 6, x1: 9, y1: 8))
        for y in 0..<20 { for x in 0..<20 {
            let inside = x >= 5 && x < 9 && y >= 6 && y < 8
            XCTAssertEqual(c.pixmap.pixel(x, y), inside ? .transparent : before.pixel(x, y))
        } }
    }
}
