/// Why a JSON text could not be parsed, with the byte offset, line and column (1-based) of the
/// offending character so HTTP errors can point at it.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    public let line: Int
    public let column: Int
    public var description: String { "\(message) at line \(line), column \(column) (byte \(offset))" }
}

/// A strict RFC 8259 parser over UTF-8 bytes. Hand-written because we need positions in
/// errors, ordered objects and speed on multi-megabyte GeoJSON (no Foundation objects).
public struct JSONParser {
    /// Deepest nesting accepted; deeper input is rejected instead of overflowing the stack.
    public static let maxDepth = 512

    public static func parse(_ text: String) throws -> JSONValue {
        var copy = text
        return try copy.withUTF8 { buf throws in try parse(bytes: UnsafeRawBufferPointer(buf)) }
    }

    public static func parse<C: Collection>(_ bytes: C) throws -> JSONValue where C.Element == UInt8 {
        if let r = try bytes.withContiguousStorageIfAvailable({ buf throws in
            try parse(bytes: UnsafeRawBufferPointer(buf))
        }) { return r }
        let array = Array(bytes)
        return try array.withUnsafeBytes { buf throws in try parse(bytes: buf) }
    }

    public static func parse(bytes: UnsafeRawBufferPointer) throws -> JSONValue {
        var p = Cursor(bytes: bytes)
        p.skipWhitespace()
        let v = try p.value(depth: 0)
        p.skipWhitespace()
        if p.i < p.n { throw p.error("unexpected trailing characters") }
        return v
    }
}

