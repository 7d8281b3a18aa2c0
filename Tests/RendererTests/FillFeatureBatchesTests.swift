import XCTest
import Geo
import Raster
@testable import Renderer

/// The passes a translucent fill layer's features are cut into, and the single pass opaque
/// fills keep.
final class FillFeatureBatchesTests: XCTestCase {
    func testOpaqueFillIsOnePass() {
        XCTAssertFalse(FillPainter.compositesPerFeature(alpha: 1), "opaque: the single-path fast path")
        XCTAssertTrue(FillPainter.compositesPerFeature(alpha: 0.999))
    }

    /// Features whose boxes do not meet share a pass; one that meets an earlier box of the
    /// pass starts the next, so passes keep the features' order.
    func testBatchesSplitOnlyWhereFeaturesMeet() {
        var path = Path()
        var starts: [FillFeatureBatches.Start] = []
        func square(_ x: Float, _ y: Float, _ s: Float) {
            starts.append(FillFeatureBatches.Start(path))
            path.move(to: x, y); path.line(to: x + s, y); path.line(to: x + s, y + s); path.line(to: x, y + s); path.close()
        }
        square(0, 0, 10); square(20, 0, 10); square(40, 0, 10)
        let apart = FillFeatureBatches.batches(path, starts: starts, width: 64, height: 64)
        XCTAssertEqual(apart.count, 1, "disjoint features: one pass")
        XCTAssertEqual(apart.first, path, "the pass is the layer's path")
        square(5, 5, 10); square(60, 40, 10); square(7, 7, 2)
        let met = FillFeatureBatches.batches(path, starts: starts, width: 64, height: 64)
        XCTAssertEqual(met.count, 3, "the 4th meets the 1st; the 5th (clipped to the canvas) meets none; the 6th meets the 4th")
        XCTAssertEqual(met.map { $0.verbs.count }, [15, 10, 5])
    }
}
