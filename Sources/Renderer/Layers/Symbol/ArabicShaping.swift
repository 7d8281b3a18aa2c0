/// Arabic letters in their contextual forms, as MapLibre's RTL text plugin gives them before
/// shaping: each letter replaced by its isolated, final, initial or medial presentation form
/// (U+FB50–FDFF, U+FE70–FEFF, which glyph PBFs carry) by whether it joins the letters beside
/// it, and lam followed by an alef made the lam-alef ligature. Harakat are transparent.
enum ArabicShaping {
    /// A letter's presentation forms: the isolated form, then final (and for letters that
    /// join on both sides initial and medial) at +1, +2, +3.
    private struct Forms { var isolated: UInt32; var dual: Bool }

    private static let forms: [UInt32: Forms] = {
        var t: [UInt32: Forms] = [:]
        // U+0622–063A and U+0641–064A map in order onto U+FE81–FEF4; 0 marks a right-joining
        // letter (two forms), 1 a dual-joining one (four forms).
        let joining: [(UInt32, Bool)] = [
            (0x0622, false), (0x0623, false), (0x0624, false), (0x0625, false), (0x0626, true), (0x0627, false), (0x0628, true),
            (0x0629, false), (0x062A, true), (0x062B, true), (0x062C, true), (0x062D, true), (0x062E, true), (0x062F, false),
            (0x0630, false), (0x0631, false), (0x0632, false), (0x0633, true), (0x0634, true), (0x0635, true), (0x0636, true),
            (0x0637, true), (0x0638, true), (0x0639, true), (0x063A, true), (0x0641, true), (0x0642, true), (0x0643, true),
            (0x0644, true), (0x0645, true), (0x0646, true), (0x0647, true), (0x0648, false), (0x0649, false), (0x064A, true),
        ]
        var next: UInt32 = 0xFE81
        for (letter, dual) in joining {
            t[letter] = Forms(isolated: next, dual: dual)
            next += dual ? 4 : 2
        }
        // Persian and Urdu letters (presentation forms A).
        for (letter, isolated, dual) in [(UInt32(0x067E), UInt32(0xFB56), true), (0x0686, 0xFB7A, true), (0x0698, 0xFB8A, false),
                                         (0x06A9, 0xFB8E, true), (0x06AF, 0xFB92, true), (0x06CC, 0xFBFC, true)] {
            t[letter] = Forms(isolated: isolated, dual: dual)
        }
        return t
    }()

    /// Lam-alef ligatures (isolated; final at +1) by the alef.
    private static let lamAlef: [UInt32: UInt32] = [0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB]

    static func isTransparent(_ c: UInt32) -> Bool { (0x064B...0x065F).contains(c) || c == 0x0670 }
    /// Tatweel and dual-joining letters join the next letter.
    private static func joinsForward(_ c: UInt32) -> Bool { c == 0x0640 || forms[c]?.dual == true }
    private static func joinsBackward(_ c: UInt32) -> Bool { c == 0x0640 || forms[c] != nil }

    /// Whether `codes` hold a letter to shape (most labels do not: skip the work).
    static func applies(_ codes: [UInt32]) -> Bool { codes.contains { $0 >= 0x0622 && $0 <= 0x06CC && forms[$0] != nil } }

    /// The text in presentation forms; `keep[i]` false for code points a ligature absorbed.
    static func shape(_ codes: [UInt32]) -> (codes: [UInt32], keep: [Bool]) {
        var out = codes, keep = [Bool](repeating: true, count: codes.count)
        func neighbour(_ i: Int, _ step: Int) -> Int? {
            var j = i + step
            while j >= 0, j < codes.count, isTransparent(codes[j]) { j += step }
            return j >= 0 && j < codes.count ? j : nil
        }
        var i = 0
        while i < codes.count {
            let c = codes[i]
            guard let f = forms[c] else { i += 1; continue }
            let prior = neighbour(i, -1).map { keep[$0] && joinsForward(codes[$0]) } ?? false
            if c == 0x0644, let n = neighbour(i, 1), let ligature = lamAlef[codes[n]] {
                out[i] = ligature + (prior ? 1 : 0)
                keep[n] = false
                i = n + 1
                continue
            }
            let after = f.dual && (neighbour(i, 1).map { joinsBackward(codes[$0]) } ?? false)
            out[i] = f.isolated + (prior ? (after ? 3 : 1) : (after ? 2 : 0))
            i += 1
        }
        return (out, keep)
    }
}
