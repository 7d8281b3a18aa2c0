import XCTest
import Foundation
import JSON
import StrataTestSupport
@testable import Fonts

/// Strata's shaping against HarfBuzz's own `hb-shape` (Debian libharfbuzz-bin), run at test
/// time on the checked-in corpus (`Fixtures/shaping-corpus.tsv`: city names in 25 scripts):
/// each string shaped in "Noto Sans Regular" must fall back to its script's font (one run) and
/// give hb-shape's glyph ids in the same order, with advances and offsets within 1/64 px.
final class HarfBuzzCorpusTests: XCTestCase {
    struct Entry { var script: String; var font: String; var text: String }

    static func corpus() throws -> [Entry] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/shaping-corpus", withExtension: "tsv"))
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return f.count == 3 ? Entry(script: f[0], font: f[1], text: f[2]) : nil
        }
    }

    func testCorpusAgreesWithHBShape() throws {
        let hbShape = try TestEnvironment.tool("hb-shape", install: "apt-get install libharfbuzz-bin")
        let fontsDir = try TestEnvironment.file("/usr/share/fonts/truetype/noto", installedBy: "fonts-noto-core")
        let corpus = try Self.corpus()
        XCTAssertGreaterThanOrEqual(corpus.count, 200)
        XCTAssertGreaterThanOrEqual(Set(corpus.map(\.script)).count, 20)
        let shaper = try XCTUnwrap(FontDirectory(path: fontsDir).shaper(for: ["Noto Sans Regular"]))
        // Strata's glyphs per font file, in corpus order.
        var byFont: [String: [(Entry, [ShapedGlyph])]] = [:]
        for e in corpus {
            let codes = e.text.unicodeScalars.map(\.value)
            let levels = BidiText.mayHaveRightToLeft(codes) ? try XCTUnwrap(BidiText.levels(codes)) : []
            let runs = shaper.shape(codes, levels: levels)
            XCTAssertEqual(runs.count, 1, "\(e.script) \(e.text): \(runs.map { ($0.face.name, $0.range) })")
            guard let run = runs.first else { continue }
            XCTAssertEqual((run.face.path as NSString).lastPathComponent, e.font, "\(e.script) \(e.text): fallback by script")
            byFont[run.face.path, default: []].append((e, run.glyphs))
        }
        var compared = 0
        for (path, entries) in byFont.sorted(by: { $0.key < $1.key }) {
            let expected = try Self.hbShape(hbShape, font: path, texts: entries.map(\.0.text))
            XCTAssertEqual(expected.count, entries.count, path)
            for ((e, mine), theirs) in zip(entries, expected) {
                XCTAssertEqual(mine.map(\.g), theirs.map(\.g), "\(e.script) \(e.text): glyph ids")
                guard mine.count == theirs.count else { continue }
                for (a, b) in zip(mine, theirs) {
                    XCTAssertLessThanOrEqual(abs(a.ax - b.ax), 1, "\(e.script) \(e.text) glyph \(a.g): advance")
                    XCTAssertLessThanOrEqual(abs(a.dx - b.dx) + abs(a.dy - b.dy), 2, "\(e.script) \(e.text) glyph \(a.g): offset")
                    XCTAssertEqual(a.cl, b.cl, "\(e.script) \(e.text) glyph \(a.g): cluster")
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, corpus.count)
    }

    /// hb-shape's glyphs for each line of `texts` at 24 px in 1/64 px (`--font-size=1536`).
    static func hbShape(_ tool: String, font: String, texts: [String]) throws -> [[ShapedGlyph]] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("strata-hb-\(UUID().uuidString).txt")
        try (texts.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = ["--output-format=json", "--no-glyph-names", "--font-size=1536", "--text-file=\(input.path)", font]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "hb-shape on \(font)")
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            guard case .array(let glyphs) = try JSONParser.parse([UInt8](line.utf8)) else { return [] }
            return glyphs.map { g in
                func i(_ k: String) -> Int32 { Int32(g[k]?.numberValue ?? -999_999) }
                return ShapedGlyph(g: UInt32(i("g")), cl: Int(i("cl")), ax: i("ax"), ay: i("ay"), dx: i("dx"), dy: i("dy"))
            }
        }
    }
}
