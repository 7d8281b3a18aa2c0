import Foundation
import JSON
import Raster
import XCTest

/// The runner end to end on small synthetic cases: each of run.py's outcomes (PASS, FAIL with
/// failure images, ERROR, SKIP) and the `reportWidth` crop.
final class RenderTestRunnerTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("rtests-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("assets"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// A case folder with `style` and one `expected.png` of a uniform colour.
    private func makeCase(_ id: String, style: String, expected: PremultipliedRGBA8, size: (Int, Int) = (16, 16)) throws -> RenderTestCase {
        let folder = root.appendingPathComponent("cases/\(id)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(style.utf8).write(to: folder.appendingPathComponent("style.json"))
        let png = try RGBAImage.encode(Pixmap(width: size.0, height: size.1, fill: expected))
        try Data(png).write(to: folder.appendingPathComponent("expected.png"))
        return RenderTestCase(id: id, folder: folder)
    }

    private func run(_ c: RenderTestCase) -> RenderTestResult {
        RenderTestRunner(assets: root.appendingPathComponent("assets"), failuresDirectory: root.appendingPathComponent("failures")).run(c)
    }

    private static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    private static func background(_ color: String, test: String = #""width": 16, "height": 16"#) -> String {
        #"{"version": 8, "metadata": {"test": {"# + test + #"}}, "sources": {}, "#
            + #""layers": [{"id": "bg", "type": "background", "paint": {"background-color": ""# + color + #""}}]}"#
    }

    func testPassAndFail() throws {
        let pass = run(try makeCase("bg/red", style: Self.background("red"), expected: Self.red))
        XCTAssertEqual(pass.status, .pass, pass.line)
        XCTAssertEqual(pass.line, "PASS bg/red diff=0.000000 (0/256 px, allowed 0.00025)")
        XCTAssertEqual(pass.request, "/static/0,0,0,0/16x16@1x.png")

        let fail = run(try makeCase("bg/blue", style: Self.background("blue"), expected: Self.red))
        XCTAssertEqual(fail.status, .fail)
        XCTAssertEqual(fail.grade?.mismatched, 256)
        for name in ["actual.png", "expected.png", "diff.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("failures/bg/blue/\(name)").path), name)
        }
        let actual = try RGBAImage(contentsOf: root.appendingPathComponent("failures/bg/blue/actual.png"))
        XCTAssertEqual(Array(actual.rgba.prefix(4)), [0, 0, 255, 255])
    }

    func testRejectedOperationIsNotedAndTheCaseGoesOn() throws {
        let style = Self.background("red", test: #""width": 16, "height": 16, "operations": [["setPaintProperty", "nope", "background-color", "blue"], ["wait"]]"#)
        let r = run(try makeCase("ops/rejected", style: style, expected: Self.red))
        XCTAssertEqual(r.status, .pass)
        XCTAssertEqual(r.notes.count, 1)
        XCTAssertTrue(r.line.hasSuffix("[1 op(s) rejected: op 0 setPaintProperty -> 404 layer \"nope\" not found]"), r.line)
    }

    func testErrorsAndSkips() throws {
        let invalid = run(try makeCase("err/style", style: #"{"version": 7, "sources": {}, "layers": []}"#, expected: Self.red))
        XCTAssertEqual(invalid.status, .error)
        XCTAssertTrue(invalid.reason?.hasPrefix("POST /sessions -> 400") == true, invalid.line)

        let size = run(try makeCase("err/size", style: Self.background("red"), expected: Self.red, size: (8, 8)))
        XCTAssertEqual(size.status, .error)
        XCTAssertTrue(size.reason?.hasPrefix("no comparable expected image") == true, size.line)

        let skip = run(try makeCase("skip/pause", style: Self.background("red", test: #""operations": [["pauseTiles", "x"]]"#),
                                    expected: Self.red))
        XCTAssertEqual(skip.line, "SKIP skip/pause operation pauseTiles")

        let malformed = run(try makeCase("err/op", style: Self.background("red", test: #""operations": [["setZoom"]]"#), expected: Self.red))
        XCTAssertEqual(malformed.status, .error)
    }

    /// `reportWidth`/`reportHeight`: the bottom-left part of a larger render is graded.
    func testReportSizeGradesTheBottomLeftCorner() throws {
        let style = Self.background("red", test: #""width": 32, "height": 16, "reportWidth": 8, "reportHeight": 8"#)
        let r = run(try makeCase("crop", style: style, expected: Self.red, size: (8, 8)))
        XCTAssertEqual(r.status, .pass, r.line)
        XCTAssertEqual(r.grade?.pixels, 64)
    }
}
