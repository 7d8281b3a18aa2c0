/// A JSON document value. Objects keep their key order (a style read and written back keeps
/// its layout); large objects also keep a key index (see `JSONObject`).
public enum JSONValue: Sendable, Equatable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var isNull: Bool { if case .null = self { return true }; return false }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var numberValue: Double? { if case .number(let n) = self { return n }; return nil }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: JSONObject? { if case .object(let o) = self { return o }; return nil }

    /// An integer value when the number is integral and fits.
    public var intValue: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    /// Member of an object, nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// Element of an array, nil when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }

    /// The JSON type name used in error messages ("object", "array", "string", ...).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// An insertion-ordered JSON object. Setting an existing key replaces it in place.
///
/// Small objects (the common case: style layers, GeoJSON properties) look keys up linearly;
/// past `indexThreshold` keys a key → position dictionary is kept too, so building,
/// reading and comparing a huge (possibly hostile) object stays linear overall.
public struct JSONObject: Sendable, Equatable, Hashable, Sequence {
    public private(set) var entries: [(key: String, value: JSONValue)] = []
    /// Position of every key in `entries`; nil while the object is small.
    private var index: [String: Int]? = nil

    /// Objects with more keys than this keep a dictionary index.
    static let indexThreshold = 16

    public init() {}
    public init(_ pairs: [(String, JSONValue)]) {
        entries.reserveCapacity(pairs.count)
        for (k, v) in pairs { self[k] = v }
    }

    /// Entries known to have distinct keys (the parser dedupes as it goes), with their
    /// key → position dictionary when the parser built one.
    init(uniqueEntries: [(key: String, value: JSONValue)], index: [String: Int]?) {
        entries = uniqueEntries
        if entries.count > JSONObject.indexThreshold {
            if let index { self.index = index } else { rebuildIndex() }
        }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: [String] { entries.map(\.key) }

    /// Position of `key` in `entries`.
    @inline(__always)
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        for i in entries.indices where entries[i].key == key { return i }
        return nil
    }

    public subscript(key: String) -> JSONValue? {
        get {
            guard let i = position(of: key) else { return nil }
            return entries[i].value
        }
        set {
            if let i = position(of: key) {
                if let v = newValue {
                    entries[i].value = v
                } else {
                    entries.remove(at: i)
                    if index != nil { rebuildIndex() }
                }
            } else if let v = newValue {
                entries.append((key, v))
                if index != nil {
                    index![key] = entries.count - 1
                } else if entries.count > JSONObject.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        guard entries.count > JSONObject.indexThreshold else { index = nil; return }
        var d = [String: Int](minimumCapacity: entries.count)
        for (i, e) in entries.enumerated() { d[e.key] = i }
        index = d
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        entries.makeIterator()
    }

    /// Key order does not matter for equality: two objects are equal when they hold the same
    /// members (as JSON semantics say), which is what style diffing needs.
    public static func == (l: JSONObject, r: JSONObject) -> Bool {
        guard l.entries.count == r.entries.count else { return false }
        for e in l.entries { guard r[e.key] == e.value else { return false } }
        return true
    }

    public func hash(into h: inout Hasher) {
        // Order-independent: combine per-member hashes commutatively.
        var acc = 0
        for e in entries {
            var eh = Hasher()
            eh.combine(e.key); eh.combine(e.value)
            acc &+= eh.finalize()
        }
        h.combine(entries.count); h.combine(acc)
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral v: Bool) { self = .bool(v) }
    public init(integerLiteral v: Int) { self = .number(Double(v)) }
    public init(floatLiteral v: Double) { self = .number(v) }
    public init(stringLiteral v: String) { self = .string(v) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
