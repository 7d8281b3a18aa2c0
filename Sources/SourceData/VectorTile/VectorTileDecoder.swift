import Geo
import JSON

/// Reads the MVT protobuf messages (Tile → Layer → Feature / Value) by hand. Layers, keys
/// and values are collected first because a layer's fields may come in any order; features
/// are decoded afterwards against them.
enum VectorTileDecoder {
    static let maxWarnings = 100
    /// Largest accepted extent: real tiles use 256…16384; anything past 2^24 is hostile.
    static let maxExtent = 1 << 24

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws -> VectorTile {
        var reader = ProtobufReader(bytes)
        var layers: [String: VectorTileLayer] = [:]
        var warnings: [String] = []
        var skipped = 0
        var index = 0
        var zeroFields = 0
        while !reader.isAtEnd {
            let (field, wire) = try reader.readTag()
            if field == 0 {                         // padding: an odd trailing zero ends the tile
                zeroFields += 1
                if reader.isAtEnd { break }
            }
            guard field == 3 else { try reader.skip(wire); continue }
            guard wire == .lengthDelimited else { throw VectorTileError("layer \(index): field 3 must be a message (byte \(reader.position))") }
            do {
                let range = try reader.readLengthDelimited()
                let layer = try decodeLayer(reader.reader(for: range), index: index, warnings: &warnings, skipped: &skipped)
                layers[layer.name] = layer
            } catch let e as VectorTileError {
                throw VectorTileError("layer \(index): \(e.message)")
            }
            index += 1
        }
        if skipped > warnings.count { warnings.append("… \(skipped - warnings.count) more features skipped") }
        if zeroFields > 0 { warnings.append("\(zeroFields) field-0 values ignored (zero padding?)") }
        return VectorTile(layers: layers, warnings: warnings)
    }

    /// Raw fields of one feature message.
    private struct RawFeature {
        var id: UInt64?
        var tags: [UInt32] = []
        var type: UInt64 = 0
        var commands: [UInt32] = []
    }

    private static func decodeLayer(_ message: ProtobufReader, index: Int, warnings: inout [String], skipped: inout Int) throws -> VectorTileLayer {
        var r = message
        var name: String?
        var version = 1
        var extent = 4096
        var keys: [String] = []
        var values: [JSONValue] = []
        var featureRanges: [Range<Int>] = []
        while !r.isAtEnd {
            let (field, wire) = try r.readTag()
            switch (field, wire) {
            case (1, .lengthDelimited): name = try r.readString()
            case (2, .lengthDelimited): featureRanges.append(try r.readLengthDelimited())
            case (3, .lengthDelimited): keys.append(try r.readString())
            case (4, .lengthDelimited):
                let range = try r.readLengthDelimited()
                values.append(try decodeValue(r.reader(for: range)))
            case (5, .varint):
                let e = try r.readVarint()
                guard e > 0, e <= UInt64(maxExtent) else { throw VectorTileError("extent \(e) is out of range 1...\(maxExtent)") }
                extent = Int(e)
            case (15, .varint): version = Int(truncatingIfNeeded: try r.readVarint())
            case (1...5, _), (15, _):
                throw VectorTileError("field \(field) has the wrong wire type \(wire.rawValue) (byte \(r.position))")
            default: try r.skip(wire)
            }
        }
        guard let name else { throw VectorTileError("the layer has no name") }

        var builder = VectorTileGeometryBuilder()
        var features: [VectorTileFeature] = []
        features.reserveCapacity(featureRanges.count)
        for (i, range) in featureRanges.enumerated() {
            let raw: RawFeature
            do {
                raw = try decodeFeature(r.reader(for: range))
            } catch let e as VectorTileError {
                throw VectorTileError("feature \(i): \(e.message)")
            }
            func skip(_ why: String) {
                skipped += 1
                if warnings.count < maxWarnings { warnings.append("\(name)/\(i): \(why)") }
            }
            guard let type = GeometryType(rawValue: UInt8(truncatingIfNeeded: raw.type)), raw.type <= 3 else {
                skip("geometry type \(raw.type) is not point, line or polygon"); continue
            }
            let shape: VectorTileGeometryBuilder.Shape?
            do {
                shape = try builder.append(type, commands: raw.commands)
            } catch let e as VectorTileError {
                skip(e.message); continue
            }
            guard let shape else { continue }          // no drawable geometry
            var properties = JSONObject()
            var t = 0
            while t + 1 < raw.tags.count {
                let k = Int(raw.tags[t]), v = Int(raw.tags[t + 1])
                if k < keys.count, v < values.count { properties[keys[k]] = values[v] }
                t += 2
            }
            features.append(VectorTileFeature(id: raw.id.map { .number(Double($0)) }, properties: properties, type: type,
                                              isMulti: shape.isMulti, minCorner: shape.minCorner, maxCorner: shape.maxCorner,
                                              parts: shape.parts, polygons: shape.polygons))
        }
        return VectorTileLayer(name: name, version: version, extent: extent, features: features,
                               points: builder.points, partEnds: builder.partEnds, polygonEnds: builder.polygonEnds)
    }

    private static func decodeFeature(_ message: ProtobufReader) throws -> RawFeature {
        var r = message
        var f = RawFeature()
        while !r.isAtEnd {
            let (field, wire) = try r.readTag()
            switch (field, wire) {
            case (1, .varint): f.id = try r.readVarint()
            case (2, _): try r.readRepeatedUInt32(wire, into: &f.tags)
            case (3, .varint): f.type = try r.readVarint()
            case (4, _): try r.readRepeatedUInt32(wire, into: &f.commands)
            case (1, _), (3, _): throw VectorTileError("field \(field) has the wrong wire type \(wire.rawValue) (byte \(r.position))")
            default: try r.skip(wire)
            }
        }
        return f
    }

    /// A Value message: the last of its typed fields wins; none gives null.
    private static func decodeValue(_ message: ProtobufReader) throws -> JSONValue {
        var r = message
        var value = JSONValue.null
        while !r.isAtEnd {
            let (field, wire) = try r.readTag()
            switch (field, wire) {
            case (1, .lengthDelimited): value = .string(try r.readString())
            case (2, .fixed32): value = .number(Double(Float(bitPattern: try r.readFixed32())))
            case (3, .fixed64): value = .number(Double(bitPattern: try r.readFixed64()))
            case (4, .varint): value = .number(Double(Int64(bitPattern: try r.readVarint())))
            case (5, .varint): value = .number(Double(try r.readVarint()))
            case (6, .varint): value = .number(Double(ProtobufReader.zigzag64(try r.readVarint())))
            case (7, .varint): value = .bool(try r.readVarint() != 0)
            case (1...7, _): throw VectorTileError("value field \(field) has the wrong wire type \(wire.rawValue) (byte \(r.position))")
            default: try r.skip(wire)
            }
        }
        return value
    }
}
