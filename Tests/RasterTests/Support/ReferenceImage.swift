import Foundation
import PNGCodec
import XCTest
@testable import Raster

/// Compares a rendered pixmap with `References/<name>.png` (premultiplied RGBA, per-channel
/// tolerance), reading and writing the files with PNGCodec (libpng).
///
/// - The reference is rewritten only when `STRATA_UPDATE_REFERENCES=1`; otherwise a
///   missing reference fails the test.
/// - On a mismatch the actual image and a diff (red where a channel differs by more than
///   the tolerance, grey elsewhere) go to `Tests/RasterTests/Failures/` (gitignored).
enum ReferenceImage {
    static var testsDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["STRATA_UPDATE_REFERENCES"] == "1" }

    /// Smallest exact file: references are written once and read often.
    static let options = PNGEncodeOptions(level: 9, cacheSingleColour: false)

    static func check(_ pixmap: Pixmap, named name: String, tolerance: Int = 2,
                      file: StaticString = #filePath, line: UInt = #line) {
        let refURL = testsDirectory.appendingPathComponent("References/\(name).png")
        if updating {
            do {
                try FileManager.default.createDirectory(at: refURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(encode(pixmap)).write(to: refURL)
            } catch {
                XCTFail("cannot write \(refURL.path): \(error)", file: file, line: line)
            }
            return
        }
        guard let data = try? Data(contentsOf: refURL) else {
            writeFailure(name, pixmap, diff: nil)
            XCTFail("missing reference \(refURL.path) (run with STRATA_UPDATE_REFERENCES=1 to create it)", file: file, line: line)
            return
        }
        guard let expected = try? PNGDecoder.decode([UInt8](data)), expected.width == pixmap.width, expected.height == pixmap.height else {
            writeFailure(name, pixmap, diff: nil)
            XCTFail("reference \(name) unreadable or not \(pixmap.width)×\(pixmap.height); actual image in Tests/RasterTests/Failures/",
                    file: file, line: line)
            return
        }
        let actual = pixmap.data
        var worst = 0, bad = 0
        var diff = Pixmap(width: pixmap.width, height: pixmap.height)
        for i in 0..<(pixmap.width * pixmap.height) {
            var m = 0
            for c in 0..<4 { m = max(m, abs(Int(actual[i * 4 + c]) - Int(expected.premultipliedRGBA[i * 4 + c]))) }
            worst = max(worst, m)
            let x = i % pixmap.width, y = i / pixmap.width
            if m > tolerance {
                bad += 1
                diff.setPixel(x, y, PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
            } else {
                let g = UInt8(min(255, 64 + Int(expected.premultipliedRGBA[i * 4 + 3]) / 2))
                diff.setPixel(x, y, PremultipliedRGBA8(r: g, g: g, b: g, a: 255))
            }
        }
        if bad > 0 {
            writeFailure(name, pixmap, diff: diff)
            XCTFail("\(name): \(bad) pixels differ by more than \(tolerance) (worst \(worst)); see Tests/RasterTests/Failures/",
                    file: file, line: line)
        }
    }

    static func encode(_ p: Pixmap) throws -> [UInt8] {
        try PNGEncoder.encode(premultipliedRGBA: p.data, width: p.width, height: p.height, options: options)
    }

    private static func writeFailure(_ name: String, _ actual: Pixmap, diff: Pixmap?) {
        let dir = testsDirectory.appendingPathComponent("Failures")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        if let png = try? encode(actual) { try? Data(png).write(to: dir.appendingPathComponent("\(name)-actual.png")) }
        if let diff, let png = try? encode(diff) { try? Data(png).write(to: dir.appendingPathComponent("\(name)-diff.png")) }
    }
}
