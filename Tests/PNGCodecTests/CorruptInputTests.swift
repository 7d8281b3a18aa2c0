import XCTest
@testable import PNGCodec

/// Corrupt and truncated files give errors, never crashes (the process would die here).
final class CorruptInputTests: XCTestCase {
    private func seeds() throws -> [[UInt8]] {
        var files: [[UInt8]] = []
        for image in TestImages.all.prefix(12) + TestImages.all.suffix(4) {
            files.append(try PNGEncoder.encode(premultipliedRGBA: image.pixels, width: image.width, height: image.height))
        }
        var rng = SeededRandom(seed: 5)
        let samples = (0..<(13 * 11 * 4)).map { _ in UInt16.random(in: 0...65535, using: &rng) }
        files.append(RawPNGWriter.file(width: 13, height: 11, colourType: 6, bitDepth: 16, samples: samples, interlaced: true))
        files.append(RawPNGWriter.file(width: 13, height: 11, colourType: 3, bitDepth: 4, samples: samples.prefix(143).map { $0 % 3 },
                                       palette: [[1, 2, 3], [4, 5, 6], [7, 8, 9]], trns: [0, 128]))
        return files
    }

    func testEveryTruncationThrows() throws {
        for file in try seeds().prefix(6) {
            XCTAssertNoThrow(try PNGDecoder.decode(file))
            for length in 0..<file.count {
                XCTAssertThrowsError(try PNGDecoder.decode(Array(file.prefix(length))), "length \(length) of \(file.count)")
            }
        }
    }

    func testRandomMutationsNeverCrash() throws {
        var rng = SeededRandom(seed: 99)
        let files = try seeds()
        var failures = 0, successes = 0
        for round in 0..<800 {
            var file = files[round % files.count]
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: // flip a few bytes anywhere
                for _ in 0..<Int.random(in: 1...8, using: &rng) { file[Int.random(in: 0..<file.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng) }
            case 1: // flip bytes after the signature and IHDR, where zlib data lives
                for _ in 0..<Int.random(in: 1...4, using: &rng) { file[Int.random(in: 33..<file.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            case 2: // cut the end off and append garbage
                file = Array(file.prefix(Int.random(in: 8..<file.count, using: &rng))) + (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            case 3: // oversize a chunk length field
                let at = Int.random(in: 8..<max(9, file.count - 4), using: &rng)
                file.replaceSubrange(at..<min(at + 4, file.count), with: [0x7F, UInt8.random(in: 0...255, using: &rng), 0xFF, 0xFF])
            default: // insert random bytes in the middle
                let at = Int.random(in: 8..<file.count, using: &rng)
                file.insert(contentsOf: (0..<Int.random(in: 1...32, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }, at: at)
            }
            do {
                let image = try PNGDecoder.decode(file, maxPixels: 1 << 20)
                XCTAssertEqual(image.premultipliedRGBA.count, image.width * image.height * 4)
                successes += 1
            } catch is PNGError {
                failures += 1
            }
        }
        XCTAssertEqual(failures + successes, 800)
        XCTAssertGreaterThan(failures, 400, "most mutations must be detected (CRC, zlib, structure)")
    }
}
