import Fonts
import Foundation
import SourceData

/// A block of glyph ids of one font file's face, their SDF glyphs made on first use: shaped
/// text asks for glyphs by id (a conjunct, a contextual form, a ligature has no code point),
/// so fonts read as files are cached per (face, glyph id) in blocks the glyph cache's byte
/// budget counts, as glyph ranges are per code point.
final class FaceGlyphs: @unchecked Sendable {
    /// Glyph ids per block.
    static let blockSize: UInt32 = 64
    private let face: FreeTypeFace
    private let lock = NSLock()
    private var made: [UInt32: SDFGlyph?] = [:]
    /// What a full block holds (the bytes of a range glyph, `FontRangeGlyphs.bytesPerGlyph`, each).
    let byteSize = 64 + Int(blockSize) * FontRangeGlyphs.bytesPerGlyph

    init(face: FreeTypeFace) { self.face = face }

    /// The cache key of the block holding `id`.
    static func key(_ face: FreeTypeFace, _ id: UInt32) -> String { "face|\(face.path)#\(face.index)|\(id / blockSize)" }

    func glyph(_ id: UInt32) -> SDFGlyph? {
        lock.lock()
        if let known = made[id] { lock.unlock(); return known }
        lock.unlock()
        // Made outside the lock: two threads asking at once make the same glyph twice, no harm.
        let glyph = FontDirectory.glyph(id: id, of: face)
        lock.lock(); made[id] = glyph; lock.unlock()
        return glyph
    }
}
