import JSON

/// Validates one source object (`sources.<id>`) and builds its `SourceSpec`.
struct SourceValidator {
    var diagnostics = Diagnostics()

    mutating func parse(id: String, _ value: JSONValue, at path: JSONPointer) -> SourceSpec? {
        guard case .object(let obj) = value else {
            diagnostics.error(path, "object expected, \(value.typeName) found", code: StyleErrorCode.invalidSource)
            return nil
        }
        guard let t = obj["type"] else {
            diagnostics.error(path, "\"type\" is required", code: StyleErrorCode.invalidSource)
            return nil
        }
        if t == .string("canvas") {
            diagnostics.error(path, "Please use runtime APIs to add canvas sources, rather than including them in stylesheets.",
                              code: StyleErrorCode.invalidSource)
            return nil
        }
        guard case .string(let typeName) = t, let type = SourceType(rawValue: typeName),
              let group = SpecTables.sources[typeName] else {
            let list = SpecTables.sourceTypes.joined(separator: ", ")
            diagnostics.error(path / "type", "expected one of [\(list)], \(t.shownInMessage) found",
                              code: StyleErrorCode.invalidSource)
            return nil
        }
        let before = diagnostics.errors.count
        var v = SpecValidator()
        v.validateObject(value, group: group, at: path, ignoring: type == .geojson ? ["clusterProperties"] : [])
        diagnostics.append(v.diagnostics.errors.map { e in
            var e = e
            if e.code == StyleErrorCode.invalidProperty || e.code == StyleErrorCode.unknownProperty { e.code = StyleErrorCode.invalidSource }
            return e
        })
        if type == .geojson, let cp = obj["clusterProperties"] {
            validateClusterProperties(cp, at: path / "clusterProperties")
        }
        guard diagnostics.errors.count == before else { return nil }
        return SourceSpec(id: id, type: type, json: obj)
    }

    /// `clusterProperties`: `{name: [operator, mapExpression]}` or
    /// `{name: [reduceExpression, mapExpression]}`; map expressions read feature properties
    /// only (no zoom, no feature-state).
    mutating func validateClusterProperties(_ value: JSONValue, at path: JSONPointer) {
        guard case .object(let props) = value else {
            diagnostics.error(path, "object expected, \(value.typeName) found", code: StyleErrorCode.invalidSource)
            return
        }
        for (name, def) in props {
            let p = path / name
            guard case .array(let parts) = def, parts.count == 2 else {
                diagnostics.error(p, "cluster property must be an array of [operator, map expression]",
                                  code: StyleErrorCode.invalidSource)
                continue
            }
            switch ExpressionCompiler.compileExpression(parts[1], expected: nil, at: p / 1) {
            case .failure(let errs): diagnostics.append(errs)
            case .success(let e):
                if e.usesZoom || e.usesFeatureState {
                    diagnostics.error(p / 1, "\"zoom\" and \"feature-state\" expressions are not supported with cluster properties.",
                                      code: StyleErrorCode.invalidSource)
                }
            }
        }
    }
}
