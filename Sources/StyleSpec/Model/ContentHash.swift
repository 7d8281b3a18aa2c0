import Crypto
import JSON

/// A 128-bit content digest (truncated SHA-256), stable across processes and machines:
/// ETags and cache keys are built from it, so equal content in two sessions (or two server
/// runs) gives equal keys.
public struct ContentHash: Sendable, Hashable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) { self.high = high; self.low = low }

    /// 32 lowercase hex digits, written straight into one string (renders build cache keys
    /// from it for every layer of every tile).
    public var hex: String {
        String(unsafeUninitializedCapacity: 32) { out in
            let digits: StaticString = "0123456789abcdef"
            let table = digits.utf8Start
            for i in 0..<16 {
                let shift = UInt64(60 - 4 * i)
                out[i] = table[Int((high >> shift) & 0xF)]
                out[16 + i] = table[Int((low >> shift) & 0xF)]
            }
            return 32
        }
    }

    public var description: String { hex }

    /// Hash of raw bytes (e.g. an image's PNG).
    public static func of<C: Collection>(bytes: C) -> ContentHash where C.Element == UInt8 {
        var h = ContentHasher()
        h.tag(0x42); h.bytes(bytes)
        return h.finalize()
    }

    /// Hash of a JSON value in canonical form (object key order does not matter, -0 == 0).
    public static func of(json: JSONValue) -> ContentHash {
        var h = ContentHasher()
        h.json(json)
        return h.finalize()
    }
}

/// Feeds a canonical, unambiguous encoding (type tags + lengths) of values into SHA-256
/// (swift-crypto's).
/// Writes are gathered in a buffer and hashed in large blocks (small updates are slow).
public struct ContentHasher {
    private var sha = SHA256()
    private var pending: [UInt8] = []
    private static let flushSize = 16 * 1024

    public init() { pending.reserveCapacity(ContentHasher.flushSize + 64) }

    @inline(__always) private mutating func flushIfFull() {
        if pending.count >= ContentHasher.flushSize {
            pending.withUnsafeBytes { sha.update(bufferPointer: $0) }
            pending.removeAll(keepingCapacity: true)
        }
    }

    public mutating func tag(_ t: UInt8) {
        pending.append(t)
        flushIfFull()
    }

    @inline(__always) private mutating func word(_ v: UInt64) {
        withUnsafeBytes(of: v.littleEndian) { pending.append(contentsOf: $0) }
        flushIfFull()
    }

    public mutating func int(_ v: Int) { word(UInt64(bitPattern: Int64(v))) }

    public mutating func double(_ v: Double) { word((v == 0 ? 0.0 : v).bitPattern) }

    public mutating func string(_ s: String) {
        var copy = s
        copy.withUTF8 { buf in
            word(UInt64(buf.count))
            if buf.count > 4096 {
                pending.withUnsafeBytes { sha.update(bufferPointer: $0) }
                pending.removeAll(keepingCapacity: true)
                sha.update(bufferPointer: UnsafeRawBufferPointer(buf))
            } else {
                pending.append(contentsOf: buf)
                flushIfFull()
            }
        }
    }

    public mutating func bytes<C: Collection>(_ b: C) where C.Element == UInt8 {
        word(UInt64(b.count))
        pending.withUnsafeBytes { sha.update(bufferPointer: $0) }
        pending.removeAll(keepingCapacity: true)
        if b.withContiguousStorageIfAvailable({ sha.update(bufferPointer: UnsafeRawBufferPointer($0)) }) == nil {
            Array(b).withUnsafeBytes { sha.update(bufferPointer: $0) }
        }
    }

    public mutating func hash(_ h: ContentHash) { word(h.high); word(h.low) }

    /// Canonical JSON: objects hashed with keys sorted so member order never matters.
    public mutating func json(_ v: JSONValue) {
        switch v {
        case .null: tag(0)
        case .bool(let b): tag(b ? 2 : 1)
        case .number(let n): tag(3); double(n)
        case .string(let s): tag(4); string(s)
        case .array(let a):
            tag(5); int(a.count)
            for e in a { json(e) }
        case .object(let o):
            tag(6); int(o.count)
            let entries = o.entries
            if entries.count <= 1 || ContentHasher.isSorted(entries) {
                for e in entries { string(e.key); json(e.value) }
            } else {
                for e in entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                    string(e.key); json(e.value)
                }
            }
        }
    }

    private static func isSorted(_ entries: [(key: String, value: JSONValue)]) -> Bool {
        for i in 1..<entries.count where !entries[i - 1].key.utf8.lexicographicallyPrecedes(entries[i].key.utf8) {
            return false
        }
        return true
    }

    public mutating func finalize() -> ContentHash {
        pending.withUnsafeBytes { sha.update(bufferPointer: $0) }
        pending.removeAll()
        let d = Array(sha.finalize())
        var hi: UInt64 = 0, lo: UInt64 = 0
        for i in 0..<8 { hi = hi << 8 | UInt64(d[i]) }
        for i in 8..<16 { lo = lo << 8 | UInt64(d[i]) }
        return ContentHash(high: hi, low: lo)
    }
}
