import CHarfBuzz

/// Each scalar's script as shaping needs it (Unicode's Script property through HarfBuzz):
/// common and inherited scalars — spaces, punctuation, digits, combining marks — take the
/// script before them (at the text's start, the first one after them), so a run of one
/// script holds its spaces and marks.
enum ScriptItemizer {
    static let common = HB_SCRIPT_COMMON.rawValue
    static let inherited = HB_SCRIPT_INHERITED.rawValue
    static let unknown = HB_SCRIPT_UNKNOWN.rawValue

    static func script(_ cp: UInt32) -> UInt32 {
        hb_unicode_script(hb_unicode_funcs_get_default(), cp).rawValue
    }

    /// Whether `cp` has no script of its own.
    static func isNeutral(_ cp: UInt32) -> Bool {
        let s = script(cp)
        return s == common || s == inherited || s == unknown
    }

    /// Whether `cp` belongs to the grapheme before it (marks, joiners, variation selectors):
    /// it is drawn in the same font.
    static func extendsCluster(_ cp: UInt32) -> Bool {
        if cp == 0x200C || cp == 0x200D || (0xFE00...0xFE0F).contains(cp) || (0xE0100...0xE01EF).contains(cp) { return true }
        let gc = hb_unicode_general_category(hb_unicode_funcs_get_default(), cp)
        return gc == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK || gc == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
            || gc == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
    }

    /// The resolved script of every scalar.
    static func scripts(_ text: [UInt32]) -> [UInt32] {
        var out = text.map(script)
        var last: UInt32?
        for i in out.indices {
            let s = out[i]
            if s == common || s == inherited || s == unknown {
                if let last { out[i] = last }
            } else {
                // Leading neutrals take the first real script.
                if last == nil { for k in 0..<i { out[k] = s } }
                last = s
            }
        }
        if last == nil { for i in out.indices { out[i] = common } }
        return out
    }
}
