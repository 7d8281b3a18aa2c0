/// What a style property accepts. The style model builds one per property from v8.json.
public struct PropertyExpectation: Sendable {
    /// Value type after evaluation (enum properties: `.string`).
    public var type: ExpressionType
    /// Allowed strings for enum properties.
    public var enumValues: [String]?
    /// Used when evaluation fails or yields null.
    public var defaultValue: Value?
    /// v8 `expression.parameters` contains "zoom".
    public var zoomAllowed: Bool
    /// Contains "feature" (data-driven).
    public var featureAllowed: Bool
    /// Contains "feature-state".
    public var featureStateAllowed: Bool
    /// Contains "line-progress" (line-gradient).
    public var lineProgressAllowed: Bool
    /// v8 `expression.interpolated`.
    public var interpolated: Bool
    public var minimum: Double?
    public var maximum: Double?
    /// Fixed length for array properties.
    public var arrayLength: Int?
    /// For messages (`fill-color`).
    public var propertyName: String
    /// Strings are coerced (`to-string`) rather than asserted at the top level, as MapLibre
    /// does for string-typed properties (not enums).
    public var coercesStrings: Bool
    /// Constants and functions with a `{"stops"...}` form are accepted (false for properties
    /// whose v8 entry has no `expression` block, like `visibility`).
    public var expressionsAllowed: Bool
    /// Legacy `{token}` strings in zoom functions become `concat` of `get`s (text-field,
    /// icon-image: v8 "tokens": true).
    public var supportsTokens: Bool

    public init(type: ExpressionType, enumValues: [String]? = nil, defaultValue: Value? = nil,
                zoomAllowed: Bool = true, featureAllowed: Bool = false, featureStateAllowed: Bool = false,
                lineProgressAllowed: Bool = false, interpolated: Bool = false, minimum: Double? = nil,
                maximum: Double? = nil, arrayLength: Int? = nil, propertyName: String = "",
                coercesStrings: Bool? = nil, expressionsAllowed: Bool = true, supportsTokens: Bool = false) {
        self.type = type; self.enumValues = enumValues; self.defaultValue = defaultValue
        self.zoomAllowed = zoomAllowed; self.featureAllowed = featureAllowed
        self.featureStateAllowed = featureStateAllowed; self.lineProgressAllowed = lineProgressAllowed
        self.interpolated = interpolated; self.minimum = minimum; self.maximum = maximum
        self.arrayLength = arrayLength; self.propertyName = propertyName
        self.coercesStrings = coercesStrings ?? (type == .string && enumValues == nil)
        self.expressionsAllowed = expressionsAllowed
        self.supportsTokens = supportsTokens
    }
}
