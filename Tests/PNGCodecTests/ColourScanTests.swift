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
}
