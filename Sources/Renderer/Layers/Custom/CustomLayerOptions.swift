import JSON
import StyleSpec

/// Typed reads of a custom layer's `options` with the errors a client needs (the path of the
/// bad value and what was expected), so every renderer validates the same way. Colours use
/// the style spec's CSS colour parser, so anything a `*-color` property accepts works here.
public struct CustomLayerOptions: Sendable {
    public let json: JSONObject

    /// Refuses keys outside `allowed`: a misspelt option would otherwise be a silent default.
    public init(_ json: JSONObject, allowed: Set<String>) throws {
        self.json = json
        for key in json.keys where !allowed.contains(key) {
            throw CustomLayerOptionsError(JSONPointer([key]),
                                          "unknown option \"\(key)\" (allowed: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// A finite number, `fallback` when absent; `valid` says which values are allowed and
    /// `expected` words that for the error.
    public func number(_ key: String, default fallback: Double, expected: String = "a number",
                       valid: (Double) -> Bool = { _ in true }) throws -> Double {
        guard let v = json[key] else { return fallback }
        return try Self.number(v, at: JSONPointer([key]), expected: expected, valid: valid)
    }

    /// A colour string, `fallback` when absent.
    public func color(_ key: String, default fallback: StyleColor) throws -> StyleColor {
        guard let v = json[key] else { return fallback }
        return try Self.color(v, at: JSONPointer([key]))
    }

    public static func number(_ v: JSONValue, at path: JSONPointer, expected: String = "a number",
                              valid: (Double) -> Bool = { _ in true }) throws -> Double {
        guard case .number(let n) = v else {
            throw CustomLayerOptionsError(path, "\(expected) expected, \(v.typeName) found")
        }
        guard n.isFinite, valid(n) else {
            throw CustomLayerOptionsError(path, "\(expected) expected, \(JSONValue.format(n)) found")
        }
        return n
    }

    public static func color(_ v: JSONValue, at path: JSONPointer) throws -> StyleColor {
        guard case .string(let s) = v else {
            throw CustomLayerOptionsError(path, "a colour string expected, \(v.typeName) found")
        }
        guard let c = StyleColor.parse(s), c.r.isFinite, c.g.isFinite, c.b.isFinite, c.a.isFinite else {
            throw CustomLayerOptionsError(path, "\"\(s)\" is not a colour")
        }
        return c
    }
}
