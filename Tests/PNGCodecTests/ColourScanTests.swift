import XCTest
@testable import PNGCodec

final class ColourScanTests: XCTestCase {
    private func scan(_ image: TestImage) -> (ColourScan, [UInt8]) {
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        let result = image.pixels.withUnsafeBytes { px in
            indices.withUnsafeMutableBufferPointer { ColourScan.run(pixels: px.baseAddress!, count: image.width * image.height, indices: $0.baseAddress!) }
        }
        return (result, indices)
    }

    func testCountsExactlyAndIndicesPointAtTheirColour() {
        for count in [1, 2, 255, 256] {
            let image = TestImages.fromColours("p", TestImages.palette(count, opaque: false, seed: UInt64(count)), width: 64, height: 64, seed: 3)
            let (result, indices) = scan(image)
            XCTAssertEqual(result.palette.count, count)
            XCTAssertEqual(Set(result.palette).count, count)
            for i in 0..<(image.width * image.height) {
                let p = UInt32(image.pixels[4 * i]) | UInt32(image.pixels[4 * i + 1]) << 8 | UInt32(image.pixels[4 * i + 2]) << 16 | UInt32(image.pixels[4 * i + 3]) << 24
                XCTAssertEqual(result.palette[Int(indices[i])], p)
            }
        }
    }

    func testStopsCountingAt257ButStillKnowsOpacity() {
        let opaque = TestImages.fromColours("o", TestImages.palette(257, opaque: true, seed: 1), width: 64, height: 64, seed: 1)
        let (o, _) = scan(opaque)
        XCTAssertFalse(o.fitsPalette)
        XCTAssertTrue(o.isOpaque)
        // One translucent pixel after the 257th colour must still be seen.
        var late = opaque
        late.pixels[late.pixels.count - 1] = 254
        let (l, _) = scan(late)
        XCTAssertFalse(l.isOpaque)
        XCTAssertFalse(l.fitsPalette)
    }

    func testOpacityWithoutCounting() {
        let image = TestImages.noise("n", width: 9, height: 9, opaque: true, seed: 4)
        let result = image.pixels.withUnsafeBytes { ColourScan.run(pixels: $0.baseAddress!, count: 81, indices: nil) }
        XCTAssertTrue(result.isOpaque)
        XCTAssertFalse(result.fitsPalette)
    }

    func testUniformPrefixMatchesScalarCount() {
        var rng = SeededRandom(seed: 17)
        for count in [1, 2, 3, 4, 5, 8, 9, 100, 101] {
            for breakAt in [0, 1, count / 2, count - 1, count] where breakAt <= count {
                var words = [UInt32](repeating: 0xFF10_2030, count: count)
                if breakAt < count { words[breakAt] = UInt32.random(in: 0...0xFF10_202F, using: &rng) }
                let fast = words.withUnsafeBytes { ColourScan.uniformPrefix($0.baseAddress!, count: count, first: 0xFF10_2030) }
                XCTAssertEqual(fast, words.firstIndex { $0 != 0xFF10_2030 } ?? count, "count \(count) break \(breakAt)")
            }
        }
    }

    func testUniformStartThenManyColours() {
        var image = TestImages.solid("s", [5, 5, 5, 255], width: 32, height: 32)
        let tail = TestImages.fromColours("t", TestImages.palette(40, opaque: false, seed: 2), width: 16, height: 16, seed: 3)
        image.pixels.replaceSubrange((image.pixels.count - tail.pixels.count)..., with: tail.pixels)
        let (result, indices) = scan(image)
        XCTAssertFalse(result.isOpaque)
        XCTAssertEqual(Set(result.palette).count, result.palette.count)
        for i in 0..<(32 * 32) {
            let p = UInt32(image.pixels[4 * i]) | UInt32(image.pixels[4 * i + 1]) << 8 | UInt32(image.pixels[4 * i + 2]) << 16 | UInt32(image.pixels[4 * i + 3]) << 24
            XCTAssertEqual(result.palette[Int(indices[i])], p)
        }
    }
}
