import ImageCodec
import PNGCodec
import XCTest

/// JPEG and WebP fixtures decode to the pixels of their PNG twins: exactly for lossless WebP,
/// within the format's loss otherwise (bounds a little above what libjpeg-turbo 2.1 and libwebp
/// 1.2 give for these smooth pictures, so a wrong colour conversion or a swapped channel fails).
final class DecodeAgainstPNGTests: XCTestCase {
    func twin(_ file: String, _ png: String) throws -> (DecodedImage, DecodedImage) {
        let decoded = try ImageDecoder.decode(try Fixture.bytes(file))
        let reference = try PNGDecoder.decode(try Fixture.bytes(png))
        XCTAssertEqual(decoded.width, reference.width, file)
        XCTAssertEqual(decoded.height, reference.height, file)
        return (decoded, reference)
    }

    func assertClose(_ file: String, _ png: String, max: Int, mean: Double, line: UInt = #line) throws {
        let (decoded, reference) = try twin(file, png)
        let d = Fixture.difference(decoded.premultipliedRGBA, reference.premultipliedRGBA)
        XCTAssertLessThanOrEqual(d.max, max, "\(file): largest channel difference", line: line)
        XCTAssertLessThanOrEqual(d.mean, mean, "\(file): mean channel difference", line: line)
    }

    func testLosslessWebPIsExactlyItsPNGTwin() throws {
        let (decoded, reference) = try twin("rgba-lossless.webp", "rgba.png")
        XCTAssertEqual(decoded, reference, "premultiplied with the PNG decoder's rounding")
        let straight = try ImageDecoder.decodeStraightRGBA(try Fixture.bytes("rgba-lossless.webp"))
        let straightPNG = try Fixture.bytes("rgba.png").withUnsafeBytes { try PNGDecoder.decodeStraightRGBA($0) }
        XCTAssertEqual(straight, straightPNG, "straight RGBA, colour under alpha 0 kept (encoded with exact)")
        XCTAssertTrue(straight.rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 && $0.element < 255 },
                      "the fixture has partial alpha, so premultiplying is exercised")
    }

    func testJPEGsAreTheirPNGTwinWithinJPEGLoss() throws {
        try assertClose("rgb.jpg", "rgb.png", max: 12, mean: 1.5)
        try assertClose("rgb-progressive.jpg", "rgb.png", max: 12, mean: 1.5)
        try assertClose("rgb-420.jpg", "rgb.png", max: 24, mean: 3.5)
        try assertClose("gray.jpg", "gray.png", max: 4, mean: 0.5)
        let rgb = try ImageDecoder.decode(try Fixture.bytes("rgb.jpg"))
        XCTAssertTrue(stride(from: 3, to: rgb.premultipliedRGBA.count, by: 4).allSatisfy { rgb.premultipliedRGBA[$0] == 255 }, "JPEG is opaque")
        let straight = try ImageDecoder.decodeStraightRGBA(try Fixture.bytes("rgb.jpg"))
        XCTAssertEqual(straight.rgba, rgb.premultipliedRGBA, "opaque: straight and premultiplied agree")
    }

    func testLossyWebPIsItsPNGTwinWithinItsLoss() throws {
        try assertClose("rgb-lossy.webp", "rgb.png", max: 30, mean: 3.5)
        try assertClose("soft-rgba-lossy.webp", "soft-rgba.png", max: 20, mean: 1.5)
        let (decoded, _) = try twin("soft-rgba-lossy.webp", "soft-rgba.png")
        let px = decoded.premultipliedRGBA
        for i in stride(from: 0, to: px.count, by: 4) {
            let alpha = px[i + 3]
            XCTAssertTrue(px[i] <= alpha && px[i + 1] <= alpha && px[i + 2] <= alpha, "pixel \(i / 4) is premultiplied")
        }
    }

    func testTheDecodersAgreeWithTheDispatcher() throws {
        let jpeg = try Fixture.bytes("rgb.jpg"), webp = try Fixture.bytes("rgba-lossless.webp"), png = try Fixture.bytes("rgba.png")
        XCTAssertEqual(try JPEGDecoder.decode(jpeg), try ImageDecoder.decode(jpeg))
        XCTAssertEqual(try WebPDecoder.decode(webp), try ImageDecoder.decode(webp))
        XCTAssertEqual(try PNGDecoder.decode(png), try ImageDecoder.decode(png))
    }
}
