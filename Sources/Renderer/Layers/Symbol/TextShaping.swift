import Fonts
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
    /// Stacked upright in vertical text (its quad turned back against the label's turn).
    var vertical = false
    /// The glyph's `format` section, and the image it is (nil: a glyph).
    var section = 0
    var image: TextImage? = nil
    /// How far the glyph's line reaches above a one-em line (MapLibre's line offset).
    var lineOffset = 0.0

    /// HarfBuzz's advance of a shaped glyph (px at 24 px; the glyph's whole-pixel advance is
    /// FreeType's).
    var shapedAdvance: Double? = nil

    /// The advance MapLibre's metrics give (an image's width, or its height when stacked), or
    /// HarfBuzz's for a shaped glyph.
    var horizontalAdvance: Double {
        if let shapedAdvance { return shapedAdvance }
        guard let image else { return Double(glyph.advance) }
        return vertical ? image.size.y : image.size.x
    }

    /// Whether it draws anything (a glyph with a field, or an image).
    var draws: Bool { image != nil || !glyph.bitmap.isEmpty }
}

/// A shaped label: its glyphs and the box the text occupies (ems × 24, y down).
struct TextShaping {
    var glyphs: [PositionedGlyph]
    var top: Double, bottom: Double, left: Double, right: Double
    /// Shaped for vertical writing (drawn turned 90° clockwise).
    var vertical = false
    /// Holds images (`format` image sections).
    var iconsInText = false
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

/// MapLibre's text shaping: lines broken at the least-bad break points for `maxWidth`
/// (balanced, penalising breaks before closing and after opening parentheses, forced at
/// newlines), trimmed, justified, and the block aligned on its anchor. Each section keeps its
/// fontstack and scale; a line is as tall as its largest section or image, and smaller ones
/// sit in it by their `vertical-align`. Vertical text (`writing: .vertical`) is laid out along
/// x like horizontal text, its upright glyphs a square em apart and flagged `vertical`, the
/// label being turned 90° when drawn. Sizes are in the 24 px em; `lineHeight` and `spacing`
/// already × 24; `imageScale` is 24 / text-size (an image keeps its pixel size whatever the
/// text size), `breakImageScale` the same at the next zoom (MapLibre breaks lines with it).
enum TextShaper {
    static let oneEm = 24.0
    /// MapLibre's baseline offset from a line's top.
    static let defaultOffset = -17.0

    enum Writing { case horizontal, vertical }

    /// One fontstack, no sections (annotations, tests).
    static func shape(_ text: [UInt32], glyphs: (UInt32) -> SDFGlyph?, maxWidth: Double, lineHeight: Double,
                      anchor: SymbolAnchor, justify: Double, spacing: Double, translate: SIMD2<Double>) -> TextShaping? {
        shape(TaggedText(text, stack: ""), glyphs: { _, cp in glyphs(cp) }, maxWidth: maxWidth, lineHeight: lineHeight,
              anchor: anchor, justify: justify, spacing: spacing, translate: translate)
    }

