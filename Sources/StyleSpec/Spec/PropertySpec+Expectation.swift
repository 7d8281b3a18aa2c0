import JSON

extension SpecType {
    /// The expression type a value of this spec type evaluates to.
    public var expressionType: ExpressionType {
        switch self {
        case .number: return .number
        case .string, .enumeration: return .string
        case .boolean: return .boolean
        case .color: return .color
        case .any, .group: return .value
        case .array(let element, let length): return .array(element.expressionType, length)
        case .resolvedImage: return .resolvedImage
        case .formatted: return .formatted
        case .padding: return .padding
        case .numberArray: return .numberArray
        case .colorArray: return .colorArray
        case .variableAnchorOffsetCollection: return .variableAnchorOffsetCollection
        case .projectionDefinition: return .projectionDefinition
        }
    }

    /// A spec default (JSON) as an evaluated value of this type.
    func defaultValue(_ json: JSONValue) -> Value {
        switch (self, json) {
        case (.color, .string(let s)):
            return StyleColor.parse(s).map(Value.color) ?? Value(json: json)
        case (.colorArray, .string(let s)):
            return StyleColor.parse(s).map { .colorArray([$0]) } ?? Value(json: json)
        case (.colorArray, .array(let items)):
            let colors = items.compactMap { $0.stringValue.flatMap(StyleColor.parse) }
            return colors.count == items.count ? .colorArray(colors) : Value(json: json)
        case (.numberArray, _):
            return Value(json: json).numbers.map(Value.numberArray) ?? Value(json: json)
        case (.padding, _):
            return Padding.from(Value(json: json)).map(Value.padding) ?? Value(json: json)
        default:
            return Value(json: json)
        }
    }
}

extension PropertySpec {
    /// What the expression compiler should accept for this property.
    public var expectation: PropertyExpectation {
        let params = expression?.parameters ?? []
        var length: Int?
        if case .array(_, let n) = type { length = n }
        return PropertyExpectation(
            type: type.expressionType,
            enumValues: type.enumStrings,
            defaultValue: defaultValue.map { type.defaultValue($0) },
            zoomAllowed: params.contains(.zoom),
            featureAllowed: params.contains(.feature),
            featureStateAllowed: params.contains(.featureState),
            lineProgressAllowed: params.contains(.lineProgress),
            interpolated: expression?.interpolated ?? false,
            minimum: minimum, maximum: maximum, arrayLength: length,
            propertyName: name,
            expressionsAllowed: expression != nil)
    }
}
