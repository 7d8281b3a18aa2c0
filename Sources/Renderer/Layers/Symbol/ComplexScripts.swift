/// Which label texts need a shaping engine. MapLibre lays text out one code point per glyph
/// with whole-pixel advances and no kerning, which draws Latin, Greek, Cyrillic, Armenian,
/// Georgian, CJK and Hangul right; there Strata keeps MapLibre's layout even when the glyphs
/// come from font files, so a style without glyph PBFs draws as MapLibre draws it. Text with
/// any other scalar (combining marks, Hebrew, Arabic, the Indic and South-East Asian scripts,
/// Tibetan, Mongolian, emoji, …) is shaped by HarfBuzz (`ShapedClusters`), which MapLibre
/// cannot do.
enum ComplexScripts {
    /// Whether any scalar of `codes` needs shaping.
    static func needShaping(_ codes: [UInt32]) -> Bool {
        codes.contains { !isSimple($0) }
    }

    /// A scalar MapLibre's code-point layout draws right.
    static func isSimple(_ cp: UInt32) -> Bool {
        switch cp {
        case 0...0x02FF,            // Latin, IPA, spacing modifiers (not the combining marks after)
             0x0370...0x0482, 0x048A...0x052F,   // Greek, Cyrillic without its combining marks
             0x0531...0x058F,       // Armenian
             0x10A0...0x10FF,       // Georgian
             0x1E00...0x1FFF,       // Latin Extended Additional, Greek Extended (precomposed)
             0x2000...0x20CF, 0x2100...0x2BFF,  // punctuation, symbols, arrows (not the marks for symbols)
             0x2C60...0x2C7F, 0x2E00...0x2E7F,  // Latin Extended-C, supplemental punctuation
             0x2E80...0x9FFF,       // CJK radicals, kana, Bopomofo, CJK ideographs
             0xA720...0xA7FF, 0xAB30...0xAB6F,  // Latin Extended-D and -E
             0xAC00...0xD7AF,       // Hangul syllables
             0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF:  // compatibility ideographs and forms
            return true
        default:
            return false
        }
    }
}
