/// The style specification as tables (generated from v8.json into `Generated/`), plus the
/// lookups the validator and the renderer use.
public enum SpecTables {
    /// Paint properties of a layer type (empty for `slot`/`custom`, which have none).
    public static func paint(for type: LayerType) -> SpecGroup {
        paintByLayerType[type.rawValue] ?? SpecGroup("paint_\(type.rawValue)", [])
    }

    /// Layout properties of a layer type; `slot`/`custom` layers accept `visibility` only.
    public static func layout(for type: LayerType) -> SpecGroup {
        layoutByLayerType[type.rawValue] ?? SpecGroup("layout_\(type.rawValue)", [visibilityOnly])
    }

    /// The property `name` of a layer type in `section`.
    public static func property(_ name: String, of type: LayerType, in section: PropertySection) -> PropertySpec? {
        section == .paint ? paint(for: type)[name] : layout(for: type)[name]
    }

    private static let visibilityOnly = PropertySpec(
        "visibility", .enumeration(["visible", "none"]), default: "visible",
        expression: ExpressionSupport(interpolated: false, parameters: [.globalState]), propertyType: .constant)
}
