/// One glyph as MapLibre's text renderer takes it: a signed distance field of the glyph at
/// 24 px, `border` texels of margin on every side, and its metrics in pixels at that size.
/// Field values: 255 deep inside, 191.25 on the outline (MapLibre's 0.75 cut-off), falling by
/// 255/8 per pixel outwards.
public struct SDFGlyph: Sendable, Equatable {
    /// The field's margin around the glyph box, in texels.
    public static let border = 3
    /// The size the field is drawn at (MapLibre's `ONE_EM`).
    public static let size = 24

    /// Unicode code point.
    public var id: UInt32
    /// The glyph box (the field is `(width + 2·border) × (height + 2·border)`).
    public var width: Int
    public var height: Int
    /// Pen position to the box's left edge, and baseline to its top edge (positive up).
    public var left: Int
    public var top: Int
    /// How far the pen moves on.
    public var advance: Int
    /// Row-major field bytes, empty for a glyph without ink (a space).
    public var bitmap: [UInt8]

    public init(id: UInt32, width: Int, height: Int, left: Int, top: Int, advance: Int, bitmap: [UInt8]) {
        self.id = id; self.width = width; self.height = height; self.left = left; self.top = top
        self.advance = advance; self.bitmap = bitmap
    }

    /// Texels per row of the field.
    public var fieldWidth: Int { bitmap.isEmpty ? 0 : width + 2 * Self.border }
    public var fieldHeight: Int { bitmap.isEmpty ? 0 : height + 2 * Self.border }
}

/// The 256 code points a glyph PBF holds: range `first`–`first + 255`, `first` a multiple of 256.
public struct GlyphRange: Sendable, Hashable, CustomStringConvertible {
    public let first: UInt32

    /// `"0-255"`, `"256-511"`, …; nil for anything else (or beyond U+FFFF, as MapLibre asks).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = UInt32(parts[0]), let b = UInt32(parts[1]), a % 256 == 0, b == a + 255, b <= 65535 else {
            return nil
        }
        first = a
    }

    /// The range holding `codePoint`.
    public init(containing codePoint: UInt32) { first = codePoint / 256 * 256 }

    public var last: UInt32 { first + 255 }
    public var description: String { "\(first)-\(last)" }
}
