import JSON

/// A 128-bit content digest (truncated SHA-256), stable across processes and machines:
/// ETags and cache keys are built from it, so equal content in two sessions (or two server
/// runs) gives equal keys.
public struct ContentHash: Sendable, Hashable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) { self.high = high; self.low = low }

    /// 32 lowercase hex digits.
    public var hex: String {
        func h(_ v: UInt64) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: 16 - s.count) + s
        }
        return h(high) + h(low)
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

/// Feeds a canonical, unambiguous encoding (type tags + lengths) of values into SHA-256.
public struct ContentHasher {
    private var sha = SHA256()
    private var scratch: [UInt8] = []

    public init() {}

    public mutating func tag(_ t: UInt8) { sha.update(CollectionOfOne(t)) }

    public mutating func int(_ v: Int) {
        var x = UInt64(bitPattern: Int64(v))
        withUnsafeBytes(of: &x) { sha.update(buffer: $0) }
    }

    public mutating func double(_ v: Double) {
        var x = (v == 0 ? 0.0 : v).bitPattern.littleEndian
        withUnsafeBytes(of: &x) { sha.update(buffer: $0) }
    }

    public mutating func string(_ s: String) {
        var copy = s
        copy.withUTF8 { buf in
            int(buf.count)
            sha.update(buffer: UnsafeRawBufferPointer(buf))
        }
    }

    public mutating func bytes<C: Collection>(_ b: C) where C.Element == UInt8 {
        int(b.count)
        sha.update(b)
    }

    public mutating func hash(_ h: ContentHash) {
        int(Int(bitPattern: UInt(h.high))); int(Int(bitPattern: UInt(h.low)))
    }

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
            let sorted = o.entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for e in sorted { string(e.key); json(e.value) }
        }
    }

    public mutating func finalize() -> ContentHash {
        let d = sha.finalize()
        var hi: UInt64 = 0, lo: UInt64 = 0
        for i in 0..<8 { hi = hi << 8 | UInt64(d[i]) }
        for i in 8..<16 { lo = lo << 8 | UInt64(d[i]) }
        return ContentHash(high: hi, low: lo)
    }
}
