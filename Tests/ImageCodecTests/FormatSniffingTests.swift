import ImageCodec
import XCTest

/// Formats are told apart by their signatures only.
final class FormatSniffingTests: XCTestCase {
    func testSignatures() throws {
        XCTAssertEqual(ImageFormat.sniff(try Fixture.bytes("rgba.png")), .png)
        XCTAssertEqual(ImageFormat.sniff(try Fixture.bytes("rgb.jpg")), .jpeg)
        XCTAssertEqual(ImageFormat.sniff(try Fixture.bytes("gray.jpg")), .jpeg)
        XCTAssertEqual(ImageFormat.sniff(try Fixture.bytes("rgba-lossless.webp")), .webp)
        XCTAssertEqual(ImageFormat.sniff(try Fixture.bytes("rgb-lossy.webp")), .webp)
        XCTAssertNil(ImageFormat.sniff([UInt8]()))
        XCTAssertNil(ImageFormat.sniff([0xFF, 0xD8]), "too short for JPEG's three bytes")
        XCTAssertNil(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)), "RIFF but not WebP")
        XCTAssertNil(ImageFormat.sniff(Array("GIF89a".utf8)))
        XCTAssertEqual(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8)), .webp, "the container alone sniffs; decoding fails later")
    }

    func testUnrecognizedBytesAreATypedError() {
        for bytes in [[UInt8](), Array("GIF89a....".utf8), [0x89, 0x50, 0x4E]] {
            XCTAssertThrowsError(try ImageDecoder.decode(bytes)) { error in
                let e = error as? ImageDecodeError
                XCTAssertEqual(e?.kind, .unrecognized)
                XCTAssertNil(e?.format)
                XCTAssertFalse(e?.message.isEmpty ?? true)
            }
            XCTAssertThrowsError(try ImageDecoder.decodeStraightRGBA(bytes)) { XCTAssertEqual(($0 as? ImageDecodeError)?.kind, .unrecognized) }
        }
    }
}
