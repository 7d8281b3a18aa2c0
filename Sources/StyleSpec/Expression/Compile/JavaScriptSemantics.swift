import Foundation

/// The few JavaScript conversions the style spec inherits (`Number(x)`, `Boolean(x)`),
/// written out so results match MapLibre's.
enum JS {
    /// `Boolean(x)`.
    static func truthy(_ v: Value) -> Bool {
        switch v {
        case .null: return false
        case .boolean(let b): return b
        case .number(let n): return !(n == 0 || n.isNaN)
        case .string(let s): return !s.isEmpty
        default: return true
        }
    }

    /// `Number(x)`; NaN when not convertible.
    static func number(_ v: Value) -> Double {
        switch v {
        case .null: return 0
        case .boolean(let b): return b ? 1 : 0
        case .number(let n): return n
        case .string(let s): return number(parsing: s)
        case .array(let a): return number(parsing: arrayString(a))
        default: return .nan
        }
    }

    /// `Array.prototype.toString`: elements joined by commas, null as empty.
    static func arrayString(_ a: [Value]) -> String {
        a.map { item -> String in
            switch item {
            case .null: return ""
            case .array(let inner): return arrayString(inner)
            case .object: return "[object Object]"
            default: return Value.toString(item)
            }
        }.joined(separator: ",")
    }

    /// `Number(string)`: trimmed decimal, hex/octal/binary integer, or ±Infinity; "" is 0.
    static func number(parsing raw: String) -> Double {
        let s = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if s.isEmpty { return 0 }
        switch s {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let lower = s.lowercased()
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) {
            let digits = lower.dropFirst(2)
            guard !digits.isEmpty, let v = UInt64(digits, radix: radix) else { return .nan }
            return Double(v)
        }
        guard isDecimalLiteral(Array(s.utf8)), let v = Double(s) else { return .nan }
        return v
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    private static func isDecimalLiteral(_ b: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int {
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
            return i - start
        }
        if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
        var mantissaDigits = digits()
        if i < b.count, b[i] == UInt8(ascii: ".") { i += 1; mantissaDigits += digits() }
        guard mantissaDigits > 0 else { return false }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == b.count
    }

    /// `typeof x === 'string' ? x : JSON.stringify(x)` as error messages quote values.
    static func quoted(_ v: Value) -> String {
        if case .string(let s) = v { return s }
        return Value.jsonString(v)
    }
}
