import JSON

/// A projection value (`projection.type`): a name, a raw array, or a transition between two
/// projections that `interpolate` produces.
public enum ProjectionDefinition: Sendable, Hashable, CustomStringConvertible {
    case named(String)
    case transition(from: String, to: String, progress: Double)

    public var description: String {
        switch self {
        case .named(let n): return n
        case .transition(let f, let t, let p): return "[\"\(f)\",\"\(t)\",\(Value.formatNumber(p))]"
        }
    }

    /// Strings name a projection; `[from, to, t]` arrays are transitions.
    public static func from(_ v: Value) -> ProjectionDefinition? {
        switch v {
        case .projectionDefinition(let p): return p
        case .string(let s): return .named(s)
        case .array(let a):
            if a.count == 3, case .string(let f) = a[0], case .string(let t) = a[1], case .number(let p) = a[2] {
                return .transition(from: f, to: t, progress: p)
            }
            return nil
        default: return nil
        }
    }

    /// The fixtures' JSON form: a name, or `{from, to, transition}`.
    public var json: JSONValue {
        switch self {
        case .named(let n): return .string(n)
        case .transition(let f, let t, let p):
            return .object(JSONObject([("from", .string(f)), ("to", .string(t)), ("transition", .number(p))]))
        }
    }
}
