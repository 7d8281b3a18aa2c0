import Foundation
import Geo
import JSON
@testable import SourceData

/// A minimal MVT writer for tests: builds tiles feature by feature so the decoder can be
/// checked against known input (and mutated for fuzzing).
struct MVTWriter {
    struct Feature {
        var id: UInt64?
        var type: UInt64
        var commands: [UInt32]
        var properties: [(String, Value)] = []
    }
    enum Value: Equatable { case string(String), float(Float), double(Double), int(Int64), uint(UInt64), sint(Int64), bool(Bool) }
    struct Layer {
        var name: String
        var extent: UInt64 = 4096
        var version: UInt64 = 2
        var features: [Feature] = []
    }

    var layers: [Layer] = []

    func encode() -> [UInt8] {
        var out: [UInt8] = []
        for l in layers { Self.message(3, Self.layer(l), into: &out) }
        return out
    }

    static func varint(_ v: UInt64, into out: inout [UInt8]) {
        var v = v
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        out.append(UInt8(v))
    }
    static func tag(_ field: UInt64, _ wire: UInt64, into out: inout [UInt8]) { varint(field << 3 | wire, into: &out) }
    static func message(_ field: UInt64, _ body: [UInt8], into out: inout [UInt8]) {
        tag(field, 2, into: &out); varint(UInt64(body.count), into: &out); out += body
    }
    static func packed(_ field: UInt64, _ values: [UInt32], into out: inout [UInt8]) {
        var body: [UInt8] = []
        for v in values { varint(UInt64(v), into: &body) }
        message(field, body, into: &out)
    }

    static func layer(_ l: Layer) -> [UInt8] {
        var out: [UInt8] = []
        tag(15, 0, into: &out); varint(l.version, into: &out)
        message(1, Array(l.name.utf8), into: &out)
        var keys: [String] = [], values: [Value] = []
        var encodedFeatures: [[UInt8]] = []
        for f in l.features {
            var tags: [UInt32] = []
            for (k, v) in f.properties {
                let ki = keys.firstIndex(of: k) ?? { keys.append(k); return keys.count - 1 }()
                let vi = values.firstIndex(of: v) ?? { values.append(v); return values.count - 1 }()
                tags += [UInt32(ki), UInt32(vi)]
            }
            var body: [UInt8] = []
            if let id = f.id { tag(1, 0, into: &body); varint(id, into: &body) }
            if !tags.isEmpty { packed(2, tags, into: &body) }
            tag(3, 0, into: &body); varint(f.type, into: &body)
            packed(4, f.commands, into: &body)
            encodedFeatures.append(body)
        }
        for f in encodedFeatures { message(2, f, into: &out) }
        for k in keys { message(3, Array(k.utf8), into: &out) }
        for v in values {
            var body: [UInt8] = []
            switch v {
            case .string(let s): message(1, Array(s.utf8), into: &body)
            case .float(let f): tag(2, 5, into: &body); withUnsafeBytes(of: f.bitPattern.littleEndian) { body += $0 }
            case .double(let d): tag(3, 1, into: &body); withUnsafeBytes(of: d.bitPattern.littleEndian) { body += $0 }
            case .int(let i): tag(4, 0, into: &body); varint(UInt64(bitPattern: i), into: &body)
            case .uint(let u): tag(5, 0, into: &body); varint(u, into: &body)
            case .sint(let s): tag(6, 0, into: &body); varint(UInt64(bitPattern: (s << 1) ^ (s >> 63)), into: &body)
            case .bool(let b): tag(7, 0, into: &body); varint(b ? 1 : 0, into: &body)
            }
            message(4, body, into: &out)
        }
        tag(5, 0, into: &out); varint(l.extent, into: &out)
        return out
    }

    // MARK: geometry commands

    static func zz(_ v: Int32) -> UInt32 { UInt32(bitPattern: (v << 1) ^ (v >> 31)) }
    static func command(_ id: UInt32, _ count: Int) -> UInt32 { id | UInt32(count) << 3 }

    /// Commands for parts given as absolute positions; `close` adds ClosePath to each part
    /// (and leaves the closing position out, as MVT does).
    static func commands(_ parts: [[(Int32, Int32)]], close: Bool = false) -> [UInt32] {
        var out: [UInt32] = []
        var cx: Int32 = 0, cy: Int32 = 0
        for part in parts {
            guard let first = part.first else { continue }
            out.append(command(1, 1)); out += [zz(first.0 - cx), zz(first.1 - cy)]
            cx = first.0; cy = first.1
            if part.count > 1 {
                out.append(command(2, part.count - 1))
                for p in part.dropFirst() { out += [zz(p.0 - cx), zz(p.1 - cy)]; cx = p.0; cy = p.1 }
            }
            if close { out.append(command(7, 1)) }
        }
        return out
    }

    /// One MoveTo with every point (a multi-point).
    static func points(_ pts: [(Int32, Int32)]) -> [UInt32] {
        var out: [UInt32] = [command(1, pts.count)]
        var cx: Int32 = 0, cy: Int32 = 0
        for p in pts { out += [zz(p.0 - cx), zz(p.1 - cy)]; cx = p.0; cy = p.1 }
        return out
    }
}

/// A square ring (clockwise on screen when `clockwise`, i.e. positive area in y-down).
func squareRing(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32, clockwise: Bool = true) -> [(Int32, Int32)] {
    let cw = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return clockwise ? cw : cw.reversed()
}
