/// The static type of an expression, with MapLibre's names (they appear in error messages).
public indirect enum ExpressionType: Sendable, Hashable, CustomStringConvertible {
    case null, number, string, boolean, color, object, value, error
    case collator, formatted, resolvedImage, padding, numberArray, colorArray
    case variableAnchorOffsetCollection, projectionDefinition
    /// Array of an item type with an optional fixed length.
    case array(ExpressionType, Int?)

    public var isArray: Bool { if case .array = self { return true }; return false }

    /// MapLibre's kind name (`array` for every array type).
    public var kind: String {
        switch self {
        case .array: return "array"
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .null: return "null"
        case .number: return "number"
        case .string: return "string"
        case .boolean: return "boolean"
        case .color: return "color"
        case .object: return "object"
        case .value: return "value"
        case .error: return "error"
        case .collator: return "collator"
        case .formatted: return "formatted"
        case .resolvedImage: return "resolvedImage"
        case .padding: return "padding"
        case .numberArray: return "numberArray"
        case .colorArray: return "colorArray"
        case .variableAnchorOffsetCollection: return "variableAnchorOffsetCollection"
        case .projectionDefinition: return "projectionDefinition"
        case .array(let item, let n):
            if let n { return "array<\(item), \(n)>" }
            if item == .value { return "array" }
            return "array<\(item)>"
        }
    }

    /// The types a `value` may hold at run time.
    static let valueMembers: [ExpressionType] = [
        .null, .number, .string, .boolean, .color, .projectionDefinition, .formatted, .object,
        .array(.value, nil), .padding, .numberArray, .colorArray, .resolvedImage, .variableAnchorOffsetCollection,
    ]

    /// nil when `actual` may be used where `self` is expected, else MapLibre's message.
    public func subtypeError(_ actual: ExpressionType) -> String? {
        if isSupertype(of: actual) { return nil }
        return "Expected \(self) but found \(actual) instead."
    }

    /// Whether `actual` is a subtype of `self` (`error` is a subtype of everything).
    public func isSupertype(of actual: ExpressionType) -> Bool {
        if actual == .error { return true }
        switch self {
        case .array(let item, let n):
            guard case .array(let aItem, let aN) = actual else { return false }
            let itemOK = (aN == 0 && aItem == .value) || item.isSupertype(of: aItem)
            return itemOK && (n == nil || n == aN)
        case .value:
            if actual == .value { return true }
            return ExpressionType.valueMembers.contains { $0.isSupertype(of: actual) }
        default:
            return self.kind == actual.kind
        }
    }
}