    static func shape(_ input: TaggedText, glyphs: (String, UInt32) -> SDFGlyph?, maxWidth: Double, lineHeight: Double,
                      anchor: SymbolAnchor, justify: Double, spacing: Double, translate: SIMD2<Double>,
                      writing: Writing = .horizontal, allowVerticalPlacement: Bool = false,
                      imageScale: Double = 1, breakImageScale: Double = 1, clusters: ShapedClusters? = nil) -> TextShaping? {
        var text = input
        if writing == .vertical { VerticalPunctuation.apply(&text.codes) }
        let sections = text.sections
        func advance(_ i: Int) -> Double {
            let section = sections[text.sectionOf[i]]
            if section.isImage { return section.image.map { $0.size.x * section.scale * breakImageScale + spacing } ?? 0 }
            if let cluster = clusters?.clusters[i] {
                return cluster.isEmpty ? 0 : cluster.reduce(0) { $0 + $1.advance } * section.scale + spacing
            }
            return glyphs(section.stack, text.codes[i]).map { Double($0.advance) * section.scale + spacing } ?? 0
        }
        let lines = breakLines(text.codes, advance: advance, sectionIsImage: { sections[text.sectionOf[$0]].isImage },
                               maxWidth: maxWidth, opportunities: clusters?.breaks)
        var block = LineLayout(text: text, lineHeight: lineHeight, justify: justify, spacing: spacing, imageScale: imageScale,
                               writing: writing, allowVerticalPlacement: allowVerticalPlacement, clusters: clusters)
        if let clusters {
            // ICU's bidi where HarfBuzz shapes: each line in its visual order.
            for range in lines {
                let order = clusters.levels.isEmpty ? Array(range) : BidiText.visualOrder(text.codes, line: range) ?? Array(range)
                var lo = 0, hi = order.count
                while lo < hi, whitespace.contains(text.codes[order[lo]]) { lo += 1 }
                while hi > lo, whitespace.contains(text.codes[order[hi - 1]]) { hi -= 1 }
                block.addLine(order[lo..<hi], glyphs: glyphs)
            }
        } else if BidiReorder.applies(text.codes) {
            for order in BidiReorder.reorder(text.codes, lines: lines) {
                var lo = 0, hi = order.count
                while lo < hi, whitespace.contains(text.codes[order[lo]]) { lo += 1 }
                while hi > lo, whitespace.contains(text.codes[order[hi - 1]]) { hi -= 1 }
                block.addLine(order[lo..<hi], glyphs: glyphs)
            }
        } else {
            for range in lines { block.addLine(trim(text.codes, range), glyphs: glyphs) }
        }
        guard !block.placed.isEmpty else { return nil }
        return block.finish(anchor: anchor, translate: translate)
    }

    /// The glyph image sections stand on (no field: drawn from the sprite instead).
    static let noGlyph = SDFGlyph(id: 0, width: 0, height: 0, left: 0, top: 0, advance: 0, bitmap: [])

    static let whitespace: Set<UInt32> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20]
    static let breakable: Set<UInt32> = [0x0A, 0x20, 0x26, 0x29, 0x2B, 0x2D, 0x2F, 0xAD, 0xB7, 0x200B, 0x2010, 0x2013, 0x2027]

    /// The line `range` of `codes` without leading and trailing whitespace.
    static func trim(_ codes: [UInt32], _ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, whitespace.contains(codes[lo]) { lo += 1 }
        while hi > lo, whitespace.contains(codes[hi - 1]) { hi -= 1 }
        return lo..<hi
    }

    /// One fontstack's lines (tests).
    static func breakLines(_ text: [UInt32], glyphs: (UInt32) -> SDFGlyph?, spacing: Double, maxWidth: Double) -> [Range<Int>] {
        breakLines(text, advance: { glyphs(text[$0]).map { Double($0.advance) + spacing } ?? 0 }, sectionIsImage: { _ in false },
                   maxWidth: maxWidth)
    }

