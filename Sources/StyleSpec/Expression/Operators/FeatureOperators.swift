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
            Overload(.fixed([.string]), { c, ctx in
                let key = try c.string(c.args[0], ctx)
                return lookup(ctx.feature?.properties ?? JSONObject(), key)
            }),
            Overload(.fixed([.string, .object]), { c, ctx in
                let key = try c.string(c.args[0], ctx)
                return lookup(try object(c, c.args[1], ctx), key)
            }),
        ], readsWhenArity: (1, .feature)),
        "has": Def(.boolean, [
            Overload(.fixed([.string]), { c, ctx in
                let key = try c.string(c.args[0], ctx)
                return .boolean(ctx.feature?.properties[key] != nil)
            }),
            Overload(.fixed([.string, .object]), { c, ctx in
                let key = try c.string(c.args[0], ctx)
                return .boolean(try object(c, c.args[1], ctx)[key] != nil)
            }),
        ], readsWhenArity: (1, .feature)),
        "feature-state": Def(.value, [Overload(.fixed([.string]), { c, ctx in
            let key = try c.string(c.args[0], ctx)
            return lookup(ctx.feature?.state ?? JSONObject(), key)
        })], reads: .featureState),
        "properties": Def(.object, [Overload(.fixed([]), { _, ctx in
            .object(ctx.feature?.properties ?? JSONObject())
        })], reads: .feature),
        "geometry-type": Def(.string, [Overload(.fixed([]), { _, ctx in
            guard let f = ctx.feature else { return .null }
            return .string(f.geometryTypeName)
        })], reads: .feature),
        "id": Def(.value, [Overload(.fixed([]), { _, ctx in
            guard let id = ctx.feature?.id else { return .null }
            return Value(json: id)
        })], reads: .feature),
        "zoom": Def(.number, [Overload(.fixed([]), { _, ctx in .number(ctx.zoom) })], reads: .zoom),
        "heatmap-density": Def(.number, [Overload(.fixed([]), { _, ctx in .number(ctx.heatmapDensity ?? 0) })], reads: .heatmapDensity),
        "line-progress": Def(.number, [Overload(.fixed([]), { _, ctx in .number(ctx.lineProgress ?? 0) })], reads: .lineProgress),
        "elevation": Def(.number, [Overload(.fixed([]), { _, ctx in .number(ctx.elevation ?? 0) })], reads: .elevation),
    ]
}
