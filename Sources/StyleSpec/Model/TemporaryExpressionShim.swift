// TEMPORARY: stand-ins for the `expr` branch's API (Sources/StyleSpec/Expression/) so the
// style model compiles before that branch lands. Deleted in the merge of `expr`.
import JSON

public struct StyleColor: Sendable, Hashable {
    public var r, g, b, a: Double
    public static func parse(_ css: String) -> StyleColor? {
        css.hasPrefix("#") || css.hasPrefix("rgb") || css.hasPrefix("hsl") || ["red", "white", "black", "blue", "green", "transparent"].contains(css)
            ? StyleColor(r: 0, g: 0, b: 0, a: 1) : nil
    }
}

public struct Padding: Sendable, Hashable {
    public static func from(_ v: Value) -> Padding? { nil }
}

public indirect enum ExpressionType: Sendable, Hashable {
    case null, number, string, boolean, color, object, value, error
    case collator, formatted, resolvedImage, padding, numberArray, colorArray
    case variableAnchorOffsetCollection, projectionDefinition
    case array(ExpressionType, Int?)
}

public enum Value: Sendable, Hashable {
    case null, boolean(Bool), number(Double), string(String), color(StyleColor), array([Value]), object(JSONObject)
    case numberArray([Double]), colorArray([StyleColor]), padding(Padding)
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
    public var stringValue: String? { if case .string(let v) = self { return v }; return nil }
    public var numbers: [Double]? { nil }
}

public struct EvaluationContext: Sendable {
    public var zoom: Double
    public var globalState: JSONObject
    public init(zoom: Double = 0, globalState: JSONObject = JSONObject()) { self.zoom = zoom; self.globalState = globalState }
}

public struct PropertyExpectation: Sendable {
    public var type: ExpressionType
    public var enumValues: [String]?
    public var defaultValue: Value?
    public var zoomAllowed, featureAllowed, featureStateAllowed, lineProgressAllowed, interpolated: Bool
    public var minimum, maximum: Double?
    public var arrayLength: Int?
    public var propertyName: String
    public var expressionsAllowed: Bool
    public init(type: ExpressionType, enumValues: [String]? = nil, defaultValue: Value? = nil,
                zoomAllowed: Bool = true, featureAllowed: Bool = false, featureStateAllowed: Bool = false,
                lineProgressAllowed: Bool = false, interpolated: Bool = false, minimum: Double? = nil,
                maximum: Double? = nil, arrayLength: Int? = nil, propertyName: String = "",
                coercesStrings: Bool? = nil, expressionsAllowed: Bool = true) {
        self.type = type; self.enumValues = enumValues; self.defaultValue = defaultValue
        self.zoomAllowed = zoomAllowed; self.featureAllowed = featureAllowed; self.featureStateAllowed = featureStateAllowed
        self.lineProgressAllowed = lineProgressAllowed; self.interpolated = interpolated
        self.minimum = minimum; self.maximum = maximum; self.arrayLength = arrayLength
        self.propertyName = propertyName; self.expressionsAllowed = expressionsAllowed
    }
}

public final class CompiledExpression: Sendable {
    public let usesZoom = false, usesFeatureState = false
    init() {}
}

public struct PropertyExpression: Sendable {
    let value: Value
    public func evaluate(_ ctx: EvaluationContext) -> Value { value }
}

public enum ExpressionCompiler {
    public static func compileProperty(_ json: JSONValue, expecting: PropertyExpectation, at path: JSONPointer)
        -> Result<PropertyExpression, [StyleError]> {
        if let e = expecting.enumValues, case .string(let s) = json, !e.contains(s) {
            return .failure([StyleError(path: path, message: "bad enum", code: "invalid_expression")])
        }
        if expecting.type == .number, !(json.numberValue != nil || json.arrayValue != nil || json.objectValue != nil) {
            return .failure([StyleError(path: path, message: "number expected", code: "invalid_expression")])
        }
        return .success(PropertyExpression(value: Value(json: json)))
    }
    public static func compileFilter(_ json: JSONValue, at path: JSONPointer) -> Result<CompiledExpression, [StyleError]> {
        guard case .array = json else { return .failure([StyleError(path: path, message: "array expected", code: "invalid_expression")]) }
        return .success(CompiledExpression())
    }
    public static func compileExpression(_ json: JSONValue, expected: ExpressionType?, at path: JSONPointer)
        -> Result<CompiledExpression, [StyleError]> { .success(CompiledExpression()) }
}
