import JSON
import StyleSpec

extension StrataApp {
    /// `PATCH /layers/{id}` with `renderer` and/or `options` (custom layers): options merge
    /// key by key like paint properties (`null` removes one), then the layer is re-added in
    /// place — there is no finer command for options — so the renderer validates the result
    /// and an error points at `/options/...` in the body. Runs before the other keys' steps.
    static func customLayerSteps(_ layer: Layer, _ body: JSONObject, in style: Style) throws -> [MutationPlan.Step] {
        guard body["renderer"] != nil || body["options"] != nil else { return [] }
        guard layer.type == .custom else {
            let key = body["renderer"] != nil ? "renderer" : "options"
            throw APIError.badRequest("\"\(key)\" only applies to custom layers", code: "invalid_property", path: "/\(key)")
        }
        var json = layer.json
        if let r = body["renderer"] { json["renderer"] = r }
        if let v = body["options"] {
            guard case .object(let changes) = v else {
                throw APIError.badRequest("\"options\" must be an object of options", code: "invalid_options", path: "/options")
            }
            var options = layer.json["options"]?.objectValue ?? JSONObject()
            for (k, value) in changes { options[k] = value.isNull ? nil : value }
            json["options"] = .object(options)
        }
        let index = style.layerPosition(layer.id) ?? style.layers.count
        let before = index + 1 < style.layers.count ? style.layers[index + 1].id : nil
        return [
            .init(command: .removeLayer(layer.id), bodyPath: .root, valueArgument: nil),
            .init(command: .addLayer(json, beforeId: before), bodyPath: .root, valueArgument: 1),
        ]
    }
}
