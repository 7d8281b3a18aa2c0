import Foundation
import SourceData

/// The glyph PBF folders of a fonts directory (`{fontstack}/{range}.pbf`, as OpenMapTiles
/// and tileserver-gl ship fonts): served at `/fonts` before glyphs made from TTF/OTF fonts.
/// Read per request (a file read of a few KB, on the blocking pool); nothing is scanned
/// except for the list.
struct GlyphFolders {
    let root: String
    /// Largest PBF read (one range of a CJK font is well below this).
    static let maxBytes = 8 << 20

    /// The bytes of `font`'s `range`; nil when the folder or the range is missing, or the
    /// name could leave the directory (`/`, `..`, a leading `.`).
    func pbf(_ font: String, range: GlyphRange) -> [UInt8]? {
        guard !font.isEmpty, !font.hasPrefix("."), !font.contains("/"), !font.contains("\0") else { return nil }
        let path = root + "/" + font + "/" + range.description + ".pbf"
        guard let attrs = try? FileManager.default.attributesOfItem(atPath: path),
              attrs[.type] as? FileAttributeType == .typeRegular,
              let size = attrs[.size] as? Int, size <= Self.maxBytes,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return Array(data)
    }

    /// The folders holding at least one `.pbf`, sorted.
    var names: [String] {
        let fm = FileManager.default
        let entries = (try? fm.contentsOfDirectory(atPath: root)) ?? []
        return entries.filter { name in
            guard !name.hasPrefix("."), let files = try? fm.contentsOfDirectory(atPath: root + "/" + name) else { return false }
            return files.contains { $0.hasSuffix(".pbf") }
        }.sorted()
    }

    /// One PBF of `fontstack` from each font's glyphs, each code point from the first font
    /// that has it (tileserver-gl's `glyphCompose.combine`); nil when no font has any.
    static func combine(_ parts: [[SDFGlyph]], name: String, range: GlyphRange) -> [UInt8]? {
        guard !parts.isEmpty else { return nil }
        var byID: [UInt32: SDFGlyph] = [:]
        for glyphs in parts {
            for g in glyphs where byID[g.id] == nil { byID[g.id] = g }
        }
        let glyphs = byID.values.sorted { $0.id < $1.id }
        return GlyphPBF.encode(GlyphPBF.Stack(name: name, range: range.description, glyphs: glyphs))
    }
}
