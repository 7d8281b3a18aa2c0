import JSON

/// The shape of a value as v8.json describes it (`type`, `value`, `length`, `values`).
///
/// Generated tables use it for every style key, from root keys to paint properties, so one
/// validator walks them all.
public indirect enum SpecType: Sendable, Hashable {
    case number
    case string
    case boolean
    case color
    /// `"*"`: anything goes (metadata, geojson `data`, cluster properties).
    case any
    /// One of the listed values (strings, or numbers for `version`).
    case enumeration([JSONValue])
    /// An array of `element`, optionally of an exact length.
    case array(SpecType, length: Int?)
    case resolvedImage
    case formatted
    case padding
    case numberArray
    case colorArray
    case variableAnchorOffsetCollection
    case projectionDefinition
    /// A named structure with its own rules (`light`, `sources`, `layer`, `paint`, `filter`,
    /// `transition`, `promoteId`, `sprite`, `fontFaces`, `state`, ...).
    case group(String)

    /// The enum values as strings (what expressions compare against).
    public var enumStrings: [String]? {
        guard case .enumeration(let values) = self else { return nil }
        return values.map { v in v.stringValue ?? JSONValue.format(v.numberValue ?? .nan) }
    }

    /// Name used in messages ("number", "array<number, 2>", "enum").
    public var name: String {
        switch self {
        case .number: return "number"
        case .string: return "string"
        case .boolean: return "boolean"
        case .color: return "color"
        case .any: return "*"
        case .enumeration: return "enum"
        case .array(let e, let n): return n.map { "array<\(e.name), \($0)>" } ?? "array<\(e.name)>"
        case .resolvedImage: return "resolvedImage"
        case .formatted: return "formatted"
        case .padding: return "padding"
        case .numberArray: return "numberArray"
        case .colorArray: return "colorArray"
        case .variableAnchorOffsetCollection: return "variableAnchorOffsetCollection"
        case .projectionDefinition: return "projectionDefinition"
        case .group(let g): return g
        }
    }
}
