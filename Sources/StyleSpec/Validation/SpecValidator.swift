import JSON

/// Validates plain (non-expression) values against v8 spec entries: root keys, source keys,
/// layer keys, transitions, terrain. Messages follow MapLibre's validator ("number expected,
/// string found"), paths are JSON pointers.
struct SpecValidator {
    var diagnostics = Diagnostics()

    /// Validates `value` as `spec` at `path`. Expression-capable entries (light, sky,
    /// projection) go through the expression compiler instead.
    mutating func validate(_ value: JSONValue, as spec: PropertySpec, at path: JSONPointer) {
        if spec.expression != nil {
            if case .failure(let errs) = ExpressionCompiler.compileProperty(
                value, expecting: spec.expectation, at: path) {
                diagnostics.append(errs)
            }
            return
        }
        validate(value, type: spec.type, minimum: spec.minimum, maximum: spec.maximum, at: path)
    }

    mutating func validate(_ value: JSONValue, type: SpecType, minimum: Double? = nil, maximum: Double? = nil,
                           at path: JSONPointer) {
        switch type {
        case .any:
            return
        case .number:
            guard case .number(let n) = value else { return typeError("number", value, path) }
            if let minimum, n < minimum {
                diagnostics.error(path, "\(JSONValue.format(n)) is less than the minimum value \(JSONValue.format(minimum))")
            }
            if let maximum, n > maximum {
                diagnostics.error(path, "\(JSONValue.format(n)) is greater than the maximum value \(JSONValue.format(maximum))")
            }
        case .string:
            guard case .string = value else { return typeError("string", value, path) }
        case .boolean:
            guard case .bool = value else { return typeError("boolean", value, path) }
        case .color:
            guard case .string(let s) = value else { return typeError("color", value, path) }
            if StyleColor.parse(s) == nil { diagnostics.error(path, "color expected, \(value.shownInMessage) found") }
        case .enumeration(let values):
            if !values.contains(value) {
                let list = values.map { $0.stringValue ?? $0.serialized() }.joined(separator: ", ")
                diagnostics.error(path, "expected one of [\(list)], \(value.shownInMessage) found")
            }
        case .array(let element, let length):
            guard case .array(let items) = value else { return typeError("array", value, path) }
            if let length, items.count != length {
                diagnostics.error(path, "array length \(length) expected, length \(items.count) found")
                return
            }
            for (i, item) in items.enumerated() {
                validate(item, type: element, minimum: minimum, maximum: maximum, at: path / i)
            }
        case .group(let name):
            validateGroup(name, value, at: path)
        case .resolvedImage, .formatted, .padding, .numberArray, .colorArray, .variableAnchorOffsetCollection,
             .projectionDefinition:
            // Only paint/layout/light entries have these types; they are compiled as expressions.
            return
        }
    }

    mutating func typeError(_ expected: String, _ value: JSONValue, _ path: JSONPointer) {
        diagnostics.error(path, "\(expected) expected, \(value.typeName) found")
    }

    /// Validates an object against a group of keys: unknown keys are errors unless the group
    /// allows others; required keys must be present.
    /// Unknown keys are reported at the object (as the spec's validator does), or at the key
    /// itself with `unknownAtKey` (light, sky, terrain).
    mutating func validateObject(_ value: JSONValue, group: SpecGroup, at path: JSONPointer,
                                 ignoring: Set<String> = [], unknownAtKey: Bool = false) {
        guard case .object(let obj) = value else { return typeError("object", value, path) }
        for (k, v) in obj where !ignoring.contains(k) {
            if let spec = group[k] {
                validate(v, as: spec, at: path / k)
            } else if !group.allowsOtherKeys {
                diagnostics.error(unknownAtKey ? path / k : path, "unknown property \"\(k)\"", code: StyleErrorCode.unknownProperty)
            }
        }
        for spec in group.properties where spec.required && obj[spec.name] == nil {
            diagnostics.error(path, "missing required property \"\(spec.name)\"")
        }
    }

    /// The named structures of v8.json that are not plain key groups.
    mutating func validateGroup(_ name: String, _ value: JSONValue, at path: JSONPointer) {
        switch name {
        case "light": validateObject(value, group: SpecTables.light, at: path, unknownAtKey: true)
        case "sky": validateObject(value, group: SpecTables.sky, at: path, unknownAtKey: true)
        case "terrain": validateObject(value, group: SpecTables.terrain, at: path, unknownAtKey: true)
        case "projection": validateObject(value, group: SpecTables.projection, at: path)
        case "transition": validateObject(value, group: SpecTables.transition, at: path)
        case "promoteId": validatePromoteId(value, at: path)
        case "sprite": validateSprite(value, at: path)
        case "fontFaces": validateFontFaces(value, at: path)
        case "state": validateState(value, at: path)
        case "filter":
            if case .failure(let errs) = ExpressionCompiler.compileFilter(value, at: path) { diagnostics.append(errs) }
        default:
            // `sources`, `layer`, `paint`, `layout` are validated by their own parsers.
            return
        }
    }

    mutating func validatePromoteId(_ value: JSONValue, at path: JSONPointer) {
        switch value {
        case .string: return
        case .object(let o):
            for (k, v) in o where v.stringValue == nil { typeError("string", v, path / k) }
        default: typeError("string", value, path)
        }
    }

    /// `sprite`: a URL string, or an array of `{id, url}` with unique ids.
    mutating func validateSprite(_ value: JSONValue, at path: JSONPointer) {
        switch value {
        case .string: return
        case .array(let items):
            var seen = Set<String>()
            for (i, item) in items.enumerated() {
                guard case .object(let o) = item else { typeError("object", item, path / i); continue }
                for (k, v) in o {
                    if k == "id" || k == "url" {
                        if v.stringValue == nil { typeError("string", v, path / i / k) }
                    } else {
                        diagnostics.error(path / i / k, "unknown property \"\(k)\"", code: StyleErrorCode.unknownProperty)
                    }
                }
                for k in ["id", "url"] where o[k] == nil { diagnostics.error(path / i, "missing required property \"\(k)\"") }
                if let id = o["id"]?.stringValue, !seen.insert(id).inserted {
                    diagnostics.error(path / i / "id", "all the sprites' ids must be unique, but \(id) is duplicated")
                }
            }
        default:
            diagnostics.error(path, "sprite expected a string or an array, \(value.typeName) found")
        }
    }

    /// `font-faces`: an object of font name → URL string or array of `{url, unicode-range}`.
    mutating func validateFontFaces(_ value: JSONValue, at path: JSONPointer) {
        guard case .object(let o) = value else { return typeError("object", value, path) }
        for (name, v) in o {
            switch v {
            case .string: continue
            case .array(let faces):
                for (i, face) in faces.enumerated() {
                    guard case .object(let f) = face else { typeError("object", face, path / name / i); continue }
                    if f["url"]?.stringValue == nil { diagnostics.error(path / name / i, "missing required property \"url\"") }
                    if let r = f["unicode-range"] {
                        validate(r, type: .array(.string, length: nil), at: path / name / i / "unicode-range")
                    }
                }
            default:
                diagnostics.error(path / name, "string or array expected, \(v.typeName) found")
            }
        }
    }

    /// `state`: global-state declarations `{name: {"default": value}}`.
    mutating func validateState(_ value: JSONValue, at path: JSONPointer) {
        guard case .object(let o) = value else { return typeError("object", value, path) }
        for (name, decl) in o {
            guard case .object(let d) = decl else { typeError("object", decl, path / name); continue }
            if d["default"] == nil { diagnostics.error(path / name, "missing required property \"default\"") }
        }
    }
}
