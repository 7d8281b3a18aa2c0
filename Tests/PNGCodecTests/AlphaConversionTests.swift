import XCTest
@testable import PNGCodec

final class AlphaConversionTests: XCTestCase {
    func testPremultiplyRoundsToNearestForEveryPair() {
        for a in UInt32(0)...255 {
            for c in UInt32(0)...255 {
                let exact = (Double(c) * Double(a) / 255).rounded()
                XCTAssertEqual(AlphaConversion.premultiply(c, a), UInt32(exact), "c \(c) a \(a)")
            }
        }
    }

    func testUnpremultiplyRoundsToNearestAndInvertsPremultiply() {
        for a in UInt32(1)...255 {
            for c in UInt32(0)...a {
                let u = AlphaConversion.unpremultiply(c, a)
                XCTAssertEqual(Double(u), (Double(c) * 255 / Double(a)).rounded(.toNearestOrAwayFromZero), "c \(c) a \(a)")
                XCTAssertEqual(AlphaConversion.premultiply(u, a), c, "round trip c \(c) a \(a)")
            }
        }
        XCTAssertEqual(AlphaConversion.unpremultiply(0, 0), 0)
        XCTAssertEqual(AlphaConversion.unpremultiply(200, 100), 255, "invalid input (c > a) clamps")
    }

    func testTableKernelAgreesWithScalarFormulaForEveryPixelClass() {
        var rng = SeededRandom(seed: 7)
        var pixels = [UInt8]()
        for a in 0...255 {
            for _ in 0..<40 { pixels += [UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8(a)] }
        }
        let count = pixels.count / 4
        var fast = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { src in fast.withUnsafeMutableBytes { AlphaConversion.unpremultiplyPixels(src.baseAddress!, into: $0.baseAddress!, count: count) } }
        for i in 0..<count {
            let word = UInt32(pixels[4 * i]) | UInt32(pixels[4 * i + 1]) << 8 | UInt32(pixels[4 * i + 2]) << 16 | UInt32(pixels[4 * i + 3]) << 24
            let expected = AlphaConversion.unpremultiplyPixel(word)
            let got = UInt32(fast[4 * i]) | UInt32(fast[4 * i + 1]) << 8 | UInt32(fast[4 * i + 2]) << 16 | UInt32(fast[4 * i + 3]) << 24
            XCTAssertEqual(got, expected, "pixel \(i)")
        }
        // In place, and premultiplying back restores valid premultiplied input.
        var valid = (0..<count).flatMap { _ in TestImages.randomPremultiplied(&rng, opaque: false) }
        let original = valid
        valid.withUnsafeMutableBytes { buffer in
            AlphaConversion.unpremultiplyPixels(buffer.baseAddress!, into: buffer.baseAddress!, count: count)
            AlphaConversion.premultiplyPixels(buffer.baseAddress!, count: count)
        }
        XCTAssertEqual(valid, original.enumerated().map { i, v in original[i | 3] == 0 ? 0 : v })
    }
}
