import XCTest
@testable import PNGCodec

/// Files written by the independent `RawPNGWriter` in every colour type, bit depth and
/// interlace decode to the premultiplied RGBA8 the PNG spec implies.
final class DecoderTests: XCTestCase {
    private static func scale(_ v: UInt16, depth: Int) -> UInt32 {
        depth == 16 ? (UInt32(v) * 255 + 32767) / 65535 : UInt32(v) * 255 / UInt32((1 << depth) - 1)
    }

    /// Expected straight RGBA for one pixel's samples.
    private static func expectedPixel(_ s: ArraySlice<UInt16>, type: UInt8, depth: Int, palette: [[UInt8]], trns: [UInt8]?) -> [UInt32] {
        let s = Array(s)
        switch type {
        case 0:
            let g = scale(s[0], depth: depth)
            let key = trns.map { UInt16($0[0]) << 8 | UInt16($0[1]) }
            return [g, g, g, key == s[0] ? 0 : 255]
        case 2:
            let key = trns.map { t in (0..<3).map { UInt16(t[2 * $0]) << 8 | UInt16(t[2 * $0 + 1]) } }
            return s.map { scale($0, depth: depth) } + [key == s ? 0 : 255]
        case 3:
            let i = Int(s[0])
            return palette[i].map(UInt32.init) + [trns.flatMap { i < $0.count ? UInt32($0[i]) : nil } ?? 255]
        case 4:
            let g = scale(s[0], depth: depth)
            return [g, g, g, scale(s[1], depth: depth)]
        default:
            return s.map { scale($0, depth: depth) }
        }
    }

    func testEveryColourTypeBitDepthAndInterlace() throws {
        let combos: [(UInt8, [Int])] = [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]
        var rng = SeededRandom(seed: 21)
        var cases = 0
        for (type, depths) in combos {
            for depth in depths {
                for interlaced in [false, true] {
                    for withTRNS in [false, true] where withTRNS ? type < 4 : true {
                        for (w, h) in [(1, 1), (5, 3), (9, 17), (33, 8)] {
                            let channels = RawPNGWriter.channelCount(type)
                            let maxValue = type == 3 ? min((1 << depth) - 1, 5) : (1 << depth) - 1
                            var samples = (0..<(w * h * channels)).map { _ in UInt16(Int.random(in: 0...maxValue, using: &rng)) }
                            let palette = (0...maxValue).map { _ in (0..<3).map { _ in UInt8.random(in: 0...255, using: &rng) } }
                            var trns: [UInt8]? = nil
                            if withTRNS {
                                if type == 3 {
                                    trns = (0..<min(3, palette.count)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                                } else {
                                    // Use the first pixel's colour as the key, so some pixels match it.
                                    let key = Array(samples[0..<channels])
                                    trns = key.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                                    for p in stride(from: 0, to: w * h, by: 3) { for c in 0..<channels { samples[p * channels + c] = key[c] } }
                                }
                            }
                            let file = RawPNGWriter.file(width: w, height: h, colourType: type, bitDepth: depth, samples: samples,
                                                         interlaced: interlaced, palette: type == 3 ? palette : nil, trns: trns)
                            let expected = (0..<(w * h)).flatMap { p -> [UInt8] in
                                let px = Self.expectedPixel(samples[(p * channels)..<((p + 1) * channels)], type: type, depth: depth, palette: palette, trns: trns)
                                let a = px[3]
                                return px[0..<3].map { UInt8(AlphaConversion.premultiply($0, a)) } + [UInt8(a)]
                            }
                            let label = "type \(type) depth \(depth) interlaced \(interlaced) tRNS \(withTRNS) \(w)x\(h)"
                            let decoded = try PNGDecoder.decode(file)
                            XCTAssertEqual(decoded.width, w, label)
                            XCTAssertEqual(decoded.height, h, label)
                            XCTAssertEqual(decoded.premultipliedRGBA, expected, label)
                            cases += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(cases, 2 * 4 * (5 * 2 + 2 * 2 + 4 * 2 + 2 + 2))
    }

    func testRefusesImagesAboveMaxPixels() throws {
        let file = RawPNGWriter.file(width: 100, height: 50, colourType: 0, bitDepth: 8, samples: Array(repeating: 0, count: 5000))
        XCTAssertNoThrow(try PNGDecoder.decode(file, maxPixels: 5000))
        XCTAssertThrowsError(try PNGDecoder.decode(file, maxPixels: 4999)) { error in
            XCTAssertTrue((error as? PNGError)?.message.contains("limit") == true, "\(error)")
        }
        // A header claiming 10^10 pixels is refused before any allocation.
        var huge = RawPNGWriter.signature
        huge += RawPNGWriter.chunk("IHDR", RawPNGWriter.be32(100_000) + RawPNGWriter.be32(100_000) + [8, 0, 0, 0, 0])
        huge += RawPNGWriter.chunk("IDAT", RawPNGWriter.zlibStored([0, 0, 0])) + RawPNGWriter.chunk("IEND", [])
        XCTAssertThrowsError(try PNGDecoder.decode(huge))
    }

    func testNotPNGAndEmptyInputThrow() {
        XCTAssertThrowsError(try PNGDecoder.decode([]))
        XCTAssertThrowsError(try PNGDecoder.decode([UInt8]("GIF89a not a png".utf8)))
        XCTAssertThrowsError(try PNGDecoder.decode(RawPNGWriter.signature))
        XCTAssertThrowsError(try PNGDecoder.decode(UnsafeRawBufferPointer(start: nil, count: 0)))
    }
}
