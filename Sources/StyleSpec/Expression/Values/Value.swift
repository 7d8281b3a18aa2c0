import JSON

/// A value an expression produces. Objects stay JSON objects (every object value comes from
/// JSON: literals, feature properties, feature and global state), so `get` and
/// `properties` never convert them.
public enum Value: Sendable, Hashable {
    case null
    case boolean(Bool)
    case number(Double)
    case string(String)
    case color(StyleColor)
    case array([Value])
    case object(JSONObject)
    case collator(Collator)
    case formatted(Formatted)
    case resolvedImage(ResolvedImage)
    case padding(Padding)
    case numberArray([Double])
    case colorArray([StyleColor])
    case variableAnchorOffsetCollection(VariableAnchorOffsetCollection)
    case projectionDefinition(ProjectionDefinition)

    public var isNull: Bool { if case .null = self { return true }; return false }
    public var numberValue: Double? { if case .number(let v) = self { return v }; return nil }
    public var stringValue: String? { if case .string(let v) = self { return v }; return nil }
    public var boolValue: Bool? { if case .boolean(let v) = self { return v }; return nil }
    public var colorValue: StyleColor? { if case .color(let v) = self { return v }; return nil }
    public var arrayValue: [Value]? { if case .array(let v) = self { return v }; return nil }

    /// The numbers of an array of numbers (`line-dasharray`, `*-translate`), nil otherwise.
    public var numbers: [Double]? {
        switch self {
        case .numberArray(let a): return a
        case .array(let a):
            var out: [Double] = []
            out.reserveCapacity(a.count)
            for v in a { guard case .number(let n) = v else { return nil }; out.append(n) }
            return out
        case .number(let n): return [n]
        default: return nil
        }
    }

    /// The value of a JSON document value (numbers, strings, arrays, objects as they are).
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .boolean(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let a): self = .array(a.map(Value.init(json:)))
        case .object(let o): self = .object(o)
        }
    }

    /// A JSON rendering (colours as `rgba()` strings like `to-string`, formatted text as
    /// its plain text, images by name). Used for serialising results, never for evaluation.
    public var json: JSONValue {
        switch self {
        case .null: return .null
        case .boolean(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(\.json))
        case .object(let o): return .object(o)
        case .color(let c): return .string(c.description)
        case .numberArray(let a): return .array(a.map { .number($0) })
        case .colorArray(let a): return .array(a.map { .string($0.description) })
        case .padding(let p): return .array(p.values.map { .number($0) })
        default: return .string(Value.toString(self))
        }
    }

    /// The expression type of a runtime value (MapLibre's `typeOf`).
    public var type: ExpressionType {
        switch self {
        case .null: return .null
        case .boolean: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .object: return .object
        case .collator: return .collator
        case .formatted: return .formatted
        case .resolvedImage: return .resolvedImage
        case .padding: return .padding
        case .numberArray: return .numberArray
        case .colorArray: return .colorArray
        case .variableAnchorOffsetCollection: return .variableAnchorOffsetCollection
        case .projectionDefinition: return .projectionDefinition
        case .array(let items):
            var itemType: ExpressionType? = nil
            for item in items {
                let t = item.type
                if itemType == nil {
                    itemType = t
                } else if itemType == t, !t.isArray {
                    // Like MapLibre, nested array types never count as "the same" item type.
                    continue
                } else {
                    itemType = .value
                    break
                }
            }
            return .array(itemType ?? .value, items.count)
        }
    }

    /// JavaScript's `String(value)` / `JSON.stringify` as the style spec's `to-string` and
    /// `concat` use it.
    public static func toString(_ v: Value) -> String {
        switch v {
        case .null: return ""
        case .string(let s): return s
        case .number(let n): return formatNumber(n)
        case .boolean(let b): return b ? "true" : "false"
        case .color(let c): return c.description
        case .formatted(let f): return f.plainText
        case .resolvedImage(let i): return i.name
        case .padding(let p): return "[" + p.values.map(formatNumber).joined(separator: ",") + "]"
        case .numberArray(let a): return "[" + a.map(formatNumber).joined(separator: ",") + "]"
        case .colorArray(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .projectionDefinition(let p): return p.description
        case .variableAnchorOffsetCollection(let v): return v.description
        case .collator: return "{}"
        case .array, .object: return jsonString(v)
        }
    }

    /// `JSON.stringify` of a value.
    static func jsonString(_ v: Value) -> String {
        switch v {
        case .array(let a): return "[" + a.map(jsonString).joined(separator: ",") + "]"
        case .object(let o): return JSONValue.object(o).serialized()
        case .string(let s): return JSONValue.string(s).serialized()
        case .number(let n): return n.isFinite ? formatNumber(n) : "null"
        case .null: return "null"
        case .boolean(let b): return b ? "true" : "false"
        case .color(let c):
            let p = c.premultiplied
            return "{\"r\":\(formatNumber(p.r)),\"g\":\(formatNumber(p.g)),\"b\":\(formatNumber(p.b)),\"a\":\(formatNumber(p.a))}"
        default: return JSONValue.string(toString(v)).serialized()
        }
    }

    /// A number as JavaScript prints it: `1`, `0.5`, `1e+21`, `1.5e-7`, `NaN`, `Infinity`.
    public static func formatNumber(_ x: Double) -> String {
        if x.isNaN { return "NaN" }
        if x.isInfinite { return x < 0 ? "-Infinity" : "Infinity" }
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        // Swift prints the shortest round-tripping digits; re-layout them the JS way.
        let negative = x < 0
        let text = "\(abs(x))"
        var mantissa = text, exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = String(text[..<e])
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits = mantissa.replacingOccurrences(of: ".", with: "")
        var pointPos = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
        while digits.hasPrefix("0") && digits.count > 1 { digits.removeFirst(); pointPos -= 1 }
        while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
        let n = pointPos   // value = 0.digits × 10^n
        let k = digits.count
        var out: String
        if k <= n && n <= 21 {
            out = digits + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            let i = digits.index(digits.startIndex, offsetBy: n)
            out = digits[..<i] + "." + digits[i...]
        } else if -6 < n && n <= 0 {
            out = "0." + String(repeating: "0", count: -n) + digits
        } else {
            let e = n - 1
            let sign = e < 0 ? "-" : "+"
            out = k == 1 ? digits : String(digits.first!) + "." + digits.dropFirst()
            out += "e" + sign + String(abs(e))
        }
        return negative ? "-" + out : out
    }
}
