import Foundation
import StrataTestSupport
import XCTest
@testable import PNGCodec

/// Every file the encoder writes is valid for Debian's `pngcheck` (an independent checker).
final class PNGCheckTests: XCTestCase {
    func testEveryWrittenFilePassesPngcheck() throws {
        let pngcheck = try TestEnvironment.tool("pngcheck", install: "apt-get install pngcheck")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pngcheck-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths = [String]()
        for (o, options) in RoundTripTests.optionSets.enumerated() {
            for image in TestImages.all {
                let png = try PNGEncoder.encode(premultipliedRGBA: image.pixels, width: image.width, height: image.height, options: options)
                let url = dir.appendingPathComponent("\(image.name)-\(o).png")
                try Data(png).write(to: url)
                paths.append(url.path)
            }
        }
        for batch in stride(from: 0, to: paths.count, by: 100) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: pngcheck)
            process.arguments = ["-q"] + paths[batch..<min(batch + 100, paths.count)]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "pngcheck rejected files:\n\(output)")
        }
    }
}
