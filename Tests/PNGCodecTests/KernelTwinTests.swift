import XCTest
@testable import PNGCodec

/// Every word-parallel kernel against its scalar twin.
final class KernelTwinTests: XCTestCase {
    func testIndexPackingMatchesScalarAndSpec() {
        var rng = SeededRandom(seed: 11)
        for bitDepth in [1, 2, 4] {
            for width in [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 64, 255, 256] {
                let height = 5
                let indices = (0..<(width * height)).map { _ in UInt8.random(in: 0..<(1 << bitDepth), using: &rng) }
                var fast = indices, scalar = indices
                fast.withUnsafeMutableBytes { IndexPacking.pack($0.baseAddress!, width: width, height: height, bitDepth: bitDepth) }
                scalar.withUnsafeMutableBytes { IndexPacking.packScalar($0.baseAddress!, width: width, height: height, bitDepth: bitDepth) }
                let stride = IndexPacking.stride(width: width, bitDepth: bitDepth)
                XCTAssertEqual(Array(fast.prefix(stride * height)), Array(scalar.prefix(stride * height)), "depth \(bitDepth) width \(width)")
                let spec = (0..<height).flatMap { y in RawPNGWriter.packRow(indices[(y * width)..<((y + 1) * width)].map { UInt16($0) }, bitDepth: bitDepth) }
                XCTAssertEqual(Array(scalar.prefix(stride * height)), spec, "depth \(bitDepth) width \(width)")
            }
        }
    }

    func testAlphaStrippingMatchesScalar() {
        var rng = SeededRandom(seed: 12)
        for count in [0, 1, 3, 4, 5, 8, 13, 1000] {
            let rgba = (0..<(count * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            var fast = [UInt8](repeating: 0, count: count * 3 + 1), scalar = fast
            rgba.withUnsafeBytes { src in
                fast.withUnsafeMutableBytes { AlphaStripping.strip(src.baseAddress!, into: $0.baseAddress!, pixels: count) }
                scalar.withUnsafeMutableBytes { AlphaStripping.stripScalar(src.baseAddress!, into: $0.baseAddress!, pixels: count) }
            }
            XCTAssertEqual(fast, scalar)
            XCTAssertEqual(Array(scalar.prefix(count * 3)), (0..<count).flatMap { rgba[($0 * 4)..<($0 * 4 + 3)] })
        }
    }
}
