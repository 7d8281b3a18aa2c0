import Foundation
import XCTest
@testable import Renderer

/// The kernel against MapLibre's formula, and its accumulation on the quarter-size density
/// texture.
final class HeatmapKernelTests: XCTestCase {
    /// w · i · exp(−½ · 3² · v²) / √(2π), in double.
    func analytic(_ amplitude: Double, _ v: Double) -> Double {
        amplitude * exp(-0.5 * 9 * v * v) / (2 * Double.pi).squareRoot()
    }

    func testKernelValuesMatchTheFormula() {
        for amplitude in [0.05, 0.5, 1, 3, 250] as [Double] {
            for v in stride(from: 0.0, through: 2.0, by: 0.125) {
                let k = Double(HeatmapKernel.value(amplitude: Float(amplitude), v2: Float(v * v)))
                XCTAssertEqual(k, analytic(amplitude, v), accuracy: analytic(amplitude, v) * 1e-5 + 1e-12, "a=\(amplitude) v=\(v)")
                // Separable: one axis times the other gives the same value.
                let split = Double(Float(amplitude) * HeatmapKernel.gaussCoefficient * HeatmapKernel.axis(Float(v * 0.6))
                    * HeatmapKernel.axis(Float(v * 0.8)))
                XCTAssertEqual(split, analytic(amplitude, v), accuracy: analytic(amplitude, v) * 1e-5 + 1e-12)
            }
        }
    }

    func testExtentIsWhereTheKernelFallsToMapLibresZero() throws {
        XCTAssertEqual(Double(HeatmapKernel.zero), 1.0 / 255 / 16, accuracy: 1e-10)
        for amplitude in [0.01, 1, 10, 1e6] as [Float] {
            let s = try XCTUnwrap(HeatmapKernel.extent(amplitude: amplitude))
            XCTAssertEqual(Double(HeatmapKernel.value(amplitude: amplitude, v2: s * s)), Double(HeatmapKernel.zero),
                           accuracy: Double(HeatmapKernel.zero) * 1e-4, "a=\(amplitude)")
        }
        // sqrt(−2 ln(ZERO / (1 · GAUSS))) / 3 for weight 1: about 1.28 radii.
        XCTAssertEqual(Double(HeatmapKernel.extent(amplitude: 1)!), 1.2819, accuracy: 1e-3)
        // A point that never rises above ZERO draws nothing (MapLibre's shader gives NaN).
        for amplitude in [0, -1, 0.0005, Float.nan, Float.infinity] as [Float] {
            XCTAssertNil(HeatmapKernel.extent(amplitude: amplitude), "a=\(amplitude)")
        }
    }

    func testOnePointFillsItsSquareWithTheKernelAtEachTexelCentre() {
        let grid = HeatmapDensity(width: 64, height: 64, margin: 0)
        XCTAssertEqual(grid.columns, 16)
        XCTAssertEqual(grid.scale, SIMD2(0.25, 0.25))
        let center = SIMD2<Float>(30.5, 33), radius: Float = 12
        grid.add(center: center, radius: radius, amplitude: 2)
        let extent = Double(HeatmapKernel.extent(amplitude: 2)!)
        var inside = 0
        for j in 0..<grid.rows {
            for i in 0..<grid.columns {
                // Texel (i, j)'s centre in device pixels.
                let dx = (Double(i) + 0.5) * 4 - Double(center.x), dy = (Double(j) + 0.5) * 4 - Double(center.y)
                let value = Double(grid.values[j * grid.columns + i])
                if abs(dx) / 12 <= extent && abs(dy) / 12 <= extent {
                    inside += 1
                    let expected = analytic(2, (dx * dx + dy * dy).squareRoot() / 12)
                    XCTAssertEqual(value, expected, accuracy: expected * 1e-5, "texel \(i), \(j)")
                } else {
                    XCTAssertEqual(value, 0, "texel \(i), \(j) lies outside the point's square")
                }
            }
        }
        XCTAssertEqual(inside, 8 * 8, "a square of 2 · 1.34 · 12 px = 32.2 px holds 8 × 8 texel centres 4 px apart")
    }

    func testTwoPointsAddUp() {
        let a = HeatmapDensity(width: 64, height: 48, margin: 1)
        let b = HeatmapDensity(width: 64, height: 48, margin: 1)
        let both = HeatmapDensity(width: 64, height: 48, margin: 1)
        a.add(center: SIMD2(20, 20), radius: 10, amplitude: 1)
        b.add(center: SIMD2(29, 24), radius: 16, amplitude: 0.5)
        both.add(center: SIMD2(20, 20), radius: 10, amplitude: 1)
        both.add(center: SIMD2(29, 24), radius: 16, amplitude: 0.5)
        var overlap = 0
        for k in 0..<(both.columns * both.rows) {
            XCTAssertEqual(both.values[k], a.values[k] + b.values[k], "texel \(k)")
            if a.values[k] > 0 && b.values[k] > 0 { overlap += 1 }
        }
        XCTAssertGreaterThan(overlap, 10)
        // The sum is a density, not a blend: the peak exceeds either point's own peak.
        XCTAssertGreaterThan(both.values.max()!, a.values.max()!)
    }

    func testOddCanvasSizesUseMapLibresTruncatedTextureAndClampAtTheEdge() {
        // 514 px → 128 texels (GL truncates 128.5); pixel centres map through 128/514.
        let grid = HeatmapDensity(width: 514, height: 64, margin: 0)
        XCTAssertEqual(grid.columns, 128)
        XCTAssertEqual(grid.scale.x, 128 / 514)
        grid.add(center: SIMD2(0, 32), radius: 50, amplitude: 1)
        // Clamp to edge: the first pixels read texel 0 only.
        XCTAssertEqual(grid.sample(x: 0, y: 32), grid.sample(x: 1, y: 32))
        XCTAssertEqual(grid.sample(x: 0, y: 31), grid.values[7 * 128 + 0] + (grid.values[8 * 128] - grid.values[7 * 128]) * 0.375)
    }

    func testATurnedViewTurnsTheSquare() {
        let straight = HeatmapDensity(width: 128, height: 128, margin: 0)
        let turned = HeatmapDensity(width: 128, height: 128, margin: 0)
        let c = SIMD2<Float>(64, 64)
        straight.add(center: c, radius: 20, amplitude: 1)
        let angle = Float.pi / 4
        turned.add(center: c, radius: 20, amplitude: 1, rotation: SIMD2(cos(angle), sin(angle)))
        // The half side is 1.28 radii = 6.4 texels. Texel 21's centre lies 5.5 texels off
        // the point on both axes: in the straight square's corner, 7.8 texels out along the
        // turned square's axis. Texel 23 of the point's row lies 7.5 texels out: beyond the
        // straight square, within the turned one (5.7 and 4.9 texels along its axes).
        let corner = 21, axisFar = 23
        XCTAssertGreaterThan(straight.values[corner * 32 + corner], 0)
        XCTAssertEqual(turned.values[corner * 32 + corner], 0)
        XCTAssertEqual(straight.values[16 * 32 + axisFar], 0)
        XCTAssertGreaterThan(turned.values[16 * 32 + axisFar], 0)
        // Where both draw, the kernel is the same (it is round).
        XCTAssertEqual(straight.values[18 * 32 + 17], turned.values[18 * 32 + 17])
    }
}
