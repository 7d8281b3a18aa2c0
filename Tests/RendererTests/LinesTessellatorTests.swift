import XCTest
@testable import Renderer
import Raster

final class LinesTessellatorTests: XCTestCase {
    func testDebugFlipBevel() {
        var t = LineTessellator()
        t.join = .miter
        t.miterLimit = 2
        var mesh = LineMesh()
        let pts: [SIMD2<Double>] = [SIMD2(-1000, 2000), SIMD2(0, 0), SIMD2(1000, 2000)]
        pts.withUnsafeBufferPointer { t.addLine($0, isPolygon: false, to: &mesh) }
        for (i, v) in mesh.vertices.enumerated() { print(i, v.position, v.extrude, v.side, v.linesofar) }
        print(mesh.indices)
    }
}
