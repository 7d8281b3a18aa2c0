/// Why a vector tile (or another protobuf message) could not be read. `location` says where:
/// a byte offset and, inside a tile, the layer and feature.
public struct VectorTileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Protobuf wire types (proto2/proto3 encoding).
enum WireType: UInt8 {
    case varint = 0, fixed64 = 1, lengthDelimited = 2, startGroup = 3, endGroup = 4, fixed32 = 5
}

/// A bounds-checked reader of protobuf wire format over borrowed bytes. Every read checks
/// the end of its window, so truncated or hostile input throws instead of reading past it.
/// Valid only while the buffer it was made from is alive.
struct ProtobufReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes; position = 0; end = bytes.count
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        self.bytes = bytes; position = range.lowerBound; end = range.upperBound
    }

    var isAtEnd: Bool { position >= end }

    /// A reader limited to `range` of the same bytes (a nested message or packed field).
    func reader(for range: Range<Int>) -> ProtobufReader { ProtobufReader(bytes: bytes, range: range) }

    /// Base-128 varint, at most 10 bytes.
    @inline(__always)
    mutating func readVarint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw VectorTileError("truncated varint at byte \(position)") }
            let b = bytes[position]
            position += 1
            if shift == 63, b > 1 { throw VectorTileError("varint longer than 64 bits at byte \(position - 1)") }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
            if shift > 63 { throw VectorTileError("varint longer than 10 bytes at byte \(position - 1)") }
        }
    }

    /// A varint that must fit in 32 bits (commands, tags, field numbers).
    @inline(__always)
    mutating func readVarint32() throws -> UInt32 {
        let v = try readVarint()
        guard v <= UInt64(UInt32.max) else { throw VectorTileError("value \(v) does not fit 32 bits at byte \(position)") }
        return UInt32(v)
    }

    /// Field number and wire type of the next field. A zero key (field 0, varint) is returned
    /// as field 0 so callers skip it as an unknown field: zero-padded tiles exist in the wild
    /// and MapLibre reads them, each pair of zero bytes decoding as an ignorable varint.
    mutating func readTag() throws -> (field: UInt32, wire: WireType) {
        let start = position
        let key = try readVarint()
        if key == 0 { return (0, .varint) }
        guard let wire = WireType(rawValue: UInt8(key & 7)) else {
            throw VectorTileError("unknown wire type \(key & 7) at byte \(start)")
        }
        let field = key >> 3
        guard field > 0, field <= 0x1FFF_FFFF else { throw VectorTileError("invalid field number \(field) at byte \(start)") }
        return (UInt32(field), wire)
    }

    mutating func readFixed32() throws -> UInt32 {
        guard end - position >= 4 else { throw VectorTileError("truncated fixed32 at byte \(position)") }
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(bytes[position + i]) << (8 * UInt32(i)) }
        position += 4
        return v
    }

    mutating func readFixed64() throws -> UInt64 {
        guard end - position >= 8 else { throw VectorTileError("truncated fixed64 at byte \(position)") }
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return v
    }

    /// The byte range of a length-delimited field (string, bytes, message, packed values).
    mutating func readLengthDelimited() throws -> Range<Int> {
        let start = position
        let length = try readVarint()
        guard length <= UInt64(end - position) else {
            throw VectorTileError("field at byte \(start) claims \(length) bytes, only \(end - position) left")
        }
        let r = position..<(position + Int(length))
        position = r.upperBound
        return r
    }

    /// A UTF-8 string field; invalid UTF-8 is repaired (replacement characters), as browsers do.
    mutating func readString() throws -> String {
        let r = try readLengthDelimited()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
    }

    /// Skips a field's value of the given wire type.
    mutating func skip(_ wire: WireType) throws {
        switch wire {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readLengthDelimited()
        case .startGroup, .endGroup:
            throw VectorTileError("deprecated group fields are not supported (byte \(position))")
        }
    }

    /// Reads a repeated uint32 field: packed (one length-delimited run) or one plain varint,
    /// appending to `out`.
    mutating func readRepeatedUInt32(_ wire: WireType, into out: inout [UInt32]) throws {
        switch wire {
        case .lengthDelimited:
            var packed = reader(for: try readLengthDelimited())
            while !packed.isAtEnd { out.append(try packed.readVarint32()) }
        case .varint:
            out.append(try readVarint32())
        default:
            throw VectorTileError("repeated uint32 field with wire type \(wire.rawValue) at byte \(position)")
        }
    }

    @inline(__always)
    static func zigzag(_ v: UInt32) -> Int32 {
        Int32(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    @inline(__always)
    static func zigzag64(_ v: UInt64) -> Int64 {
        Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }
}
