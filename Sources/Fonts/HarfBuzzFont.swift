import CHarfBuzz

/// One glyph as HarfBuzz shapes it, in hb-shape's terms: glyph id `g`, cluster `cl` (the
/// index of the first Unicode scalar of its cluster in the text), advances `ax`, `ay` and
/// offsets `dx`, `dy` in 1/64 px at MapLibre's 24 px em (y up).
public struct ShapedGlyph: Sendable, Equatable {
    public var g: UInt32
    public var cl: Int
    public var ax: Int32, ay: Int32, dx: Int32, dy: Int32

    public init(g: UInt32, cl: Int, ax: Int32, ay: Int32, dx: Int32, dy: Int32) {
        self.g = g; self.cl = cl; self.ax = ax; self.ay = ay; self.dx = dx; self.dy = dy
    }
}

/// A font file's face for HarfBuzz, scaled to 24 px in 1/64 px (the units of
/// `hb-shape --font-size=1536`). Made immutable once set up, so shaping may run on many
/// threads at once (each call has its own buffer).
public final class HarfBuzzFont: @unchecked Sendable {
    /// HarfBuzz's scale: 24 px × 64.
    public static let scale: Int32 = 24 * 64
    private let font: OpaquePointer
    private let face: OpaquePointer

    convenience init?(path: String, index: Int) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        self.init(blob: blob, index: index)
    }

    /// A font held in memory (HarfBuzz keeps its own copy).
    convenience init?(bytes: UnsafeRawBufferPointer, index: Int) {
        guard let base = bytes.baseAddress, !bytes.isEmpty,
              let blob = hb_blob_create_or_fail(base.assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
                                                HB_MEMORY_MODE_DUPLICATE, nil, nil) else { return nil }
        defer { hb_blob_destroy(blob) }
        self.init(blob: blob, index: index)
    }

    private init?(blob: OpaquePointer, index: Int) {
        guard let face = hb_face_create(blob, UInt32(index)), hb_face_get_glyph_count(face) > 0 else { return nil }
        guard let font = hb_font_create(face) else { hb_face_destroy(face); return nil }
        hb_font_set_scale(font, Self.scale, Self.scale)
        hb_font_make_immutable(font)
        self.face = face
        self.font = font
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// Whether the font maps `codePoint` to a glyph (its cmap).
    public func has(_ codePoint: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, codePoint, &glyph) != 0
    }

    /// Shapes `run` of `text` (the rest of the text is context for shaping at the run's
    /// edges) in one direction and script; glyphs come in visual order, left to right.
    public func shape(_ text: [UInt32], run: Range<Int>, rightToLeft: Bool, script: UInt32) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buffer, p.baseAddress, Int32(p.count), UInt32(run.lowerBound), Int32(run.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { k in
            let i = infos[k], p = positions[k]
            return ShapedGlyph(g: i.codepoint, cl: Int(i.cluster), ax: p.x_advance, ay: p.y_advance,
                               dx: p.x_offset, dy: p.y_offset)
        }
    }
}
