/// Fallback by script: a face of the fonts directory for a scalar no font of a fontstack
/// has, as a browser falls back through the system's fonts. Among the faces that have it,
/// one of the stack's style ("Regular", "Bold"), then of its kind (sans or serif), then
/// plain families before UI, display, mono or looped ones, then the shortest family name:
/// a Devanagari label in "Noto Sans Regular" finds "Noto Sans Devanagari Regular".
enum ScriptFallback {
    /// The best face of `faces` (sorted by name) for `codePoint`, like `like`; nil when none has it.
    static func face(for codePoint: UInt32, among faces: [FreeTypeFace], like: FreeTypeFace?) -> FreeTypeFace? {
        var best: FreeTypeFace?
        var bestScore = Int.min
        for f in faces {
            let s = score(f, like: like)
            // A face scoring below the best so far cannot win: skip its cmap look-up.
            guard s > bestScore || (s == bestScore && best.map { f.family.count < $0.family.count } == true) else { continue }
            guard f.has(codePoint) else { continue }
            best = f; bestScore = s
        }
        return best
    }

    /// How well `f` stands in for `like` (higher is better).
    static func score(_ f: FreeTypeFace, like: FreeTypeFace?) -> Int {
        var s = 0
        if let like {
            if f.style == like.style { s += 8 }
            if isSans(f.family) == isSans(like.family) { s += 4 }
        } else if f.style == "Regular" {
            s += 8
        }
        let family = f.family
        for word in [" UI", "Display", "Mono", "Looped", "Condensed", "Emoji", "Symbols"] where family.contains(word) { s -= 2 }
        return s
    }

    private static func isSans(_ family: String) -> Bool { family.contains("Sans") }
}
