/// MapLibre's glyph PBF (`glyphs.proto`): `glyphs { repeated fontstack stacks = 1 }`,
/// `fontstack { name = 1; range = 2; repeated glyph glyphs = 3 }`, `glyph { id = 1; bitmap = 2;
/// width = 3; height = 4; left = 5 (sint32); top = 6 (sint32); advance = 7 }`. Reading is
/// bounds-checked throughout (the bytes come from files and uploads); a glyph whose field does
/// not match its box, or whose box is absurd, is dropped and named in `warnings`.
public enum GlyphPBF {
    /// One fontstack's glyphs of one range, as a PBF carries them.
    public struct Stack: Sendable, Equatable {
        public var name: String
        public var range: String
        public var glyphs: [SDFGlyph]
        public init(name: String, range: String, glyphs: [SDFGlyph]) {
            self.name = name; self.range = range; self.glyphs = glyphs
        }
    }

    /// Largest glyph box side accepted (MapLibre's atlas would not take more either).
    public static let maxSide = 256

    public static func decode(_ bytes: [UInt8], warnings: inout [String]) throws -> [Stack] {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = ProtobufReader(buffer)
            var stacks: [Stack] = []
            while !reader.isAtEnd {
                let (field, wire) = try reader.readTag()
                if field == 1, wire == .lengthDelimited {
                    let range = try reader.readLengthDelimited()
                    var sub = reader.reader(for: range)
                    stacks.append(try stack(&sub, warnings: &warnings))
                } else {
                    try reader.skip(wire)
                }
            }
            return stacks
        }
    }

    private static func stack(_ r: inout ProtobufReader, warnings: inout [String]) throws -> Stack {
        var out = Stack(name: "", range: "", glyphs: [])
        while !r.isAtEnd {
            let (field, wire) = try r.readTag()
            switch (field, wire) {
            case (1, .lengthDelimited): out.name = try r.readString()
            case (2, .lengthDelimited): out.range = try r.readString()
            case (3, .lengthDelimited):
                let range = try r.readLengthDelimited()
                var sub = r.reader(for: range)
                if let g = try glyph(&sub, warnings: &warnings) { out.glyphs.append(g) }
            default: try r.skip(wire)
            }
        }
        return out
    }

    private static func glyph(_ r: inout ProtobufReader, warnings: inout [String]) throws -> SDFGlyph? {
        var id: UInt64 = 0, width: UInt64 = 0, height: UInt64 = 0, advance: UInt64 = 0
        var left: Int64 = 0, top: Int64 = 0
        var bitmap: Range<Int>?
        while !r.isAtEnd {
            let (field, wire) = try r.readTag()
            switch (field, wire) {
            case (1, .varint): id = try r.readVarint()
            case (2, .lengthDelimited): bitmap = try r.readLengthDelimited()
            case (3, .varint): width = try r.readVarint()
            case (4, .varint): height = try r.readVarint()
            case (5, .varint): left = ProtobufReader.zigzag64(try r.readVarint())
            case (6, .varint): top = ProtobufReader.zigzag64(try r.readVarint())
            case (7, .varint): advance = try r.readVarint()
            default: try r.skip(wire)
            }
        }
        guard id <= 0x10FFFF, width <= UInt64(maxSide), height <= UInt64(maxSide), advance <= 4096,
              abs(left) <= 4096, abs(top) <= 4096 else {
            warnings.append("glyph \(id): metrics out of range")
            return nil
        }
        var bytes: [UInt8] = []
        if let bitmap, !bitmap.isEmpty {
            let expected = (Int(width) + 2 * SDFGlyph.border) * (Int(height) + 2 * SDFGlyph.border)
            guard bitmap.count == expected else {
                warnings.append("glyph \(id): field of \(bitmap.count) bytes for a \(width)×\(height) box")
                return nil
            }
            bytes = Array(r.bytes[bitmap])
        }
        return SDFGlyph(id: UInt32(id), width: Int(width), height: Int(height), left: Int(left), top: Int(top),
                        advance: Int(advance), bitmap: bytes)
    }

    /// The PBF of one fontstack's range (what `GET /fonts/{fontstack}/{range}.pbf` serves).
    public static func encode(_ stack: Stack) -> [UInt8] {
        var body = ProtobufWriter()
        body.string(1, stack.name)
        body.string(2, stack.range)
        for g in stack.glyphs {
            var m = ProtobufWriter()
            m.varint(1, UInt64(g.id))
            if !g.bitmap.isEmpty { m.bytes(2, g.bitmap) }
            m.varint(3, UInt64(g.width))
            m.varint(4, UInt64(g.height))
            m.sint(5, Int64(g.left))
            m.sint(6, Int64(g.top))
            m.varint(7, UInt64(g.advance))
            body.bytes(3, m.output)
        }
        var top = ProtobufWriter()
        top.bytes(1, body.output)
        return top.output
    }
}
