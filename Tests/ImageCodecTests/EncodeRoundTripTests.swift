import ImageCodec
import PNGCodec
import XCTest

/// WebP and JPEG encoding checked by decoding the files again: lossless WebP must give back
/// the exact premultiplied pixels, lossy WebP and JPEG the picture within their loss, and JPEG
/// must composite transparency over the background it is given.
final class EncodeRoundTripTests: XCTestCase {
    func reference(_ png: String) throws -> DecodedImage { try PNGDecoder.decode(try Fixture.bytes(png)) }

    func webp(_ image: DecodedImage, quality: Int? = nil) throws -> [UInt8] {
        try image.premultipliedRGBA.withUnsafeBytes {
            try WebPEncoder.encode(premultipliedRGBA: $0, width: image.width, height: image.height, quality: quality)
        }
    }

    func jpeg(_ image: DecodedImage, quality: Int, background: JPEGEncoder.Background = .white) throws -> [UInt8] {
        try image.premultipliedRGBA.withUnsafeBytes {
            try JPEGEncoder.encode(premultipliedRGBA: $0, width: image.width, height: image.height, quality: quality, background: background)
        }
    }

    func testLosslessWebPGivesBackTheExactPixels() throws {
        let image = try reference("rgba.png")
        let file = try webp(image)
        XCTAssertEqual(ImageFormat.sniff(file), .webp)
        XCTAssertEqual(try WebPDecoder.decode(file), image, "lossless, premultiplied with the same rounding")
        // Every valid premultiplied pixel (channels ≤ alpha), not only the fixture's.
        var seed: UInt32 = 12345
        var pixels: [UInt8] = []
        for _ in 0..<(61 * 37) {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let a = Int(seed >> 24)
            let channels = [seed >> 3, seed >> 11, seed >> 17].map { UInt8(Int($0 & 0xFF) % (a + 1)) }
            pixels += channels + [UInt8(a)]
        }
        let random = DecodedImage(width: 61, height: 37, premultipliedRGBA: pixels)
        XCTAssertEqual(try WebPDecoder.decode(try webp(random)), random)
    }

    func testLossyWebPIsCloseAndSmaller() throws {
        let image = try reference("rgb.png")
        let lossy = try webp(image, quality: 90)
        let decoded = try WebPDecoder.decode(lossy)
        let d = Fixture.difference(decoded.premultipliedRGBA, image.premultipliedRGBA)
        XCTAssertLessThanOrEqual(d.max, 40)
        XCTAssertLessThanOrEqual(d.mean, 3)
        XCTAssertLessThan(lossy.count, try webp(image).count)
        XCTAssertLessThan(try webp(image, quality: 10).count, lossy.count, "quality changes the file")
    }

    func testJPEGIsThePictureWithinItsLoss() throws {
        let image = try reference("rgb.png")
        let file = try jpeg(image, quality: 95)
        XCTAssertEqual(Array(file.prefix(3)), [0xFF, 0xD8, 0xFF])
        let decoded = try JPEGDecoder.decode(file)
        XCTAssertEqual(decoded.width, image.width)
        let d = Fixture.difference(decoded.premultipliedRGBA, image.premultipliedRGBA)
        XCTAssertLessThanOrEqual(d.max, 24)
        XCTAssertLessThanOrEqual(d.mean, 3.5)
        XCTAssertLessThan(try jpeg(image, quality: 20).count, file.count)
    }

    func testJPEGCompositesTransparencyOverTheBackground() throws {
        // Left half transparent, right half red at alpha 128 (premultiplied 128, 0, 0, 128).
        var pixels: [UInt8] = []
        for _ in 0..<16 { for x in 0..<16 { pixels += x < 8 ? [0, 0, 0, 0] : [128, 0, 0, 128] } }
        let image = DecodedImage(width: 16, height: 16, premultipliedRGBA: pixels)
        let green = try JPEGDecoder.decode(try jpeg(image, quality: 100, background: JPEGEncoder.Background(red: 10, green: 200, blue: 30)))
        assertPixel(green, x: 2, y: 8, near: [10, 200, 30])
        let white = try JPEGDecoder.decode(try jpeg(image, quality: 100))
        assertPixel(white, x: 2, y: 8, near: [255, 255, 255])
        assertPixel(white, x: 13, y: 8, near: [255, 127, 127])
    }

    func assertPixel(_ image: DecodedImage, x: Int, y: Int, near rgb: [Int], line: UInt = #line) {
        let i = (y * image.width + x) * 4
        for c in 0..<3 {
            XCTAssertLessThanOrEqual(abs(Int(image.premultipliedRGBA[i + c]) - rgb[c]), 4, "channel \(c)", line: line)
        }
        XCTAssertEqual(image.premultipliedRGBA[i + 3], 255, line: line)
    }

    func testBadArgumentsThrow() throws {
        let image = try reference("rgb.png")
        XCTAssertThrowsError(try webp(image, quality: 0)) { XCTAssertTrue($0 is ImageEncodeError) }
        XCTAssertThrowsError(try jpeg(image, quality: 101)) { XCTAssertTrue($0 is ImageEncodeError) }
        XCTAssertThrowsError(try [UInt8](repeating: 0, count: 4).withUnsafeBytes {
            try WebPEncoder.encode(premultipliedRGBA: $0, width: 2, height: 2)
        }, "buffer shorter than 2×2 pixels")
    }
}
