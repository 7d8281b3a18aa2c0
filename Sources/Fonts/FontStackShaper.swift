import CHarfBuzz
import Foundation

/// A stretch of a label shaped in one font, script and direction.
public struct ShapedRun: @unchecked Sendable {
    /// The font it is shaped in (a stack's face or one found by script).
    public let face: FreeTypeFace
    /// Its scalars in the shaped text (logical order).
    public let range: Range<Int>
    public let rightToLeft: Bool
    /// ISO 15924 script tag ("Deva", "Arab", "Zyyy" for digits and punctuation alone).
    public let script: String
    /// Its glyphs in visual order, left to right (clusters index the shaped text).
    public let glyphs: [ShapedGlyph]
}

/// Shapes text in one fontstack with HarfBuzz: the text cut into runs of one direction (the
/// bidi levels given), one script (marks, punctuation and spaces joining their neighbours'
/// script) and one font — each scalar's from the first font of the stack that has it, else
/// from the fonts directory by script — and each run shaped with its font's OpenType tables.
/// Results are kept per string and levels (a label's text is shaped once, not per tile).
public final class FontStackShaper: @unchecked Sendable {
    public let fontstack: [String]
    private let stack: [StackFont]
    /// Where fallback by script looks (nil: no fallback beyond the stack).
    private let directory: FontDirectory?
    private let lock = NSLock()
    private var shaped: [Key: [ShapedRun]] = [:]
    private var breaks: [[UInt32]: [LineBreaks.Opportunity]] = [:]
    /// Fallback faces found so far, by script (nil: the directory has none for it).
    private var fallbacks: [UInt32: FreeTypeFace?] = [:]
    /// Strings kept before the cache starts over (a few MB at most per fontstack).
    static let maxCachedStrings = 4096

    private struct Key: Hashable { var text: [UInt32]; var levels: [UInt8] }

    /// Nil when the directory has none of the stack's fonts, or none HarfBuzz can read.
    convenience init?(fontstack: [String], directory: FontDirectory) {
        self.init(fontstack: fontstack, fonts: directory.faces(for: fontstack).map { StackFont(face: $0) }, fallback: directory)
    }

    /// A stack of fonts given one by one (`font-faces`), with fallback by script through
    /// `fallback`; nil when no font of `fonts` can be shaped.
    public init?(fontstack: [String], fonts: [StackFont], fallback: FontDirectory?) {
        let usable = fonts.filter { $0.face.shapingFont != nil }
        guard !usable.isEmpty else { return nil }
        self.fontstack = fontstack
        self.stack = usable
        self.directory = fallback
    }

    /// The stack's first font: its ascender is the label's (a fallback face's glyphs are
    /// raised or lowered to it, so every run shares one baseline).
    public var primaryFace: FreeTypeFace { stack[0].face }

    /// The runs of `text` in logical order; `levels` are its bidi levels (empty: all left to right).
    public func shape(_ text: [UInt32], levels: [UInt8] = []) -> [ShapedRun] {
        let key = Key(text: text, levels: levels.contains { $0 != 0 } ? levels : [])
        lock.lock()
        if let known = shaped[key] { lock.unlock(); return known }
        lock.unlock()
        var uncovered = Set<Int>()
        let runs = itemize(text, levels: key.levels, uncovered: &uncovered).compactMap { run -> ShapedRun? in
            guard let font = run.face.shapingFont else { return nil }
            var glyphs = font.shape(text, run: run.range, rightToLeft: run.level % 2 == 1, script: run.script)
            // A scalar no font covers is missing (glyph 0), even where the face it was shaped in
            // has a glyph outside its `unicode-range`.
            if !uncovered.isEmpty {
                for k in glyphs.indices where uncovered.contains(glyphs[k].cl) { glyphs[k].g = 0 }
            }
            return ShapedRun(face: run.face, range: run.range, rightToLeft: run.level % 2 == 1,
                             script: Self.tag(run.script), glyphs: glyphs)
        }
        lock.lock()
        if shaped.count >= Self.maxCachedStrings { shaped.removeAll(keepingCapacity: true) }
        shaped[key] = runs
        lock.unlock()
        return runs
    }

    /// ICU's line break opportunities of `text` (`LineBreaks.opportunities`), kept per string
    /// as its shaping is: opening ICU's break iterator costs more than a short label's shaping.
    public func lineBreaks(_ text: [UInt32]) -> [LineBreaks.Opportunity] {
        lock.lock()
        if let known = breaks[text] { lock.unlock(); return known }
        lock.unlock()
        let found = LineBreaks.opportunities(text) ?? []
        lock.lock()
        if breaks.count >= Self.maxCachedStrings { breaks.removeAll(keepingCapacity: true) }
        breaks[text] = found
        lock.unlock()
        return found
    }

    private struct Item { var range: Range<Int>; var level: UInt8; var script: UInt32; var face: FreeTypeFace }

    /// The text cut where its level, script or font changes.
    /// `uncovered` receives the scalars no font of the stack or fallback has.
    private func itemize(_ text: [UInt32], levels: [UInt8], uncovered: inout Set<Int>) -> [Item] {
        let scripts = ScriptItemizer.scripts(text)
        var items: [Item] = []
        var previous: FreeTypeFace?
        for i in text.indices {
            let cp = text[i]
            let face: FreeTypeFace
            if let p = previous, ScriptItemizer.extendsCluster(cp) || (ScriptItemizer.isNeutral(cp) && p.has(cp)) {
                face = p
            } else {
                if let found = stack.first(where: { $0.covers(cp) })?.face ?? fallback(cp, script: scripts[i]) {
                    face = found
                } else {
                    face = previous ?? stack[0].face
                    uncovered.insert(i)
                }
            }
            previous = face
            let level = levels.isEmpty ? 0 : levels[i]
            if var last = items.last, last.level == level, last.script == scripts[i], last.face === face {
                last.range = last.range.lowerBound..<i + 1
                items[items.count - 1] = last
            } else {
                items.append(Item(range: i..<i + 1, level: level, script: scripts[i], face: face))
            }
        }
        return items
    }

    /// A face of the directory for `cp` (kept per script; a scalar the kept face lacks is
    /// looked up on its own).
    private func fallback(_ cp: UInt32, script: UInt32) -> FreeTypeFace? {
        guard let directory else { return nil }
        lock.lock()
        let known = fallbacks[script]
        lock.unlock()
        if let known, let face = known, face.has(cp) { return face }
        if let known, known == nil { return nil }
        let found = directory.fallbackFace(for: cp, like: stack[0].face)
        if known == nil {
            lock.lock(); fallbacks[script] = .some(found); lock.unlock()
        }
        return found
    }

    /// A script's ISO 15924 tag ("Deva").
    static func tag(_ script: UInt32) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: script >> $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
