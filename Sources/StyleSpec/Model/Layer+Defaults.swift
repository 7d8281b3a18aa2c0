import JSON

extension Layer {
    /// The property as the renderer should evaluate it: the layer's compiled value, or the
    /// spec default as a constant when unset. nil only for names the layer type does not have.
    public func property(_ name: String, in section: PropertySection) -> PropertyExpression? {
        if let set = (section == .paint ? paint : layout)[name] { return set }
        return SpecDefaults.shared.value(name, type: type, section: section)
    }

    public func paintProperty(_ name: String) -> PropertyExpression? { property(name, in: .paint) }
    public func layoutProperty(_ name: String) -> PropertyExpression? { property(name, in: .layout) }
}

/// Spec defaults as constant property expressions, built once per layer type.
final class SpecDefaults: Sendable {
    static let shared = SpecDefaults()

    private let tables: [LayerType: [PropertySection: [String: PropertyExpression]]]

    private init() {
        var t: [LayerType: [PropertySection: [String: PropertyExpression]]] = [:]
        for type in LayerType.allCases {
            for section in [PropertySection.paint, .layout] {
                let group = section == .paint ? SpecTables.paint(for: type) : SpecTables.layout(for: type)
                var values: [String: PropertyExpression] = [:]
                for spec in group.properties {
                    let e = spec.expectation
                    values[spec.name] = .constant(e.defaultValue ?? .null, expectation: e)
                }
                t[type, default: [:]][section] = values
            }
        }
        tables = t
    }

    func value(_ name: String, type: LayerType, section: PropertySection) -> PropertyExpression? {
        tables[type]?[section]?[name]
    }
}