private struct Cursor {
    let bytes: UnsafeRawBufferPointer
    var i = 0
    let n: Int
    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes; n = bytes.count }

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let off = min(offset ?? i, n)
        var line = 1, col = 1
        for k in 0..<off { if bytes[k] == 0x0A { line += 1; col = 1 } else { col += 1 } }
        return JSONParseError(message: message, offset: off, line: line, column: col)
    }

    @inline(__always) mutating func skipWhitespace() {
        while i < n {
            let c = bytes[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 } else { break }
        }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard i < n else { throw error("unexpected end of input") }
        if depth > JSONParser.maxDepth { throw error("nesting deeper than \(JSONParser.maxDepth)") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(printable(bytes[i]))'")
        }
    }

    func printable(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "\\u{\(String(c, radix: 16))}"
    }

    mutating func literal(_ word: StaticString) throws {
        let start = i
        let w = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for c in w {
            guard i < n, bytes[i] == c else { throw error("invalid literal, expected '\(word)'", at: start) }
            i += 1
        }
    }

    mutating func object(depth: Int) throws -> JSONValue {
        i += 1
        skipWhitespace()
        if i < n, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(JSONObject()) }
        var entries: [(key: String, value: JSONValue)] = []
        // Duplicate keys: the last value wins at the first key's place (as JavaScript does).
        // Small objects are searched linearly; larger ones get a key → position dictionary.
        var positions: [String: Int]? = nil
        while true {
            skipWhitespace()
            guard i < n else { throw error("unexpected end of input in object") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try string()
            skipWhitespace()
            guard i < n, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
            i += 1
            skipWhitespace()
            let v = try value(depth: depth + 1)
            if entries.count < JSONObject.indexThreshold {
                var k = 0
                while k < entries.count, entries[k].key != key { k += 1 }
                if k < entries.count { entries[k].value = v } else { entries.append((key, v)) }
            } else {
                if positions == nil {
                    var d = [String: Int](minimumCapacity: 64)
                    for (k, e) in entries.enumerated() { d[e.key] = k }
                    positions = d
                }
                if let k = positions![key] { entries[k].value = v } else {
                    positions![key] = entries.count
                    entries.append((key, v))
                }
            }
            skipWhitespace()
            guard i < n else { throw error("unexpected end of input in object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(JSONObject(uniqueEntries: entries, index: positions)) }
            throw error("expected ',' or '}' in object")
        }
    }

    mutating func array(depth: Int) throws -> JSONValue {
        i += 1
        var arr: [JSONValue] = []
        skipWhitespace()
        if i < n, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(arr) }
        if i < n, bytes[i] == UInt8(ascii: "-") || isDigit(bytes[i]), let position = try shortNumberArray() {
            return .array(position)
        }
        while true {
            skipWhitespace()
            arr.append(try value(depth: depth + 1))
            skipWhitespace()
            guard i < n else { throw error("unexpected end of input in array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(arr) }
            throw error("expected ',' or ']' in array")
        }
    }

    /// Fast path for short arrays of numbers (GeoJSON positions): the numbers are read first
    /// and the array allocated once at its exact size. Returns nil, with the cursor back at
    /// the first element, when the array is longer or holds anything else.
    mutating func shortNumberArray() throws -> [JSONValue]? {
        let start = i
        var a = 0.0, b = 0.0, c = 0.0
        var count = 0
        while true {
            guard count < 3, i < n, bytes[i] == UInt8(ascii: "-") || isDigit(bytes[i]) else { i = start; return nil }
            let v = try number()
            switch count { case 0: a = v; case 1: b = v; default: c = v }
            count += 1
            skipWhitespace()
            guard i < n else { i = start; return nil }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            guard bytes[i] == UInt8(ascii: ",") else { i = start; return nil }
            i += 1
            skipWhitespace()
        }
        return [JSONValue](unsafeUninitializedCapacity: count) { buf, initialized in
            buf.initializeElement(at: 0, to: .number(a))
            if count > 1 { buf.initializeElement(at: 1, to: .number(b)) }
            if count > 2 { buf.initializeElement(at: 2, to: .number(c)) }
            initialized = count
        }
    }

    mutating func string() throws -> String {
        let start = i
        i += 1
        // Fast path: no escapes.
        var j = i
        while j < n {
            let c = bytes[j]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i..<j]), as: UTF8.self)
                i = j + 1
                return s
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 { throw error("control character in string", at: j) }
            j += 1
        }
        var out: [UInt8] = Array(UnsafeRawBufferPointer(rebasing: bytes[i..<min(j, n)]))
        i = j
        while true {
            guard i < n else { throw error("unterminated string", at: start) }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 { throw error("control character in string") }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            i += 1
            guard i < n else { throw error("unterminated string", at: start) }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    if i + 1 < n, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00..<0xE000).contains(scalar) {
                    scalar = 0xFFFD
                }
                let us = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(us).utf8))
            default:
                throw error("invalid escape '\\\(printable(e))'", at: i - 2)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= n else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - 55)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    mutating func number() throws -> Double {
        let start = i
        var negative = false
        if bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard i < n, isDigit(bytes[i]) else { throw error("invalid number", at: start) }
        // The first 19 significant digits go into `mantissa` (exact in a UInt64); the value
        // is mantissa · 10^decimalExponent when no digit was dropped.
        var mantissa: UInt64 = 0
        var significant = 0
        var dropped = false
        var decimalExponent = 0
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < n, isDigit(bytes[i]) { throw error("leading zeros are not allowed", at: start) }
        } else {
            while i < n, isDigit(bytes[i]) {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 48); significant += 1
                } else {
                    decimalExponent += 1; dropped = dropped || bytes[i] != UInt8(ascii: "0")
                }
                i += 1
            }
        }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < n, isDigit(bytes[i]) else { throw error("expected digits after '.'") }
            while i < n, isDigit(bytes[i]) {
                let d = bytes[i] &- 48
                if significant < 19 {
                    if mantissa != 0 || d != 0 { significant += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(d); decimalExponent -= 1
                } else {
                    dropped = dropped || d != 0
                }
                i += 1
            }
        }
        if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { expNegative = bytes[i] == UInt8(ascii: "-"); i += 1 }
            guard i < n, isDigit(bytes[i]) else { throw error("expected digits in exponent") }
            var e = 0
            while i < n, isDigit(bytes[i]) {
                if e < 100_000 { e = e * 10 + Int(bytes[i] &- 48) }
                i += 1
            }
            decimalExponent += expNegative ? -e : e
        }
        if !dropped, let v = Cursor.exactDouble(mantissa, decimalExponent) {
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let v = Double(text) else { throw error("invalid number", at: start) }
        return v
    }

    /// mantissa · 10^exponent correctly rounded, or nil when the fast paths cannot promise it.
    @inline(__always)
    static func exactDouble(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        if mantissa == 0 { return 0 }
        // Clinger: both operands exact in a Double, so one rounding.
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let m = Double(mantissa)
            return exponent < 0 ? m / powersOfTen[-exponent] : m * powersOfTen[exponent]
        }
        #if arch(x86_64) || arch(i386)
        // Up to 19 digits: exact operands in Float80 (64-bit significand; 10^27 = 5^27·2^27 with
        // 5^27 < 2^64), one Float80 rounding, then a second to Double that is only wrong when
        // the Float80 result sits at a Double halfway point: those few cases take the slow path.
        if exponent >= -27, exponent <= 27 {
            let m = Float80(mantissa), p = powersOfTen80[abs(exponent)]
            let r = exponent < 0 ? m / p : m * p
            let low = r.significandBitPattern & 0x7FF
            if low >= 0x3FF, low <= 0x401 { return nil }
            let d = Double(r)
            return d.isFinite ? d : nil
        }
        #endif
        return nil
    }
    @inline(__always) func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    static let powersOfTen: [Double] = (0...22).map { k in
        var v = 1.0
        for _ in 0..<k { v *= 10 }
        return v
    }

    #if arch(x86_64) || arch(i386)
    static let powersOfTen80: [Float80] = (0...27).map { k in
        var v: Float80 = 1
        for _ in 0..<k { v *= 10 }
        return v
    }
    #endif
}
