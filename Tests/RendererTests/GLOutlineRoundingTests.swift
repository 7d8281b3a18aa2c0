import Raster
import SplitMix
import XCTest
@testable import Renderer

/// The outline blend is Raster's `ShaderBlend.over4`, whose rounding (the 2^23 trick, exact
/// halves stepped up) replaces `Float.rounded()`: it must give the same byte for every float
/// in [0, 255], halves and the float just below a half included.
final class GLOutlineRoundingTests: XCTestCase {
    func testMatchesRoundedOnEveryFloatNearHalves() {
        for whole in 0...255 {
            let half = Float(whole) + 0.5
            var below = half, above = half
            for _ in 0..<64 {
                for v in [below, half, above] where v >= 0 && v <= 255 {
                    XCTAssertEqual(roundedByte(v), UInt32(v.rounded()), "\(v)")
                }
                below = below.nextDown; above = above.nextUp
            }
        }
    }

    func testMatchesRoundedOnAGridOfValues() {
        var v: Float = 0
        while v <= 255 {
            XCTAssertEqual(roundedByte(v), UInt32(v.rounded()), "\(v)")
            v += 0.0037
        }
        XCTAssertEqual(roundedByte(0.49999997), 0)
        XCTAssertEqual(roundedByte(255), 255)
    }

    /// Raster's lane rounding of one value (what every blend channel goes through).
    func roundedByte(_ v: Float) -> UInt32 { ShaderBlend.packRounded(SIMD4(repeating: v)) & 0xFF }

    /// The outline's blend of straight colour `rgb1` (alpha lane 1) at alpha `a` over `d`, one
    /// channel at a time: `s·a·255 + d·(1 − a)`, clamped and rounded half up.
    func blendScalar(_ d: UInt32, _ rgb1: SIMD4<Float>, a: Float) -> UInt32 {
        func ch(_ s: Float, _ shift: UInt32) -> UInt32 {
            let v = s * a * 255 + Float((d >> shift) & 0xFF) * (1 - a)
            return UInt32(max(0, min(255, v)).rounded()) << shift
        }
        return ch(rgb1.x, 0) | ch(rgb1.y, 8) | ch(rgb1.z, 16) | ch(rgb1.w, 24)
    }

    func testLanesBlendAgreesWithItsScalarTwin() {
        var rng = SplitMix64(seed: 21)
        for i in 0..<200_000 {
            let d = UInt32(truncatingIfNeeded: rng.next())
            let rgb1 = SIMD4<Float>(Float(rng.next() % 256) / 255, Float(rng.next() % 256) / 255, Float(rng.next() % 256) / 255, 1)
            // Alphas from the smoothstep ramp, times colour alphas; halves come up with the
            // multiples of 1/8.
            let a = i % 3 == 0 ? Float(rng.next() % 9) / 8 : Float(rng.next() % 100_001) / 100_000
            let scalar = blendScalar(d, rgb1, a: a)
            let lanes = ShaderBlend.over4(d, color255: rgb1 * a * 255, alpha: a, k: 1)   // GLOutline.Target's blend
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
