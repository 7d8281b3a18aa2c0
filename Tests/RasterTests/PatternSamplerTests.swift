import XCTest
import SplitMix
@testable import Raster

/// The repeating bilinear fast path of `PatternSampler` gives exactly what the generic
/// per-texel path gives, for rotated, scaled and far-translated placements.
final class PatternSamplerTests: XCTestCase {
    func testRepeatingFastPathMatchesGenericPath() {
        var rng = SplitMix64(seed: 12)
        for trial in 0..<200 {
            let w = 1 + rng.int(9), h = 1 + rng.int(7)
            var texels = (0..<(w * h)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            // Some premultiplied, some not (the sampler sanitizes).
            for i in texels.indices where rng.int(2) == 0 { texels[i] |= 0xFF00_0000 }
            let angle = Float(rng.unit() * 6.3), scale = Float(0.2 + rng.unit() * 4)
            let far = trial % 5 == 0 ? Float(1 << 26) : Float(rng.unit() * 2000 - 1000)
            let inverse = Transform(a: scale * cosf(angle), b: scale * sinf(angle), c: -scale * sinf(angle),
                                    d: scale * cosf(angle), tx: far + Float(rng.unit() * 10), ty: -Float(rng.unit() * 500))
            texels.withUnsafeBufferPointer { t in
                let sampler = PatternSampler(texels: t.baseAddress!, width: w, height: h, inverse: inverse,
                                             filter: .bilinear, extend: .repeat)
                var fast = [UInt32](repeating: 1, count: 40), generic = [UInt32](repeating: 2, count: 40)
                let y = rng.int(300) - 150, x = rng.int(300) - 150
                fast.withUnsafeMutableBufferPointer { sampler.sampleRepeating(y: y, x: x, count: 40, into: $0.baseAddress!) }
                generic.withUnsafeMutableBufferPointer { sampler.sampleGeneric(y: y, x: x, count: 40, into: $0.baseAddress!) }
                XCTAssertEqual(fast, generic, "trial \(trial): \(w)×\(h), inverse \(inverse)")
            }
        }
    }

    func testWeightRoundsHalfAwayFromZeroAndClamps() {
        for d: Float in [0, 0.001, 0.5 / 256, 0.49999997, 0.5, 0.99999994, 1, 3, -0.2, 1e30] {
            let expected = UInt32(max(0, min(256, (d * 256).rounded())))
            XCTAssertEqual(PatternSampler.weight(d), expected, "\(d)")
        }
    }

    /// The whole-pixel shift (a clip canvas composited through a rotated tile square) picks the
    /// texels the generic nearest path picks, inside and outside the image.
    func testWholePixelShiftMatchesGenericPath() {
        var rng = SplitMix64(seed: 7)
        for trial in 0..<200 {
            let w = 1 + rng.int(30), h = 1 + rng.int(20)
            var texels = (0..<(w * h)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            for i in texels.indices where rng.int(2) == 0 { texels[i] |= 0xFF00_0000 }
            let inverse = Transform.translation(Float(rng.int(60) - 30), Float(rng.int(40) - 20))
            texels.withUnsafeBufferPointer { t in
                let sampler = PatternSampler(texels: t.baseAddress!, width: w, height: h, inverse: inverse,
                                             filter: .nearest, extend: .transparent)
                XCTAssertNotNil(sampler.wholePixelShift)
                var fast = [UInt32](repeating: 1, count: 50), generic = [UInt32](repeating: 2, count: 50)
                let y = rng.int(60) - 30, x = rng.int(80) - 40
                fast.withUnsafeMutableBufferPointer { sampler.sample(y: y, x: x, count: 50, into: $0.baseAddress!) }
                generic.withUnsafeMutableBufferPointer { sampler.sampleGeneric(y: y, x: x, count: 50, into: $0.baseAddress!) }
                XCTAssertEqual(fast, generic, "trial \(trial): \(w)×\(h), shift \(inverse.tx),\(inverse.ty)")
            }
        }
        let half = Transform.translation(0.5, 0)
        [UInt32(0)].withUnsafeBufferPointer { t in
            XCTAssertNil(PatternSampler(texels: t.baseAddress!, width: 1, height: 1, inverse: half, filter: .nearest,
                                        extend: .transparent).wholePixelShift)
        }
    }
}
