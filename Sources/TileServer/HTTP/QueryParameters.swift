/// Decoded `?a=1&b=2` parameters in order; the first occurrence of a name wins on lookup.
public struct QueryParameters: Sendable, Equatable {
    public private(set) var pairs: [(name: String, value: String)] = []

    public init() {}

    public init(parsing raw: Substring) {
        for part in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring, value: Substring
            if let eq = part.firstIndex(of: "=") {
                name = part[..<eq]; value = part[part.index(after: eq)...]
            } else {
                name = part; value = ""
            }
            guard let n = Self.percentDecode(name, plusIsSpace: true),
                  let v = Self.percentDecode(value, plusIsSpace: true) else { continue }
            pairs.append((n, v))
        }
    }

    public subscript(name: String) -> String? {
        for p in pairs where p.name == name { return p.value }
        return nil
    }

    public static func == (l: QueryParameters, r: QueryParameters) -> Bool {
        l.pairs.count == r.pairs.count && zip(l.pairs, r.pairs).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Decodes `%XX` escapes (and `+` in query strings); nil for a malformed escape or bytes
    /// that are not UTF-8.
    public static func percentDecode<S: StringProtocol>(_ s: S, plusIsSpace: Bool) -> String? {
        let utf8 = Array(s.utf8)
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(s)
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var i = 0
        while i < utf8.count {
            let c = utf8[i]
            if c == UInt8(ascii: "%") {
                guard i + 2 < utf8.count, let hi = hexValue(utf8[i + 1]), let lo = hexValue(utf8[i + 2]) else { return nil }
                out.append(hi << 4 | lo)
                i += 3
            } else if plusIsSpace && c == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " ")); i += 1
            } else {
                out.append(c); i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - 55
        default: return nil
        }
    }
}
