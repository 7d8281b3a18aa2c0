import JSON

/// Reads of the feature and the camera: `get`, `has`, `properties`, `feature-state`,
/// `geometry-type`, `id`, `zoom`, `heatmap-density`, `line-progress`, `elevation`.
enum FeatureOperators {
    typealias Def = CompoundDefinition

    static func lookup(_ obj: JSONObject, _ key: String) -> Value {
        guard let v = obj[key] else { return .null }
        return Value(json: v)
    }

    static func object(_ c: Compound, _ e: Expr, _ ctx: EvaluationContext) throws -> JSONObject {
        let v = try e.evaluate(ctx)
        if case .object(let o) = v { return o }
        throw e.fail("Expected value to be of type object, but found \(v.type) instead.")
    }

    static let definitions: [String: Def] = [
        "get": Def(.value, [
            (.fixed([.string]), { c, ctx in
                let key = try c.string(c.args[0], ctx)
                return lookup(ctx.feature?.properties ?? JSONObject(), key)
            }),
            (.fixed([.string, .object]), { c, ctx in
                let key = try c.string(c.args[0], ctx)
                return lookup(try object(c, c.args[1], ctx), key)
            }),
        ], readsWhenArity: (1, .feature)),
        "has": Def(.boolean, [
            (.fixed([.string]), { c, ctx in
                let key = try c.string(c.args[0], ctx)
                return .boolean(ctx.feature?.properties[key] != nil)
            }),
            (.fixed([.string, .object]), { c, ctx in
                let key = try c.string(c.args[0], ctx)
                return .boolean(try object(c, c.args[1], ctx)[key] != nil)
            }),
        ], readsWhenArity: (1, .feature)),
        "feature-state": Def(.value, [(.fixed([.string]), { c, ctx in
            let key = try c.string(c.args[0], ctx)
            return lookup(ctx.feature?.state ?? JSONObject(), key)
        })], reads: .featureState),
        "properties": Def(.object, [(.fixed([]), { _, ctx in
            .object(ctx.feature?.properties ?? JSONObject())
        })], reads: .feature),
        "geometry-type": Def(.string, [(.fixed([]), { _, ctx in
            guard let f = ctx.feature else { return .null }
            return .string(f.geometryTypeName)
        })], reads: .feature),
        "id": Def(.value, [(.fixed([]), { _, ctx in
            guard let id = ctx.feature?.id else { return .null }
            return Value(json: id)
        })], reads: .feature),
        "zoom": Def(.number, [(.fixed([]), { _, ctx in .number(ctx.zoom) })], reads: .zoom),
        "heatmap-density": Def(.number, [(.fixed([]), { _, ctx in .number(ctx.heatmapDensity ?? 0) })], reads: .heatmapDensity),
        "line-progress": Def(.number, [(.fixed([]), { _, ctx in .number(ctx.lineProgress ?? 0) })], reads: .lineProgress),
        "elevation": Def(.number, [(.fixed([]), { _, ctx in .number(ctx.elevation ?? 0) })], reads: .elevation),
    ]
}
