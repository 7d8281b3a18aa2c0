import JSON

/// The overlay parameters of a request as (name, value) pairs in order, from the query or
/// from a JSON body (tileserver-gl's POST form: `{"path": ["…", "…"], "stroke": "red"}` is
/// `?path=…&path=…&stroke=red`), so one grammar (`OverlayQueryParser`) reads both.
public enum OverlayParameters {
    /// Query pairs this grammar reads (overlays, `padding`, `maxzoom`), others left to the route.
    public static func pairs(_ query: QueryParameters) -> [(name: String, value: String)] {
        query.pairs.filter { OverlayQueryParser.names.contains($0.name) }
    }

    /// The body's `keys` (`OverlayQueryParser.names` and any the route takes as strings):
    /// strings, numbers, booleans, or (`path`, `marker`) arrays of them. A value of another
    /// type is a 400 whose `path` points at it.
    public static func pairs(_ o: JSONObject, keys: Set<String>) throws -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        for (k, v) in o.entries where keys.contains(k) {
            if case .array(let a) = v, k == "path" || k == "marker" {
                for (i, e) in a.enumerated() { out.append((k, try scalar(e, at: "/\(k)/\(i)"))) }
            } else {
                out.append((k, try scalar(v, at: "/\(k)")))
            }
        }
        return out
    }

    private static func scalar(_ v: JSONValue, at: String) throws -> String {
        switch v {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        default:
            throw InvalidRequest("expected a string, number or boolean (path and marker: or an array of strings)", code: "invalid_overlay", path: at)
        }
    }
}
