import Foundation
import XCTest
@testable import Raster

/// Compares a rendered pixmap with `References/<name>.png`.
///
/// - The reference is rewritten only when `STRATA_UPDATE_REFERENCES=1`; otherwise a
///   missing reference fails the test.
/// - On a mismatch the actual image and a diff (red where a channel differs by more than
///   the tolerance, grey elsewhere) go to `Failures/` next to this file's folder.
enum ReferenceImage {
    static var testsDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["STRATA_UPDATE_REFERENCES"] == "1" }

    /// `tolerance`: largest allowed per-channel difference (straight RGBA, 0...255).
    static func check(_ pixmap: Pixmap, named name: String, tolerance: Int = 2,
                      file: StaticString = #filePath, line: UInt = #line) {
        let refURL = testsDirectory.appendingPathComponent("References/\(name).png")
        let actual = pixmap.straightRGBA
        if updating {
            try? FileManager.default.createDirectory(at: refURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! TestPNG.encode(width: pixmap.width, height: pixmap.height, straightRGBA: actual).write(to: refURL)
            return
        }
        guard let data = try? Data(contentsOf: refURL) else {
            writeFailure(name, pixmap.width, pixmap.height, actual, diff: nil)
            XCTFail("missing reference \(refURL.path) (run with STRATA_UPDATE_REFERENCES=1 to create it)", file: file, line: line)
            return
        }
        guard let (w, h, expected) = try? TestPNG.decode(data), w == pixmap.width, h == pixmap.height else {
            XCTFail("reference \(name) unreadable or of another size", file: file, line: line)
            return
        }
        var worst = 0, bad = 0
        var diff = [UInt8](repeating: 0, count: actual.count)
        for i in stride(from: 0, to: actual.count, by: 4) {
            var m = 0
            for c in 0..<4 { m = max(m, abs(Int(actual[i + c]) - Int(expected[i + c]))) }
            worst = max(worst, m)
            if m > tolerance {
                bad += 1
                diff[i] = 255; diff[i + 1] = 0; diff[i + 2] = 0; diff[i + 3] = 255
            } else {
                let g = UInt8(min(255, 64 + Int(expected[i + 3]) / 2))
                diff[i] = g; diff[i + 1] = g; diff[i + 2] = g; diff[i + 3] = 255
            }
        }
        if bad > 0 {
            writeFailure(name, w, h, actual, diff: diff)
            XCTFail("\(name): \(bad) pixels differ by more than \(tolerance) (worst \(worst)); see Tests/RasterTests/Failures/",
                    file: file, line: line)
        }
    }

    private static func writeFailure(_ name: String, _ w: Int, _ h: Int, _ actual: [UInt8], diff: [UInt8]?) {
        let dir = testsDirectory.appendingPathComponent("Failures")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? TestPNG.encode(width: w, height: h, straightRGBA: actual).write(to: dir.appendingPathComponent("\(name)-actual.png"))
        if let diff {
            try? TestPNG.encode(width: w, height: h, straightRGBA: diff).write(to: dir.appendingPathComponent("\(name)-diff.png"))
        }
    }
}
