import JSON

/// Which inputs an expression for a property may read (v8.json `expression.parameters`).
public enum ExpressionParameter: String, Sendable, Hashable, CaseIterable {
    case zoom
    case feature
    case featureState = "feature-state"
    case lineProgress = "line-progress"
    case heatmapDensity = "heatmap-density"
    case globalState = "global-state"
    case elevation
}

/// How a property's value may vary (v8.json `property-type`).
public enum PropertyType: String, Sendable, Hashable, CaseIterable {
    case dataDriven = "data-driven"
    case crossFaded = "cross-faded"
    case crossFadedDataDriven = "cross-faded-data-driven"
    case colorRamp = "color-ramp"
    case dataConstant = "data-constant"
    case constant
}

/// Expression support of a property: nil on a `PropertySpec` means "constants only".
public struct ExpressionSupport: Sendable, Hashable {
    public let interpolated: Bool
    public let parameters: Set<ExpressionParameter>

    public init(interpolated: Bool, parameters: Set<ExpressionParameter>) {
        self.interpolated = interpolated; self.parameters = parameters
    }
}

/// Where a property lives in a layer.
public enum PropertySection: String, Sendable, Hashable {
    case paint, layout
}

/// One key of the style specification: a paint or layout property, or a root/source/layer/light
/// key. Facts come from v8.json through `Scripts/generate-spec-tables.py`.
public struct PropertySpec: Sendable, Hashable {
    public let name: String
    public let type: SpecType
    public let required: Bool
    public let defaultValue: JSONValue?
    public let minimum: Double?
    public let maximum: Double?
    public let units: String?
    public let period: Double?
    /// Whether a `<name>-transition` key is accepted next to it.
    public let transition: Bool
    public let expression: ExpressionSupport?
    public let propertyType: PropertyType?
    /// Accepts `{token}` substitution (text-field, icon-image).
    public let tokens: Bool

    public init(_ name: String, _ type: SpecType, required: Bool = false, default defaultValue: JSONValue? = nil,
                minimum: Double? = nil, maximum: Double? = nil, units: String? = nil, period: Double? = nil,
                transition: Bool = false, expression: ExpressionSupport? = nil,
                propertyType: PropertyType? = nil, tokens: Bool = false) {
        self.name = name; self.type = type; self.required = required; self.defaultValue = defaultValue
        self.minimum = minimum; self.maximum = maximum; self.units = units; self.period = period
        self.transition = transition; self.expression = expression; self.propertyType = propertyType
        self.tokens = tokens
    }

    /// True when the value may depend on feature data (v8 `parameters` contains `feature`).
    public var isDataDriven: Bool { expression?.parameters.contains(.feature) ?? false }
    public var isZoomDependent: Bool { expression?.parameters.contains(.zoom) ?? false }
}

/// An ordered group of keys (a layer type's paint properties, a source type's keys, ...).
public struct SpecGroup: Sendable {
    public let name: String
    public let properties: [PropertySpec]
    /// Whether keys not listed are allowed (`"*"` in v8.json, e.g. vector sources).
    public let allowsOtherKeys: Bool
    private let index: [String: Int]

    public init(_ name: String, allowsOtherKeys: Bool = false, _ properties: [PropertySpec]) {
        self.name = name; self.properties = properties; self.allowsOtherKeys = allowsOtherKeys
        var idx: [String: Int] = [:]
        for (i, p) in properties.enumerated() { idx[p.name] = i }
        index = idx
    }

    public subscript(name: String) -> PropertySpec? { index[name].map { properties[$0] } }
    public var names: [String] { properties.map(\.name) }
}
