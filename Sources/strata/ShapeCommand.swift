import ArgumentParser
import Fonts
import Foundation
import JSON
import Renderer

/// `strata shape`: a label's text shaped as the renderer shapes it with fonts from files —
/// its runs (font file, script, direction) with their glyphs in the form
/// `hb-shape --output-format=json --no-glyph-names --font-size=1536` prints (g, cl, ax, ay,
/// dx, dy: 1/64 px at 24 px, cl a scalar index), ICU's line break opportunities and the
/// lines `text-max-width` gives.
struct Shape: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shape a label's text with HarfBuzz in a fontstack of the fonts directory and print its runs as JSON.")

    @Option(help: "Fontstack: font names separated by commas (\"Noto Sans Regular\").") var fontstack: String
    @Option(help: "The text to shape.") var text: String
    @Option(help: "Fonts directory (TTF/OTF, searched recursively).") var fontsDir: String = "/usr/share/fonts/truetype/noto"
    @Option(help: "text-max-width in ems for the lines.") var maxWidth: Double = 10

    func run() throws {
        let directory = FontDirectory(path: fontsDir)
        let names = fontstack.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let shaper = directory.shaper(for: names) else {
            throw ValidationError("no font of \"\(fontstack)\" in \(fontsDir)")
        }
        let codes = text.unicodeScalars.map(\.value)
        let levels = BidiText.mayHaveRightToLeft(codes) ? (BidiText.levels(codes) ?? []) : []
        let runs = shaper.shape(codes, levels: levels)
        let breaks = shaper.lineBreaks(codes)
        let lines = ShapedLabelLines.lines(codes, shaper: shaper, maxWidth: maxWidth)
        print(Self.report(fontstack: names, runs: runs, breaks: breaks, lines: lines).serialized())
    }

    static func report(fontstack: [String], runs: [ShapedRun], breaks: [LineBreaks.Opportunity], lines: [Range<Int>]) -> JSONValue {
        func n(_ v: some BinaryInteger) -> JSONValue { .number(Double(v)) }
        let runValues: [JSONValue] = runs.map { run in
            var o = JSONObject()
            o["font"] = .string(run.face.path)
            o["face"] = n(run.face.index)
            o["name"] = .string(run.face.name)
            o["script"] = .string(run.script)
            o["direction"] = .string(run.rightToLeft ? "rtl" : "ltr")
            o["start"] = n(run.range.lowerBound)
            o["end"] = n(run.range.upperBound)
            o["glyphs"] = .array(run.glyphs.map { g in
                var e = JSONObject()
                e["g"] = n(g.g); e["cl"] = n(g.cl); e["dx"] = n(g.dx); e["dy"] = n(g.dy); e["ax"] = n(g.ax); e["ay"] = n(g.ay)
                return .object(e)
            })
            return .object(o)
        }
        var root = JSONObject()
        root["fontstack"] = .array(fontstack.map { .string($0) })
        root["units"] = .string("1/64 px at 24 px (hb-shape --font-size=1536); cl: scalar index")
        root["runs"] = .array(runValues)
        root["breaks"] = .array(breaks.map { b in
            var o = JSONObject()
            o["at"] = n(b.position); o["mandatory"] = .bool(b.mandatory)
            return .object(o)
        })
        root["lines"] = .array(lines.map { .array([n($0.lowerBound), n($0.upperBound)]) })
        return .object(root)
    }
}
