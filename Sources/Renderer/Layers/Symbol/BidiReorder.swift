/// The visual order of a label's lines holding right-to-left text, as MapLibre's RTL plugin
/// (ICU's bidi algorithm) writes them: each paragraph's direction from its first strong
/// character, neutrals between runs of one direction taking it (else the paragraph's),
/// numbers after Arabic letters right-to-left, trailing spaces at the paragraph's level, runs
/// reversed from the deepest level up, bidi marks left out. Not yet: explicit embeddings
/// (labels do not carry them) and mirrored brackets in right-to-left runs.
enum BidiReorder {
    enum Kind { case l, r, al, en, an, ws, b, on, nsm, mark }

    static func kind(_ c: UInt32) -> Kind {
        switch c {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return .mark
        case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: return .b
        case 0x09, 0x0B, 0x0C, 0x1F, 0x20, 0x2028, 0x2000...0x200A: return .ws
        case 0x30...0x39, 0x06F0...0x06F9: return .en
        case 0x0660...0x0669, 0x066B, 0x066C: return .an
        case 0x064B...0x065F, 0x0670, 0x0591...0x05BD: return .nsm
        case 0x0590...0x05FF, 0x07C0...0x085F, 0xFB1D...0xFB4F: return .r
        case 0x0600...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .al
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xB5, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2B8: return .l
        case 0x00...0x7F, 0x80...0xBF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x2BFF: return .on
        default: return .l
        }
    }

    /// Whether the text holds a right-to-left character (only then is it reordered).
    static func applies(_ codes: [UInt32]) -> Bool {
        codes.contains { let k = kind($0); return k == .r || k == .al }
    }

    /// Each line's code point indices in visual order, bidi marks left out. A paragraph
    /// separator inside a line ends it (the plugin merges paragraph ends into the breaks).
    static func reorder(_ codes: [UInt32], lines: [Range<Int>]) -> [[Int]] {
        let levels = resolveLevels(codes)
        var split: [Range<Int>] = []
        for line in lines {
            var start = line.lowerBound
            for i in line where i + 1 < line.upperBound && kind(codes[i]) == .b {
                split.append(start..<i + 1)
                start = i + 1
            }
            split.append(start..<line.upperBound)
        }
        return split.map { line in
            var lv = line.map { levels.levels[$0] }
            // Trailing whitespace (and whitespace before a paragraph break) at the paragraph level.
            var k = line.count - 1
            while k >= 0, [.ws, .b, .mark].contains(kind(codes[line.lowerBound + k])) {
                lv[k] = levels.paragraph[line.lowerBound + k]; k -= 1
            }
            var order = Array(line)
            let top = lv.max() ?? 0
            let lowestOdd = (lv.filter { $0 % 2 == 1 }.min()) ?? (top + 1)
            if top >= lowestOdd {
                for level in stride(from: top, through: lowestOdd, by: -1) {
                    var i = 0
                    while i < order.count {
                        guard lv[i] >= level else { i += 1; continue }
                        var j = i
                        while j < order.count, lv[j] >= level { j += 1 }
                        order[i..<j].reverse(); lv[i..<j].reverse()
                        i = j
                    }
                }
            }
            return order.filter { kind(codes[$0]) != .mark }
        }
    }

    /// Embedding levels per code point, and each one's paragraph level.
    static func resolveLevels(_ codes: [UInt32]) -> (levels: [Int], paragraph: [Int]) {
        var levels = [Int](repeating: 0, count: codes.count), paragraph = levels
        var start = 0
        while start < codes.count {
            var end = start
            while end < codes.count, kind(codes[end]) != .b { end += 1 }
            resolveParagraph(codes, start..<end, &levels, &paragraph)
            if end < codes.count { levels[end] = paragraph[max(start, end - 1)]; paragraph[end] = levels[end] }
            start = end + 1
        }
        return (levels, paragraph)
    }

    private static func resolveParagraph(_ codes: [UInt32], _ range: Range<Int>, _ levels: inout [Int], _ paragraph: inout [Int]) {
        guard !range.isEmpty else { return }
        var kinds = range.map { kind(codes[$0]) }
        let first = kinds.first { $0 == .l || $0 == .r || $0 == .al }
        let base = first == .r || first == .al ? 1 : 0
        // W1–W3, W7: marks count as their strong direction, harakat as the character before,
        // European digits after Arabic letters as Arabic digits, after Latin ones as Latin.
        var lastStrong: Kind = base == 1 ? .r : .l
        for i in kinds.indices {
            if kinds[i] == .mark { kinds[i] = codes[range.lowerBound + i] == 0x200F ? .r : .l }
            if kinds[i] == .nsm { kinds[i] = i > 0 ? kinds[i - 1] : (base == 1 ? .r : .l) }
            switch kinds[i] {
            case .l, .r, .al: lastStrong = kinds[i]
            case .en: if lastStrong == .al { kinds[i] = .an } else if lastStrong == .l { kinds[i] = .l }
            default: break
            }
            if kinds[i] == .al { kinds[i] = .r }
        }
        // N1–N2: a run of neutrals takes the direction on both its sides, else the paragraph's.
        func direction(_ k: Kind) -> Kind? { k == .l ? .l : (k == .r || k == .en || k == .an) ? .r : nil }
        var i = 0
        while i < kinds.count {
            guard direction(kinds[i]) == nil else { i += 1; continue }
            var j = i
            while j < kinds.count, direction(kinds[j]) == nil { j += 1 }
            let before = i > 0 ? direction(kinds[i - 1])! : (base == 1 ? .r : .l)
            let after = j < kinds.count ? direction(kinds[j])! : (base == 1 ? .r : .l)
            let resolved: Kind = before == after ? before : (base == 1 ? .r : .l)
            for k in i..<j { kinds[k] = resolved }
            i = j
        }
        // I1–I2.
        for (k, t) in kinds.enumerated() {
            let p = range.lowerBound + k
            paragraph[p] = base
            if base == 0 { levels[p] = t == .r ? 1 : (t == .an || t == .en) ? 2 : 0 }
            else { levels[p] = t == .l || t == .en || t == .an ? 2 : 1 }
        }
    }
}
