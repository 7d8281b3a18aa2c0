/// How a character stands in vertical text (Unicode's VerticalOrientation, in the blocks
/// MapLibre's script detection reads; basic multilingual plane only, as glyph PBFs are):
/// upright (CJK ideographs, kana, hangul: stacked unturned), neutral (takes its neighbours'
/// orientation), or rotated (Latin and the rest: turned 90° with the line).
enum VerticalOrientation {
    @inline(__always)
    private static func within(_ c: UInt32, _ lo: UInt32, _ hi: UInt32) -> Bool { c >= lo && c <= hi }

    /// Whether `c` is drawn upright in vertical text.
    static func isUpright(_ c: UInt32) -> Bool {
        if c == 0x02EA || c == 0x02EB { return true }
        if c < 0x1100 { return false }
        switch c {
        case 0xFE30...0xFE4F: return !within(c, 0xFE49, 0xFE4F)                 // CJK compatibility forms
        case 0x3300...0x33FF, 0x31C0...0x31EF, 0x3200...0x32FF, 0x2FF0...0x2FFF,
             0x3190...0x319F, 0xFE10...0xFE1F, 0x4DC0...0x4DFF:                  // compatibility, strokes, enclosed, IDC, kanbun, vertical forms, Yijing
            return true
        case 0x3000...0x303F:                                                    // CJK symbols and punctuation
            return !within(c, 0x3008, 0x3011) && !within(c, 0x3014, 0x301F) && c != 0x3030
        case 0x30A0...0x30FF: return c != 0x30FC                                 // katakana
        case 0xFF00...0xFFEF:                                                    // halfwidth and fullwidth forms
            return !(c == 0xFF08 || c == 0xFF09 || c == 0xFF0D || within(c, 0xFF1A, 0xFF1E) || c == 0xFF3B || c == 0xFF3D
                     || c == 0xFF3F || within(c, 0xFF5B, 0xFFDF) || c == 0xFFE3 || within(c, 0xFFE8, 0xFFEF))
                || within(c, 0xFF66, 0xFF9D) || within(c, 0xFFA0, 0xFFDC)           // halfwidth kana and hangul
        case 0xFE50...0xFE6F: return !within(c, 0xFE58, 0xFE5E) && !within(c, 0xFE63, 0xFE66) // small form variants
        case 0x1400...0x167F, 0x18B0...0x18FF: return true                       // Canadian syllabics
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: return true // hangul
        case 0x2E80...0x2FDF, 0x3040...0x309F, 0x3100...0x312F, 0x31A0...0x31BF, 0x31F0...0x31FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xF900...0xFAFF:  // han, hiragana, bopomofo, kana ext., yi
            return true
        default: return false
        }
    }

    /// Whether `c` takes the orientation of the characters around it.
    static func isNeutral(_ c: UInt32) -> Bool {
        switch c {
        case 0x0080...0x00FF: return [0xA7, 0xA9, 0xAE, 0xB1, 0xBC, 0xBD, 0xBE, 0xD7, 0xF7].contains(c)
        case 0x2000...0x206F:
            return [0x2016, 0x2020, 0x2021, 0x2030, 0x2031, 0x203B, 0x203C, 0x2042, 0x2047, 0x2048, 0x2049, 0x2051].contains(c)
        case 0x2100...0x218F: return true                                         // letterlike symbols, number forms
        case 0x2300...0x23FF:
            return within(c, 0x2300, 0x2307) || within(c, 0x230C, 0x231F) || within(c, 0x2324, 0x2328) || c == 0x232B
                || within(c, 0x237D, 0x239A) || within(c, 0x23BE, 0x23CD) || c == 0x23CF || within(c, 0x23D1, 0x23DB)
                || within(c, 0x23E2, 0x23FF)
        case 0x2400...0x243F: return c != 0x2423
        case 0x2440...0x24FF, 0x25A0...0x25FF: return true                       // OCR, enclosed alphanumerics, shapes
        case 0x2600...0x26FF: return !within(c, 0x261A, 0x261F)
        case 0x2B00...0x2BFF: return within(c, 0x2B12, 0x2B2F) || within(c, 0x2B50, 0x2B59) || within(c, 0x2BB8, 0x2BEB)
        case 0x3000...0x303F, 0x30A0...0x30FF, 0xE000...0xF8FF, 0xFE30...0xFE4F, 0xFE50...0xFE6F, 0xFF00...0xFFEF: return true
        case 0x221E, 0x2234, 0x2235, 0x2700...0x2767, 0x2776...0x2793, 0xFFFC, 0xFFFD: return true
        default: return false
        }
    }

    /// Whether `c` is turned with a vertical line.
    static func isRotated(_ c: UInt32) -> Bool { !(isUpright(c) || isNeutral(c)) }

    /// Arabic: shaped by context, never stacked.
    static func isComplexShaping(_ c: UInt32) -> Bool {
        within(c, 0x0600, 0x06FF) || within(c, 0x0750, 0x077F) || within(c, 0x08A0, 0x08FF) || within(c, 0xFB50, 0xFDFF)
            || within(c, 0xFE70, 0xFEFF)
    }

    /// Whether text has a character to stack (MapLibre shapes a vertical version only then).
    static func allowsVertical(_ codes: [UInt32]) -> Bool { codes.contains(where: isUpright) }
}
