import Raster
import SplitMix
import XCTest
@testable import Renderer

/// `GLOutline.roundedByte` replaces `Float.rounded()` in the outline blend: it must give the
/// same byte for every float in [0, 255], halves and the float just below a half included.
final class GLOutlineRoundingTests: XCTestCase {
    func testMatchesRoundedOnEveryFloatNearHalves() {
        for whole in 0...255 {
            let half = Float(whole) + 0.5
            var below = half, above = half
            for _ in 0..<64 {
                for v in [below, half, above] where v >= 0 && v <= 255 {
                    XCTAssertEqual(GLOutline.roundedByte(v), UInt32(v.rounded()), "\(v)")
                }
                below = below.nextDown; above = above.nextUp
            }
        }
    }

    func testMatchesRoundedOnAGridOfValues() {
        var v: Float = 0
        while v <= 255 {
            XCTAssertEqual(GLOutline.roundedByte(v), UInt32(v.rounded()), "\(v)")
            v += 0.0037
        }
        XCTAssertEqual(GLOutline.roundedByte(0.49999997), 0)
        XCTAssertEqual(GLOutline.roundedByte(255), 255)
    }

    func testLanesBlendAgreesWithItsScalarTwin() {
        var rng = SplitMix64(seed: 21)
        for i in 0..<200_000 {
            let d = UInt32(truncatingIfNeeded: rng.next())
            let rgb1 = SIMD4<Float>(Float(rng.next() % 256) / 255, Float(rng.next() % 256) / 255, Float(rng.next() % 256) / 255, 1)
            // Alphas from the smoothstep ramp, times colour alphas; halves come up with the
            // multiples of 1/8.
            let a = i % 3 == 0 ? Float(rng.next() % 9) / 8 : Float(rng.next() % 100_001) / 100_000
            let scalar = GLOutline.blendScalar(d, rgb1, a: a), lanes = GLOutline.blendLanes(d, rgb1, a: a)
            if scalar != lanes { XCTFail("d \(d) rgb \(rgb1) a \(a): \(lanes) != \(scalar)"); return }
        }
    }

    func testFloorAndCeilMatchRounded() {
        var v: Float = -4
        while v <= 4100 {
            for x in [v, v.nextUp, v.nextDown, v.rounded(.down), v.rounded(.down) + 0.5] {
                XCTAssertEqual(floorToInt(x), Int(x.rounded(.down)), "\(x)")
                XCTAssertEqual(ceilToInt(x), Int(x.rounded(.up)), "\(x)")
            }
            v += 0.173
        }
    }

    func testFloorFloatMatchesRoundedDown() {
        var rng = SplitMix64(seed: 41)
        for i in 0..<200_000 {
            let bits = UInt32(truncatingIfNeeded: rng.next())
            // Random bit patterns (every magnitude, infinities) and small values near whole ones.
            let x = i % 2 == 0 ? Float(bitPattern: bits) : Float(Int(bits % 20_000) - 10_000) / 7
            if x.isNaN { XCTAssertTrue(floorFloat(x).isNaN); continue }
            XCTAssertEqual(floorFloat(x), x.rounded(.down), "\(x)")
        }
        XCTAssertEqual(floorFloat(-0.25), -1)
        XCTAssertEqual(floorFloat(8_388_607.5), 8_388_607)
    }
}
