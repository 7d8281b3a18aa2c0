import ImageCodec
import XCTest

/// Damaged input throws an `ImageDecodeError` — never a crash, never libjpeg's default
/// `exit()` — and the pixel budget is checked from the header before anything is allocated.
final class CorruptInputTests: XCTestCase {
    static let files = ["rgb.jpg", "rgb-progressive.jpg", "gray.jpg", "rgba-lossless.webp", "rgb-lossy.webp", "soft-rgba-lossy.webp"]

    func testEveryTruncationThrows() throws {
        for name in Self.files {
            let bytes = try Fixture.bytes(name)
            XCTAssertNoThrow(try ImageDecoder.decode(bytes), name)
            for length in 0..<bytes.count {
                XCTAssertThrowsError(try ImageDecoder.decode(Array(bytes.prefix(length))), "\(name) cut to \(length) bytes") { error in
                    XCTAssertFalse((error as? ImageDecodeError)?.message.isEmpty ?? true, "\(error)")
                }
            }
        }
    }

    /// Random byte changes (a fixed seed): every outcome is a decoded image of the header's
    /// size or a typed error.
    func testMutatedBytesDecodeOrThrowATypedError() throws {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for name in Self.files {
            let original = try Fixture.bytes(name)
            for _ in 0..<300 {
                var bytes = original
                for _ in 0...next(4) { bytes[next(bytes.count)] = UInt8(next(256)) }
                do {
                    let image = try ImageDecoder.decode(bytes)
                    XCTAssertEqual(image.premultipliedRGBA.count, image.width * image.height * 4, name)
                } catch {
                    XCTAssertTrue(error is ImageDecodeError, "\(name): \(error)")
                }
            }
        }
    }

    func testThePixelLimitIsExact() throws {
        let jpeg = try Fixture.bytes("rgb.jpg"), webp = try Fixture.bytes("rgb-lossy.webp"), png = try Fixture.bytes("rgb.png")
        for bytes in [jpeg, webp, png] {
            XCTAssertNoThrow(try ImageDecoder.decode(bytes, maxPixels: 24 * 16))
            XCTAssertThrowsError(try ImageDecoder.decode(bytes, maxPixels: 24 * 16 - 1)) { error in
                XCTAssertEqual((error as? ImageDecodeError)?.kind, .tooLarge, "\(error)")
            }
            XCTAssertThrowsError(try ImageDecoder.decodeStraightRGBA(bytes, maxPixels: 100)) { error in
                XCTAssertEqual((error as? ImageDecodeError)?.kind, .tooLarge, "\(error)")
            }
        }
    }

    /// Headers claiming billions of pixels over a few hundred bytes: refused from the header
    /// (allocating first would ask for gigabytes and crash or hang the test).
    func testHugeDimensionsAreRefusedBeforeAllocating() throws {
        let cases: [(String, [UInt8])] = [
            ("baseline JPEG", try JPEGPatch.resized(try Fixture.bytes("rgb.jpg"), width: 65000, height: 65000)),
            ("progressive JPEG", try JPEGPatch.resized(try Fixture.bytes("rgb-progressive.jpg"), width: 60000, height: 2000)),
            ("lossless WebP", WebPPatch.resizedLossless(try Fixture.bytes("rgba-lossless.webp"), width: 16384, height: 16384)),
            ("lossy WebP", WebPPatch.resizedLossy(try Fixture.bytes("rgb-lossy.webp"), width: 16383, height: 16383)),
        ]
        for (what, bytes) in cases {
            XCTAssertThrowsError(try ImageDecoder.decode(bytes)) { error in
                let e = error as? ImageDecodeError
                XCTAssertEqual(e?.kind, .tooLarge, "\(what): \(error)")
                XCTAssertTrue(e?.message.contains("more than the limit") ?? false, "\(what): \(error)")
            }
        }
        // Within the budget the same lie is caught by the decoder: the data do not cover it.
        let small = try JPEGPatch.resized(try Fixture.bytes("rgb.jpg"), width: 200, height: 200)
        XCTAssertThrowsError(try ImageDecoder.decode(small)) { XCTAssertEqual(($0 as? ImageDecodeError)?.kind, .invalid, "\($0)") }
        let lossless = WebPPatch.resizedLossless(try Fixture.bytes("rgba-lossless.webp"), width: 200, height: 200)
        XCTAssertThrowsError(try ImageDecoder.decode(lossless)) { XCTAssertEqual(($0 as? ImageDecodeError)?.kind, .invalid, "\($0)") }
    }

    /// Stray bytes between two markers (libjpeg's "extraneous bytes" warning) are common and
    /// harmless: the image decodes as without them.
    func testExtraneousBytesBetweenMarkersAreTolerated() throws {
        let jpeg = try Fixture.bytes("rgb.jpg")
        XCTAssertEqual(Array(jpeg[2..<4]), [0xFF, 0xE0], "the fixture starts with a JFIF APP0 segment")
        let afterAPP0 = 4 + Int(jpeg[4]) << 8 + Int(jpeg[5])
        var padded = jpeg
        padded.insert(contentsOf: [0x12, 0x34, 0x56], at: afterAPP0)
        XCTAssertEqual(try ImageDecoder.decode(padded), try ImageDecoder.decode(jpeg))
    }

    func testUnsupportedFeaturesSayWhat() throws {
        XCTAssertThrowsError(try ImageDecoder.decode(try Fixture.bytes("cmyk.jpg"))) { error in
            let e = error as? ImageDecodeError
            XCTAssertEqual(e?.format, .jpeg)
            XCTAssertEqual(e?.kind, .invalid)
            XCTAssertTrue(e?.message.lowercased().contains("color conversion") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try ImageDecoder.decode(try Fixture.bytes("animated.webp"))) { error in
            let e = error as? ImageDecodeError
            XCTAssertEqual(e?.format, .webp)
            XCTAssertTrue(e?.message.contains("animated") ?? false, "\(error)")
        }
    }
}
