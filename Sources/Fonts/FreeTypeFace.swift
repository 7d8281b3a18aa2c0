import CFreeType
import Foundation

/// One font file opened with FreeType, at MapLibre's glyph size (24 px). FreeType faces are
/// not thread-safe: every call goes through the face's lock. The library instance is the
/// face's own, so faces never share FreeType state.
public final class FreeTypeFace: @unchecked Sendable {
    /// The name styles use for it: family and style, e.g. "Noto Sans Regular".
    public let name: String
    /// Family and style apart ("Noto Sans", "Regular"): fallback by script prefers a face of
    /// the same style and kind.
    public let family: String
    public let style: String
    /// The face's ascender at 24 px in whole pixels (glyph tops are measured from it).
    public let ascender: Int
    public let path: String
    private var library: FT_Library?
    private var face: FT_Face?
    private let lock = NSLock()
    /// Face index inside the file (a .ttc holds several).
    public let index: Int
    private var madeShapingFont: HarfBuzzFont??
    /// The font's bytes when it was read from memory (a remote `font-faces` file); FreeType
    /// reads them for as long as the face lives.
    private let memory: UnsafeMutableRawBufferPointer?

    /// Opens face `index` of the file; nil when FreeType cannot read it as a scalable font.
    public convenience init?(path: String, index: Int = 0) {
        self.init(source: path, index: index, memory: nil)
    }

    /// Opens face `index` of a font held in memory (copied), `name` standing for its path
    /// (the URL it came from); nil when FreeType cannot read it as a scalable font.
    public convenience init?(bytes: [UInt8], name: String, index: Int = 0) {
        guard !bytes.isEmpty else { return nil }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        memory.copyBytes(from: bytes)
        self.init(source: name, index: index, memory: memory)
    }

    /// `memory` is owned from here on (freed on failure too).
    private init?(source path: String, index: Int, memory: UnsafeMutableRawBufferPointer?) {
        self.path = path
        self.index = index
        self.memory = memory
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { memory?.deallocate(); return nil }
        var f: FT_Face?
        let opened = memory.map { m in
            FT_New_Memory_Face(lib, m.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(m.count), FT_Long(index), &f)
        } ?? FT_New_Face(lib, path, FT_Long(index), &f)
        guard opened == 0, let f else {
            FT_Done_FreeType(lib); memory?.deallocate(); return nil
        }
        // Scalable outlines only (bitmap-only fonts have no outline to measure distances to).
        guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0,
              FT_Set_Char_Size(f, 0, FT_F26Dot6(SDFGlyphSize.pixels * 64), 0, 0) == 0 else {
            FT_Done_Face(f); FT_Done_FreeType(lib); memory?.deallocate(); return nil
        }
        library = lib; face = f
        let family = f.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = f.pointee.style_name.map { String(cString: $0) } ?? ""
        name = style.isEmpty ? family : "\(family) \(style)"
        self.family = family
        self.style = style
        ascender = Int(f.pointee.size.pointee.metrics.ascender / 64)
        // Every property is set: failing now runs deinit, which frees the face, library and bytes.
        guard !family.isEmpty else { return nil }
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
        memory?.deallocate()
    }

    /// How many faces the file holds (a .ttc collection has several).
    public var faceCount: Int {
        lock.lock(); defer { lock.unlock() }
        return Int(face?.pointee.num_faces ?? 0)
    }

    /// Whether the font has a glyph for `codePoint`.
    public func has(_ codePoint: UInt32) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard let face else { return false }
        return FT_Get_Char_Index(face, FT_ULong(codePoint)) != 0
    }

    /// The unhinted outline of `codePoint` at 24 px (y up, pixels), nil when the font lacks it.
    public func outline(_ codePoint: UInt32) -> GlyphOutline? {
        lock.lock(); defer { lock.unlock() }
        guard let face else { return nil }
        let index = FT_Get_Char_Index(face, FT_ULong(codePoint))
        guard index != 0 else { return nil }
        return load(index, face)
    }

    /// The unhinted outline of glyph `id` (a glyph index, as HarfBuzz's shaping gives it) at
    /// 24 px; nil when the font has no such glyph.
    public func outline(glyphID id: UInt32) -> GlyphOutline? {
        lock.lock(); defer { lock.unlock() }
        guard let face, id < UInt32(face.pointee.num_glyphs) else { return nil }
        return load(FT_UInt(id), face)
    }

    /// Glyph `index` loaded and flattened (the caller holds the lock).
    private func load(_ index: FT_UInt, _ face: FT_Face) -> GlyphOutline? {
        guard FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
              let slot = face.pointee.glyph else { return nil }
        let advance = Int(slot.pointee.metrics.horiAdvance / 64)
        let ascender = Int(face.pointee.size.pointee.metrics.ascender / 64)
        var rings: [[SIMD2<Double>]] = []
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            rings = OutlineFlattener.rings(slot.pointee.outline)
        }
        return GlyphOutline(rings: rings, advance: advance, ascender: ascender)
    }

    /// The face for shaping this file's face with HarfBuzz, made on first use (it reads the
    /// file's OpenType tables itself; glyph ids are the same as FreeType's).
    public var shapingFont: HarfBuzzFont? {
        lock.lock(); defer { lock.unlock() }
        if let madeShapingFont { return madeShapingFont }
        let made = memory.map { HarfBuzzFont(bytes: UnsafeRawBufferPointer($0), index: index) } ?? HarfBuzzFont(path: path, index: index)
        madeShapingFont = .some(made)
        return made
    }
}

/// The size MapLibre's SDF glyphs are drawn at.
enum SDFGlyphSize {
    static let pixels = 24
}
