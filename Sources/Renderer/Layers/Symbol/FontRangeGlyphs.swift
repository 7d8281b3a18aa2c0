import Fonts
import Foundation
import SourceData

/// One fontstack's range from the fonts directory, its SDF glyphs made on first use. A label
/// needs a few dozen of a range's 256 code points, and making a glyph's distance field is the
/// dearest step of a cold render (a whole range took ~25 ms of FreeType outlines and fields), so
/// each glyph is made when a label first asks for it and kept. Each code point comes from the
/// first face of the stack that has it, by the same `FontDirectory.glyph(_:from:)` that makes
/// ranges for `/fonts`, so both give the same glyphs.
final class FontRangeGlyphs: @unchecked Sendable {
    private let faces: [FreeTypeFace]
    private let lock = NSLock()
    /// Glyphs made so far; nil for a code point no face of the stack draws.
    private var made: [UInt32: SDFGlyph?] = [:]
    /// Bytes the cache charges for the range: what it holds once every glyph it has is made.
    let byteSize: Int

    /// Nil when the directory has none of the stack's fonts.
    init?(directory: FontDirectory, fontstack: [String], range: GlyphRange) {
        let stack = directory.faces(for: fontstack)
        guard !stack.isEmpty else { return nil }
        faces = stack
        let drawn = (range.first...range.last).reduce(0) { n, cp in stack.contains { $0.has(cp) } ? n + 1 : n }
        byteSize = 64 + drawn * Self.bytesPerGlyph
    }

    /// A typical SDF glyph at 24 px with its 3 px border (about 30 × 36 bytes) and its record.
    static let bytesPerGlyph = 1_200

    func glyph(_ codePoint: UInt32) -> SDFGlyph? {
        lock.lock()
        if let known = made[codePoint] { lock.unlock(); return known }
        lock.unlock()
        // Made outside the lock: two threads asking at once make the same glyph twice, no harm.
        let glyph = FontDirectory.glyph(codePoint, from: faces)
        lock.lock(); made[codePoint] = glyph; lock.unlock()
        return glyph
    }
}
