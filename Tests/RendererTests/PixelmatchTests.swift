import Foundation
import XCTest

/// The Swift pixelmatch against the reference `shared/render-tests/compare.py` on real pairs
/// (a renderer image and its MapLibre expectation, in `PixelmatchPairs/`). The numbers were
/// produced once by `compare.py`'s `pixelmatch_py` and `pixelmatch_np` (both agree):
/// mismatched count, red / yellow / alternate-green pixels of the diff image, and the sum of
/// the diff image's bytes (which checks the grey fade of unchanged pixels too).
final class PixelmatchTests: XCTestCase {
    struct Expected {
        var count: Int, red: Int, yellow: Int, green: Int, byteSum: Int
        init(_ c: Int, _ r: Int, _ y: Int, _ g: Int, _ s: Int) { count = c; red = r; yellow = y; green = g; byteSum = s }
    }

    /// Option sets in the order of the recorded numbers.
    static let variants: [(String, Pixelmatch.Options)] = {
        var base = Pixelmatch.Options(); base.threshold = 0.1285
        var aa = base; aa.includeAA = true
        var strict = base; strict.threshold = 0.05
        var white = base; white.checkerboard = false
        var alt = base; alt.diffColorAlt = (0, 255, 0)
        return [("default", base), ("includeAA", aa), ("threshold 0.05", strict), ("no checkerboard", white), ("alt colour", alt)]
    }()

    /// compare.py results per pair (`<name>-actual.png` vs `<name>-expected.png`), per variant.
    static let recorded: [String: [Expected]] = [
        "combinations_fill-opaque--line-translucent": [
            Expected(13, 13, 20, 0, 4_117_875), Expected(33, 33, 0, 0, 4_112_775), Expected(15, 15, 20, 0, 4_116_987),
            Expected(2, 2, 31, 0, 4_120_680), Expected(13, 1, 20, 12, 4_117_875),
        ],
        "fill-outline-color_fill": [
            Expected(4, 4, 57, 0, 4_141_170), Expected(61, 61, 0, 0, 4_126_635), Expected(22, 22, 96, 0, 4_124_190),
            Expected(0, 0, 81, 0, 4_137_528), Expected(4, 4, 57, 0, 4_141_170),
        ],
        "line-join_round-transparent": [
            Expected(319, 319, 15, 0, 7_071_729), Expected(334, 334, 0, 0, 7_067_904), Expected(634, 634, 134, 0, 6_897_057),
            Expected(634, 634, 125, 0, 6_899_148), Expected(319, 0, 15, 319, 7_071_729),
        ],
        "within_paint-circle": [
            Expected(66, 66, 45, 0, 4_097_544), Expected(111, 111, 0, 0, 4_086_069), Expected(79, 79, 82, 0, 4_082_865),
            Expected(79, 79, 76, 0, 4_084_137), Expected(66, 52, 45, 14, 4_097_544),
        ],
    ]

    static func pair(_ name: String) throws -> (RGBAImage, RGBAImage) {
        let dir = Bundle.module.url(forResource: "PixelmatchPairs", withExtension: nil)!
        return (try RGBAImage(contentsOf: dir.appendingPathComponent("\(name)-actual.png")),
                try RGBAImage(contentsOf: dir.appendingPathComponent("\(name)-expected.png")))
    }

    func testCountsAndDiffImagesMatchComparePy() throws {
        for (name, expectations) in Self.recorded.sorted(by: { $0.key < $1.key }) {
            let (actual, expected) = try Self.pair(name)
            for ((label, options), want) in zip(Self.variants, expectations) {
                var out = [UInt8](repeating: 0, count: actual.rgba.count)
                let n = try out.withUnsafeMutableBufferPointer { buf in
                    try Pixelmatch.count(actual.rgba, expected.rgba, width: actual.width, height: actual.height,
                                         output: buf, options: options)
                }
                let (red, yellow, green) = (Self.pixels(out, (255, 0, 0)), Self.pixels(out, (255, 255, 0)), Self.pixels(out, (0, 255, 0)))
                let sum = out.reduce(0) { $0 + Int($1) }
                let context = "\(name), \(label)"
                XCTAssertEqual(n, want.count, context)
                XCTAssertEqual(red, want.red, context)
                XCTAssertEqual(yellow, want.yellow, context)
                XCTAssertEqual(green, want.green, context)
                XCTAssertEqual(sum, want.byteSum, context)
                // Without a diff image the count is the same.
                XCTAssertEqual(try Pixelmatch.count(actual.rgba, expected.rgba, width: actual.width, height: actual.height,
                                                    options: options), want.count, context)
            }
        }
    }

