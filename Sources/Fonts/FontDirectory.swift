import Foundation
import SourceData

/// The fonts of a directory (TTF, OTF and TTC files, searched recursively), by the names
/// styles use in `text-font`: family and style, e.g. "Noto Sans Regular". Glyph ranges are
/// made on demand, one fontstack at a time: each code point from the first font of the
/// stack that has it, as MapLibre's font servers combine stacks.
public final class FontDirectory: @unchecked Sendable {
    public let path: String
    /// Faces by name (the first file found wins a name).
    private let faces: [String: FreeTypeFace]
    /// Every face once, by name (fallback by script walks them in this order).
    private let sortedFaces: [FreeTypeFace]
    private let lock = NSLock()
    /// Shapers made so far, by fontstack (nil: the directory has none of its fonts).
    private var shapers: [[String]: FontStackShaper?] = [:]
    /// Fontstacks whose shapers (and shaped strings) are kept at once.
    public static let maxShapers = 256
    /// Most fonts a directory is scanned for (a font server's directory, not a whole disk).
    public static let maxFiles = 2048

    /// Scans `path` now (a `FontLibrary` scans on first use and shares the result).
    public init(path: String) {
        self.path = path
        var faces: [String: FreeTypeFace] = [:]
        let fm = FileManager.default
        var files: [String] = []
        if let walker = fm.enumerator(atPath: path) {
            for case let rel as String in walker {
                let ext = (rel as NSString).pathExtension.lowercased()
                if ["ttf", "otf", "ttc"].contains(ext) { files.append(rel) }
                if files.count >= Self.maxFiles { break }
            }
        }
        for rel in files.sorted() {
            let full = (path as NSString).appendingPathComponent(rel)
            guard let first = FreeTypeFace(path: full) else { continue }
            var all = [first]
            for i in 1..<max(1, min(first.faceCount, 64)) {
                if let f = FreeTypeFace(path: full, index: i) { all.append(f) }
            }
            for f in all where faces[f.name] == nil { faces[f.name] = f }
        }
        self.faces = faces
        sortedFaces = faces.keys.sorted().compactMap { faces[$0] }
    }

    /// The HarfBuzz shaper of a fontstack, made once per fontstack (it keeps its shaped
    /// strings and its fallback faces); nil when the directory has none of its fonts.
    public func shaper(for fontstack: [String]) -> FontStackShaper? {
        let names = fontstack.map { $0.trimmingCharacters(in: .whitespaces) }
        lock.lock()
        if let known = shapers[names] { lock.unlock(); return known }
        lock.unlock()
        let made = FontStackShaper(fontstack: names, directory: self)
        lock.lock()
        // Fontstacks come from styles (and data-driven `text-font`): kept for at most a few
        // hundred, so no client can grow this without bound.
        if shapers.count >= Self.maxShapers { shapers.removeAll() }
        shapers[names] = .some(made)
        lock.unlock()
        return made
    }

    /// A face for `codePoint` when no font of a stack has it, chosen by `ScriptFallback`.
    public func fallbackFace(for codePoint: UInt32, like: FreeTypeFace?) -> FreeTypeFace? {
        ScriptFallback.face(for: codePoint, among: sortedFaces, like: like)
    }

    /// The SDF glyph of glyph `id` of `face` (shaped text: glyphs by id, not by code point);
    /// its advance is FreeType's whole pixels, shaped text uses HarfBuzz's instead.
    public static func glyph(id: UInt32, of face: FreeTypeFace) -> SDFGlyph? {
        face.outline(glyphID: id).map { SDFGenerator.glyph(id: id, outline: $0) }
    }

    /// Every font name, sorted.
    public var names: [String] { faces.keys.sorted() }

    public func face(named name: String) -> FreeTypeFace? { faces[name] }

    /// The face standing in for a browser's default sans-serif: "Noto Sans Regular", else the
    /// first regular sans face by name; nil when the directory has none.
    public var defaultSansName: String? {
        if faces["Noto Sans Regular"] != nil { return "Noto Sans Regular" }
        return names.first { $0.contains("Sans") && $0.hasSuffix(" Regular") }
    }

    /// The fonts of a fontstack ("A,B" or ["A", "B"]) that this directory has, in order.
    public func faces(for fontstack: [String]) -> [FreeTypeFace] {
        fontstack.compactMap { faces[$0.trimmingCharacters(in: .whitespaces)] }
    }

    /// The SDF glyphs of `range` for a fontstack; nil when the directory has none of its fonts.
    public func glyphs(fontstack: [String], range: GlyphRange) -> [SDFGlyph]? {
        let stack = faces(for: fontstack)
        guard !stack.isEmpty else { return nil }
        return (range.first...range.last).compactMap { Self.glyph($0, from: stack) }
    }

    /// One code point's glyph from the first font of the stack that has it.
    public func glyph(fontstack: [String], codePoint: UInt32) -> SDFGlyph? {
        Self.glyph(codePoint, from: faces(for: fontstack))
    }

    /// One code point's glyph from the first face of `stack` that has it (ranges made whole for
    /// `/fonts`, or glyph by glyph for labels, come out the same).
    public static func glyph(_ codePoint: UInt32, from stack: [FreeTypeFace]) -> SDFGlyph? {
        guard let face = stack.first(where: { $0.has(codePoint) }), let outline = face.outline(codePoint) else { return nil }
        return SDFGenerator.glyph(id: codePoint, outline: outline)
    }

    /// `glyphs` as the PBF MapLibre GL clients fetch (`GET /fonts/{fontstack}/{range}.pbf`).
    public func pbf(fontstack: [String], range: GlyphRange) -> [UInt8]? {
        glyphs(fontstack: fontstack, range: range).map {
            GlyphPBF.encode(GlyphPBF.Stack(name: fontstack.joined(separator: ","), range: range.description, glyphs: $0))
        }
    }
}