    /// Line break positions chosen as MapLibre chooses them (dynamic programming over the
    /// potential breaks, badness = squared deviation from the average line width + penalty);
    /// `advance(i)` is code point i's advance plus spacing. Images may break after them.
    /// `opportunities`: where a line may start (ICU's, for shaped text) instead of MapLibre's
    /// breakable characters; ideographs and images still break as MapLibre breaks them.
    static func breakLines(_ text: [UInt32], advance: (Int) -> Double, sectionIsImage: (Int) -> Bool,
                           maxWidth: Double, opportunities: Set<Int>? = nil) -> [Range<Int>] {
        var total = 0.0
        for i in text.indices { total += advance(i) }
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
            if !whitespace.contains(cp) { x += advance(i) }
            guard i < text.count - 1 else { continue }
            let ideographic = allowsIdeographicBreaking(cp)
            let breaksHere = opportunities.map { $0.contains(i + 1) }
                ?? (breakable.contains(cp) || (i != text.count - 2 && text[i + 1] == 0x28))
            if breaksHere || ideographic || sectionIsImage(i) {
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
        var lines: [Range<Int>] = []
        var start = 0
        for end in chain.reversed() {
            lines.append(start..<end)
            start = end
        }
        if start < text.count { lines.append(start..<text.count) }
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

extension TextShaper {
    /// One label's lines laid out one after the other: what every line shares, the glyphs
    /// placed so far and the block's extent. A value type worked on in place, so shaping
    /// stays free of allocations beyond the glyph array and of per-glyph closures.
    fileprivate struct LineLayout {
        let text: TaggedText
        let lineHeight: Double, justify: Double, spacing: Double, imageScale: Double
        let writing: Writing
        let allowVerticalPlacement: Bool
        /// HarfBuzz's glyphs for the scalars of sections shaped from font files.
        let clusters: ShapedClusters?
        var placed: [PositionedGlyph] = []
        /// The pen's y (the next line's top), the longest and the tallest line so far.
        var y = 0.0, maxLineLength = 0.0, maxLineHeight = 0.0
        /// Whether any glyph stands upright (vertical labels then centre their columns).
        var verticalizable = false
        var lineCount = 0

        /// A line's tallest section (images count at scale 1) and the box its content needs
        /// (the largest image at `imageScale`), in which smaller sections are aligned.
        struct LineBox {
            var maxScale: Double, contentWidth: Double, contentHeight: Double
        }

        /// Places one line's code points (indices into `text`, in visual order, trimmed) and
        /// moves the pen below it; an empty line still takes its line height.
        mutating func addLine<Line: Collection>(_ line: Line, glyphs: (String, UInt32) -> SDFGlyph?) where Line.Element == Int {
            lineCount += 1
            if line.isEmpty { y += lineHeight; return }
            let box = lineBox(line)
            var x = 0.0, imageOffset = 0.0
            let start = placed.count
            for i in line { place(i, in: box, x: &x, imageOffset: &imageOffset, glyphs: glyphs) }
            if placed.count > start {
                maxLineLength = max(maxLineLength, x - spacing)
                justifyLine(from: start, lineOffset: max(imageOffset, (box.maxScale - 1) * oneEm))
            }
            let height = lineHeight * box.maxScale + imageOffset
            y += height
            maxLineHeight = max(maxLineHeight, height)
        }

        /// The box of one line (before any of it is placed).
        func lineBox<Line: Collection>(_ line: Line) -> LineBox where Line.Element == Int {
            var maxScale = 0.0, maxImage = SIMD2<Double>.zero
            for i in line {
                let s = text.sections[text.sectionOf[i]]
                maxScale = max(maxScale, s.isImage ? 1 : s.scale)
                if let image = s.image { maxImage = SIMD2(max(maxImage.x, image.size.x), max(maxImage.y, image.size.y)) }
            }
            return LineBox(maxScale: maxScale, contentWidth: max(maxScale * oneEm, maxImage.x * imageScale),
                           contentHeight: max(maxScale * oneEm, maxImage.y * imageScale))
        }

        /// Places code point `i` at the pen (`x`, advanced past it): an image by its size and
        /// its section's `vertical-align` (raising `imageOffset` when it is taller than the
        /// line), a glyph by its section's scale. A missing glyph or image places nothing.
        mutating func place(_ i: Int, in box: LineBox, x: inout Double, imageOffset: inout Double,
                            glyphs: (String, UInt32) -> SDFGlyph?) {
            let cp = text.codes[i]
            let section = text.sections[text.sectionOf[i]]
            let vertical = writing == .vertical && (allowVerticalPlacement
                ? !(whitespace.contains(cp) || VerticalOrientation.isComplexShaping(cp))
                : VerticalOrientation.isUpright(cp))
            var g: PositionedGlyph
            if section.isImage {
                guard let image = section.image else { return }
                let scale = section.scale * imageScale, size = image.size
                let baseline = vertical ? box.contentWidth - size.y * scale : (box.contentHeight - size.y * scale) * section.verticalAlign
                g = PositionedGlyph(codePoint: cp, x: x, y: y + baseline + defaultOffset, glyph: noGlyph, scale: scale, index: i)
                g.image = image
                imageOffset = max(imageOffset, (vertical ? size.x : size.y) * scale - oneEm * box.maxScale)
                x += (vertical ? size.y : size.x) * scale + spacing
            } else if let cluster = clusters?.clusters[i] {
                placeCluster(cluster, i, section: section, in: box, vertical: vertical, x: &x)
                return
            } else {
                guard let glyph = glyphs(section.stack, cp) else { return }
                let baseline = vertical ? box.contentWidth - section.scale * oneEm
                    : (box.contentHeight - section.scale * oneEm) * section.verticalAlign
                g = PositionedGlyph(codePoint: cp, x: x, y: y + baseline + defaultOffset, glyph: glyph, scale: section.scale, index: i)
                x += (vertical ? oneEm : Double(glyph.advance)) * section.scale + spacing
            }
            g.vertical = vertical
            g.section = text.sectionOf[i]
            if vertical { verticalizable = true }
            placed.append(g)
        }

        /// Places a shaped cluster's glyphs at the pen by HarfBuzz's offsets and moves the pen
        /// by its advances (an upright cluster of vertical text by one em); a scalar inside a
        /// cluster places nothing.
        mutating func placeCluster(_ cluster: [ShapedClusters.Glyph], _ i: Int, section: TextSection, in box: LineBox,
                                   vertical: Bool, x: inout Double) {
            guard !cluster.isEmpty else { return }
            let baseline = vertical ? box.contentWidth - section.scale * oneEm
                : (box.contentHeight - section.scale * oneEm) * section.verticalAlign
            var pen = x
            for c in cluster {
                var g = PositionedGlyph(codePoint: text.codes[i], x: pen + c.dx * section.scale,
                                        y: y + baseline + defaultOffset - c.dy * section.scale,
                                        glyph: c.glyph, scale: section.scale, index: i)
                g.shapedAdvance = c.advance
                g.vertical = vertical
                g.section = text.sectionOf[i]
                placed.append(g)
                pen += c.advance * section.scale
            }
            if vertical { verticalizable = true }
            x = (vertical ? x + oneEm * section.scale : pen) + spacing
        }

        /// Justifies the glyphs placed since `start` (one line): shifts them by the line's
        /// length times the justification (the last glyph counted by its horizontal advance,
        /// as MapLibre counts it), and records the line's offset above a one-em line.
        mutating func justifyLine(from start: Int, lineOffset: Double) {
            let last = placed[placed.count - 1]
            let indent = (last.x + last.horizontalAdvance * last.scale) * justify
            for k in start..<placed.count {
                placed[k].x -= indent
                placed[k].lineOffset = lineOffset
            }
        }

        /// The block aligned on its anchor and moved by `translate`: one line (or lines all of
        /// `lineHeight`) centred by MapLibre's rule, taller blocks by their height. Works on
        /// `placed` in place, so the glyph array is not copied.
        mutating func finish(anchor: SymbolAnchor, translate: SIMD2<Double>) -> TextShaping {
            let align = anchor.alignment
            let shiftX = (justify - align.x) * maxLineLength
            let shiftY = maxLineHeight != lineHeight ? -y * align.y - defaultOffset
                : -align.y * Double(lineCount) * lineHeight + 0.5 * lineHeight
            for i in placed.indices {
                placed[i].x += shiftX
                placed[i].y += shiftY
                // Vertical labels: images and scaled glyphs sit in the middle of their column.
                if allowVerticalPlacement, verticalizable {
                    let g = placed[i]
                    let centring = g.image.map { -(oneEm - $0.size.x * g.scale) / 2 } ?? (g.scale - 1) * oneEm
                    placed[i].y -= g.lineOffset / 2 - centring
                }
            }
            let top = translate.y - align.y * y, left = translate.x - align.x * maxLineLength
            return TextShaping(glyphs: placed, top: top, bottom: top + y, left: left, right: left + maxLineLength,
                               vertical: writing == .vertical, iconsInText: placed.contains { $0.image != nil })
        }
    }
}
