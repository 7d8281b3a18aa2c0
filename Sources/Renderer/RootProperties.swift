import JSON
import StyleSpec

/// A root object of the style (`light`, `sky`) evaluated for one render: each property from
/// the object, or the spec's default, compiled and evaluated at the frame's zoom and global
/// state. nil for a property the spec does not list or whose value does not compile.
struct RootProperties {
    let json: JSONObject
    let group: SpecGroup
    let context: EvaluationContext

    init(_ style: Style, key: String, group: SpecGroup, context: EvaluationContext) {
        json = style.root[key]?.objectValue ?? JSONObject()
        self.group = group
        self.context = context
    }

    func value(_ name: String) -> Value? {
        guard let spec = group.properties.first(where: { $0.name == name }),
              let raw = json[name] ?? spec.defaultValue,
              case .success(let e) = ExpressionCompiler.compileProperty(raw, expecting: spec.expectation, at: .root)
        else { return nil }
        return e.evaluate(context)
    }
}
