import SourceData

/// One glyph placed relative to the label's anchor, in pixels at MapLibre's 24 px em (y
/// down), as MapLibre's shaping leaves it: `x` is the pen position, `y` the line's top plus
/// the default baseline offset.
struct PositionedGlyph {
    var codePoint: UInt32
    var x: Double
    var y: Double
    var glyph: SDFGlyph
    var scale: Double
    /// Position of the code point in the shaped text (for per-section styles).
    var index: Int = 0
}

/// A shaped label: its glyphs and the box the text occupies (ems × 24, y down).
struct TextShaping {
    var glyphs: [PositionedGlyph]
    var top: Double, bottom: Double, left: Double, right: Double
}

/// Label anchors (`text-anchor`): where the anchor point sits on the text's box.
enum SymbolAnchor: String {
    case center, left, right, top, bottom
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

    /// Horizontal and vertical position of the anchor on the box, 0...1.
    var alignment: (x: Double, y: Double) {
        let x: Double = [.right, .topRight, .bottomRight].contains(self) ? 1 : [.left, .topLeft, .bottomLeft].contains(self) ? 0 : 0.5
        let y: Double = [.bottom, .bottomLeft, .bottomRight].contains(self) ? 1 : [.top, .topLeft, .topRight].contains(self) ? 0 : 0.5
        return (x, y)
    }
}

/// MapLibre's text shaping for horizontal text in one font scale: lines broken at the
/// least-bad break points for `maxWidth` (balanced, penalising breaks before closing and
/// after opening parentheses, forced at newlines), trimmed, justified, and the block aligned
/// on its anchor. Sizes are in the 24 px em; `lineHeight` and `spacing` already × 24.
enum TextShaper {
    static let oneEm = 24.0
    /// MapLibre's baseline offset from a line's top.
    static let defaultOffset = -17.0

    static func shape(_ text: [UInt32], glyphs: (UInt32) -> SDFGlyph?, maxWidth: Double, lineHeight: Double,
                      anchor: SymbolAnchor, justify: Double, spacing: Double, translate: SIMD2<Double>) -> TextShaping? {
        let lines = breakLines(text, glyphs: glyphs, spacing: spacing, maxWidth: maxWidth)
        var placed: [PositionedGlyph] = []
        var y = 0.0, maxLineLength = 0.0
        for line in lines {
            let trimmed = trim(line)
            if trimmed.isEmpty { y += lineHeight; continue }
            var x = 0.0
            let start = placed.count
            for i in trimmed.indices {
                let cp = trimmed[i]
                guard let g = glyphs(cp) else { continue }
                placed.append(PositionedGlyph(codePoint: cp, x: x, y: y + defaultOffset, glyph: g, scale: 1, index: i))
                x += Double(g.advance) + spacing
            }
            if placed.count > start {
                maxLineLength = max(maxLineLength, x - spacing)
                // Justify the line: shift by its length times the justification.
                let last = placed[placed.count - 1]
                let indent = (last.x + Double(last.glyph.advance)) * justify
                for i in start..<placed.count { placed[i].x -= indent }
            }
            y += lineHeight
        }
        guard !placed.isEmpty else { return nil }
        let align = anchor.alignment
        let shiftX = (justify - align.x) * maxLineLength
        let shiftY = -align.y * Double(lines.count) * lineHeight + 0.5 * lineHeight
        for i in placed.indices { placed[i].x += shiftX; placed[i].y += shiftY }
        let top = translate.y - align.y * y, left = translate.x - align.x * maxLineLength
        return TextShaping(glyphs: placed, top: top, bottom: top + y, left: left, right: left + maxLineLength)
    }

    static let whitespace: Set<UInt32> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20]
    static let breakable: Set<UInt32> = [0x0A, 0x20, 0x26, 0x29, 0x2B, 0x2D, 0x2F, 0xAD, 0xB7, 0x200B, 0x2010, 0x2013, 0x2027]

    static func trim(_ line: ArraySlice<UInt32>) -> ArraySlice<UInt32> {
        var s = line
        while let f = s.first, whitespace.contains(f) { s = s.dropFirst() }
        while let l = s.last, whitespace.contains(l) { s = s.dropLast() }
        return s
    }

    /// Line break positions chosen as MapLibre chooses them (dynamic programming over the
    /// potential breaks, badness = squared deviation from the average line width + penalty).
    static func breakLines(_ text: [UInt32], glyphs: (UInt32) -> SDFGlyph?, spacing: Double, maxWidth: Double) -> [ArraySlice<UInt32>] {
        func advance(_ cp: UInt32) -> Double { glyphs(cp).map { Double($0.advance) + spacing } ?? 0 }
        let total = text.reduce(0) { $0 + advance($1) }
        let lineCount = max(1, (total / maxWidth).rounded(.up))
        let target = total / (lineCount.isFinite ? lineCount : 1)
        struct Break { var index: Int; var x: Double; var prior: Int?; var badness: Double }
        var breaks: [Break] = []
        func badness(_ width: Double, _ penalty: Double, last: Bool) -> Double {
            let ragged = (width - target) * (width - target)
            if last { return width < target ? ragged / 2 : ragged * 2 }
            return ragged + abs(penalty) * penalty
        }
        func evaluate(_ index: Int, _ x: Double, _ penalty: Double, last: Bool) -> Break {
            var best: Int?
            var bestBadness = badness(x, penalty, last: last)
            for (k, b) in breaks.enumerated() {
                let v = badness(x - b.x, penalty, last: last) + b.badness
                if v <= bestBadness { best = k; bestBadness = v }
            }
            return Break(index: index, x: x, prior: best, badness: bestBadness)
        }
        var x = 0.0
        for i in text.indices {
            let cp = text[i]
            if !whitespace.contains(cp) { x += advance(cp) }
            guard i < text.count - 1 else { continue }
            let ideographic = allowsIdeographicBreaking(cp)
            if breakable.contains(cp) || ideographic || (i != text.count - 2 && text[i + 1] == 0x28) {
                var penalty = 0.0
                if cp == 0x0A { penalty -= 10000 }
                if cp == 0x28 || cp == 0xFF08 { penalty += 50 }
                let next = text[i + 1]
                if next == 0x29 || next == 0xFF09 { penalty += 50 }
                breaks.append(evaluate(i + 1, x, penalty, last: false))
            }
        }
        var chain: [Int] = []
        var current: Break? = evaluate(text.count, x, 0, last: true)
        while let b = current {
            chain.append(b.index)
            current = b.prior.map { breaks[$0] }
        }
        var lines: [ArraySlice<UInt32>] = []
        var start = 0
        for end in chain.reversed() {
            lines.append(text[start..<end])
            start = end
        }
        if start < text.count { lines.append(text[start...]) }
        return lines
    }

    /// CJK and other scripts that break between any two characters.
    static func allowsIdeographicBreaking(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x2E80...0x2FDF, 0x2FF0...0x303F, 0x3040...0x30FF, 0x3100...0x312F, 0x3130...0x318F, 0x3190...0x31BF,
             0x31C0...0x31EF, 0x31F0...0x31FF, 0x3200...0x32FF, 0x3300...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF:
            return true
        default:
            return false
        }
    }
}
