/// The few protobuf encodings Strata writes (glyph PBFs): varints, zig-zag signed varints,
/// length-delimited bytes and strings, each behind its field tag.
struct ProtobufWriter {
    private(set) var output: [UInt8] = []

    mutating func varint(_ field: UInt32, _ value: UInt64) {
        tag(field, 0)
        raw(value)
    }

    mutating func sint(_ field: UInt32, _ value: Int64) {
        varint(field, UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func bytes(_ field: UInt32, _ value: [UInt8]) {
        tag(field, 2)
        raw(UInt64(value.count))
        output.append(contentsOf: value)
    }

    mutating func string(_ field: UInt32, _ value: String) { bytes(field, Array(value.utf8)) }

    private mutating func tag(_ field: UInt32, _ wire: UInt64) { raw(UInt64(field) << 3 | wire) }

    private mutating func raw(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            output.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        output.append(UInt8(v))
    }
}