    /// Opaque pixels of colour `c` in an RGBA buffer.
    static func pixels(_ rgba: [UInt8], _ c: (UInt8, UInt8, UInt8)) -> Int {
        var n = 0
        for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i] == c.0 && rgba[i + 1] == c.1 && rgba[i + 2] == c.2 && rgba[i + 3] == 255 {
            n += 1
        }
        return n
    }

    func testIdenticalImagesMatchAndFadeToGrey() throws {
        let (actual, _) = try Self.pair("fill-outline-color_fill")
        var out = [UInt8](repeating: 0, count: actual.rgba.count)
        let n = try out.withUnsafeMutableBufferPointer {
            try Pixelmatch.count(actual.rgba, actual.rgba, width: actual.width, height: actual.height, output: $0)
        }
        XCTAssertEqual(n, 0)
        // A fully transparent pixel fades to white, an opaque black one to 255 - 0.1·255 = 229.
        let black: [UInt8] = [0, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0]
        var two = [UInt8](repeating: 0, count: 8)
        _ = try two.withUnsafeMutableBufferPointer { try Pixelmatch.count(black + clear, black + clear, width: 2, height: 1, output: $0) }
        XCTAssertEqual(two, [229, 229, 229, 255, 255, 255, 255, 255])
    }

    func testSymmetricColourDistanceAndThreshold() throws {
        // One isolated pixel changed (no anti-aliasing pattern): counted when its YIQ distance
        // exceeds 35215·t², whichever image is first.
        let w = 5, h = 5
        let white = [UInt8](repeating: 255, count: w * h * 4)
        var grey = white
        let c = (2 * w + 2) * 4
        grey[c] = 200; grey[c + 1] = 200; grey[c + 2] = 200
        // Y difference 55 → delta = 0.5053·55² ≈ 1528.5; threshold 0.2 → max 1408.6 (counted),
        // 0.21 → 1553 (not counted).
        for (t, want) in [(0.2, 1), (0.21, 0)] {
            var o = Pixelmatch.Options(); o.threshold = t
            XCTAssertEqual(try Pixelmatch.count(white, grey, width: w, height: h, options: o), want, "t=\(t)")
            XCTAssertEqual(try Pixelmatch.count(grey, white, width: w, height: h, options: o), want, "t=\(t) swapped")
        }
    }

    func testSizeMismatchIsAnError() {
        XCTAssertThrowsError(try Pixelmatch.count([0, 0, 0, 0], [0, 0, 0, 0, 1, 1, 1, 1], width: 1, height: 1))
        XCTAssertThrowsError(try Pixelmatch.count([0, 0, 0, 0], [0, 0, 0, 0], width: 2, height: 1))
    }

    /// MapLibre's rule: the best of several expected images counts, other sizes are passed over,
    /// and the case passes iff mismatched/(w·h) ≤ allowed.
    func testGradeTakesTheBestExpectedImage() throws {
        let (actual, expected) = try Self.pair("combinations_fill-opaque--line-translucent")
        let other = RGBAImage(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 16))
        let g = try RenderTestGrade.grade(actual: actual, expected: [("expected.png", expected), ("expected1.png", actual),
                                                                     ("expected2.png", other)],
                                          allowed: 0.00025, threshold: 0.1285, wantDiff: false)
        XCTAssertEqual(g.expected, "expected1.png")
        XCTAssertEqual(g.mismatched, 0)
        XCTAssertTrue(g.passed)
        let only = try RenderTestGrade.grade(actual: actual, expected: [("expected.png", expected)],
                                             allowed: 0.00025, threshold: 0.1285, wantDiff: true)
        XCTAssertEqual(only.mismatched, 13)
        XCTAssertEqual(only.difference, 13.0 / 4096)
        XCTAssertFalse(only.passed)
        XCTAssertEqual(only.diffImage?.width, 64)
        let lenient = try RenderTestGrade.grade(actual: actual, expected: [("expected.png", expected)],
                                                allowed: 13.0 / 4096, threshold: 0.1285, wantDiff: false)
        XCTAssertTrue(lenient.passed, "the limit itself passes")
        XCTAssertThrowsError(try RenderTestGrade.grade(actual: actual, expected: [("expected.png", other)],
                                                       allowed: 1, threshold: 0.1285, wantDiff: false))
    }
}
