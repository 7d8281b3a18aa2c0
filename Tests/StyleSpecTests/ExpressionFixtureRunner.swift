import Foundation
import Geo
import JSON
@testable import StyleSpec

/// Runs one maplibre-style-spec expression fixture (`test.json`) against our compiler and
/// evaluator, the way their harness does: compile with the fixture's property spec, compare
/// the compiled summary or the errors, then evaluate every input and compare outputs with
/// 6 significant decimal digits.
struct ExpressionFixtureRunner {
    static let rootKey = "layers[0].paint.some-property"

    struct Outcome {
        var passed: Bool
        var detail: String
    }

    /// PropertyExpectation from a fixture's `propertySpec`, completed like their harness
    /// (data-driven, zoom + feature, interpolated when absent).
    static func expectation(_ spec: JSONObject?) -> (PropertyExpectation, ExpressionType?) {
        let spec = spec ?? JSONObject()
        let propertyType = spec["property-type"]?.stringValue ?? "data-driven"
        let exprSpec = spec["expression"]?.objectValue
        let parameters = exprSpec?["parameters"]?.arrayValue?.compactMap(\.stringValue) ?? ["zoom", "feature"]
        let interpolated = exprSpec == nil ? true : (exprSpec?["interpolated"]?.boolValue ?? false)
        var enumValues: [String]? = nil
        var type: ExpressionType? = nil
        switch spec["type"]?.stringValue {
        case "color": type = .color
        case "string": type = .string
        case "number": type = .number
        case "boolean": type = .boolean
        case "enum":
            type = .string
            if case .object(let values)? = spec["values"] { enumValues = values.keys }
            else if case .array(let values)? = spec["values"] { enumValues = values.compactMap(\.stringValue) }
        case "formatted": type = .formatted
        case "padding": type = .padding
        case "numberArray": type = .numberArray
        case "colorArray": type = .colorArray
        case "resolvedImage": type = .resolvedImage
        case "projectionDefinition": type = .projectionDefinition
        case "variableAnchorOffsetCollection": type = .variableAnchorOffsetCollection
        case "array":
            let item: ExpressionType
            switch spec["value"]?.stringValue {
            case "number": item = .number
            case "string": item = .string
            case "boolean": item = .boolean
            case "color": item = .color
            default: item = .value
            }
            type = .array(item, spec["length"]?.intValue)
        default: type = nil
        }
        var defaultValue: Value? = nil
        if let d = spec["default"] {
            switch (type, d) {
            case (.color?, .string(let s)): defaultValue = StyleColor.parse(s).map(Value.color)
            case (.color?, .object): defaultValue = .color(.transparent)
            case (.padding?, _): defaultValue = Padding.from(Value(json: d)).map(Value.padding)
            default: defaultValue = Value(json: d)
            }
        }
        let e = PropertyExpectation(
            type: type ?? .value, enumValues: enumValues, defaultValue: defaultValue,
            zoomAllowed: parameters.contains("zoom"), featureAllowed: propertyType == "data-driven",
            // MapLibre's createPropertyExpression does not restrict feature-state.
            featureStateAllowed: true, lineProgressAllowed: true, interpolated: interpolated,
            arrayLength: spec["length"]?.intValue, propertyName: "some-property",
            coercesStrings: spec["type"]?.stringValue == "string",
            supportsTokens: spec["tokens"]?.boolValue ?? false)
        return (e, type)
    }

    static func run(_ fixture: JSONValue) -> Outcome {
        guard case .object(let f) = fixture, let expected = f["expected"]?.objectValue,
              let expectedCompiled = expected["compiled"]?.objectValue else {
            return Outcome(passed: false, detail: "malformed fixture")
        }
        let (e, _) = expectation(f["propertySpec"]?.objectValue)
        let expr = f["expression"] ?? .null
        let result: Result<PropertyExpression, [StyleError]>
        if case .object = expr {
            result = ExpressionCompiler.compileProperty(expr, expecting: e, at: .root)
        } else {
            result = ExpressionCompiler.compilePropertyExpression(expr, e, at: .root)
        }
        let compiled: PropertyExpression
        switch result {
        case .failure(let errors):
            let actual: JSONValue = .object(JSONObject([
                ("result", "error"),
                ("errors", .array(errors.map { err in
                    .object(JSONObject([("key", .string(err.path.tokens.map { "[\($0)]" }.joined())), ("error", .string(err.message))]))
                })),
            ]))
            let ok = deepEqual(actual, .object(expectedCompiled))
            return Outcome(passed: ok, detail: ok ? "" : "compile: expected \(JSONValue.object(expectedCompiled).serialized())\n   actual   \(actual.serialized())")
        case .success(let c):
            compiled = c
        }
        let root = compiled.expression!
        let summary: JSONValue = .object(JSONObject([
            ("result", "success"),
            ("isFeatureConstant", .bool(root.isFeatureConstant)),
            ("isZoomConstant", .bool(!root.usesZoom)),
            ("type", .string(root.type.description)),
        ]))
        guard deepEqual(summary, .object(expectedCompiled)) else {
            return Outcome(passed: false, detail: "compile: expected \(JSONValue.object(expectedCompiled).serialized())\n   actual   \(summary.serialized())")
        }
        let globalState = f["globalState"]?.objectValue ?? JSONObject()
        var outputs: [JSONValue] = []
        for input in f["inputs"]?.arrayValue ?? [] {
            let globals = input[0]?.objectValue ?? JSONObject()
            let featureJSON = input[1]?.objectValue ?? JSONObject()
            var ctx = EvaluationContext(zoom: globals["zoom"]?.numberValue ?? 0, globalState: globalState)
            ctx.heatmapDensity = globals["heatmapDensity"]?.numberValue
            ctx.elevation = globals["elevation"]?.numberValue
            ctx.availableImages = Set((globals["availableImages"]?.arrayValue ?? []).compactMap(\.stringValue))
            ctx.feature = feature(featureJSON, canonical: globals["canonicalID"]?.objectValue)
            ctx.tileZoom = globals["canonicalID"]?["z"]?.intValue
            do {
                outputs.append(serialize(try root.evaluate(ctx), topType: root.type))
            } catch let err as ExpressionEvaluationError {
                outputs.append(.object(JSONObject([("error", .string("\(rootKey)\(err.key): \(err.message)"))])))
            } catch {
                outputs.append(.object(JSONObject([("error", .string("\(error)"))])))
            }
        }
        let expectedOutputs = expected["outputs"] ?? .array([])
        let ok = deepEqual(.array(outputs), expectedOutputs)
        return Outcome(passed: ok, detail: ok ? "" : "outputs: expected \(expectedOutputs.serialized())\n   actual   \(JSONValue.array(outputs).serialized())")
    }

    /// A fixture feature; geometry given with a tile id is snapped to that tile's 8192 grid
    /// like MapLibre's harness does, then expressed in world coordinates.
    static func feature(_ json: JSONObject, canonical: JSONObject?) -> FeatureContext {
        var fc = FeatureContext(id: json["id"], properties: json["properties"]?.objectValue ?? JSONObject(),
                                state: json["featureState"]?.objectValue ?? JSONObject())
        guard case .object(let g)? = json["geometry"], let type = g["type"]?.stringValue else { return fc }
        let coords = g["coordinates"] ?? .null
        func point(_ c: JSONValue) -> WorldPoint {
            let lon = c[0]?.numberValue ?? 0, lat = c[1]?.numberValue ?? 0
            var p = WebMercator.project(lon: lon, lat: lat)
            if let canonical, let z = canonical["z"]?.numberValue, let x = canonical["x"]?.numberValue, let y = canonical["y"]?.numberValue {
                let scale = pow(2.0, z), extent = 8192.0
                let tx = ((p.x * scale - x) * extent).rounded(), ty = ((p.y * scale - y) * extent).rounded()
                p = WorldPoint((x + tx / extent) / scale, (y + ty / extent) / scale)
            }
            return p
        }
        var geometry: FeatureGeometry
        func appendPart(_ list: JSONValue, to geo: inout FeatureGeometry) {
            for c in list.arrayValue ?? [] { geo.points.append(point(c)) }
            geo.partEnds.append(Int32(geo.points.count))
        }
        switch type {
        case "Point":
            geometry = FeatureGeometry(type: .point)
            geometry.points = [point(coords)]; geometry.partEnds = [1]
        case "MultiPoint":
            geometry = FeatureGeometry(type: .point)
            appendPart(coords, to: &geometry)
        case "LineString":
            geometry = FeatureGeometry(type: .lineString)
            appendPart(coords, to: &geometry)
        case "MultiLineString":
            geometry = FeatureGeometry(type: .lineString)
            for line in coords.arrayValue ?? [] { appendPart(line, to: &geometry) }
        case "Polygon":
            geometry = FeatureGeometry(type: .polygon)
            for ring in coords.arrayValue ?? [] { appendPart(ring, to: &geometry) }
            geometry.polygonEnds = [Int32(geometry.partEnds.count)]
        case "MultiPolygon":
            geometry = FeatureGeometry(type: .polygon)
            for poly in coords.arrayValue ?? [] {
                for ring in poly.arrayValue ?? [] { appendPart(ring, to: &geometry) }
                geometry.polygonEnds.append(Int32(geometry.partEnds.count))
            }
        default:
            return fc
        }
        fc.geometryType = geometry.type
        fc.isMulti = type.hasPrefix("Multi")
        if canonical != nil { fc.geometry = geometry }
        return fc
    }

    /// A result as their harness prints it (colours premultiplied, rich values as objects).
    static func serialize(_ v: Value, topType: ExpressionType) -> JSONValue {
        func colorObject(_ c: StyleColor) -> JSONValue {
            let p = c.premultiplied
            return .object(JSONObject([("r", .number(p.r)), ("g", .number(p.g)), ("b", .number(p.b)), ("a", .number(p.a))]))
        }
        switch v {
        case .color(let c):
            if topType == .color { let p = c.premultiplied; return .array([.number(p.r), .number(p.g), .number(p.b), .number(p.a)]) }
            return colorObject(c)
        case .array(let a): return .array(a.map { serialize($0, topType: .value) })
        case .formatted(let f):
            return .object(JSONObject([("sections", .array(f.sections.map { s in
                .object(JSONObject([
                    ("text", .string(s.text)),
                    ("image", s.image.map { serialize(.resolvedImage($0), topType: .value) } ?? .null),
                    ("scale", s.scale.map(JSONValue.number) ?? .null),
                    ("fontStack", s.fontStack.map(JSONValue.string) ?? .null),
                    ("textColor", s.textColor.map(colorObject) ?? .null),
                    ("verticalAlign", s.verticalAlign.map(JSONValue.string) ?? .null),
                ]))
            }))]))
        case .resolvedImage(let i):
            return .object(JSONObject([("name", .string(i.name)), ("available", .bool(i.available))]))
        case .padding(let p): return .object(JSONObject([("values", .array(p.values.map(JSONValue.number)))]))
        case .numberArray(let a): return .object(JSONObject([("values", .array(a.map(JSONValue.number)))]))
        case .colorArray(let a): return .object(JSONObject([("values", .array(a.map(colorObject)))]))
        case .variableAnchorOffsetCollection(let c):
            return .object(JSONObject([("values", .array(c.entries.flatMap { e -> [JSONValue] in
                [.string(e.anchor), .array([.number(e.x), .number(e.y)])]
            }))]))
        case .projectionDefinition(let p): return p.json
        case .collator(let c):
            return .object(JSONObject([("locale", c.locale.map(JSONValue.string) ?? .null)]))
        default: return v.json
        }
    }

    /// Their `deepEqual`: numbers compared after stripping to 6 significant decimals.
    static func deepEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return strip(x) == strip(y) || (x.isNaN && y.isNaN)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { deepEqual($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (k, v) in x { guard let w = y[k], deepEqual(v, w) else { return false } }
            return true
        default: return a == b
        }
    }

    static func strip(_ x: Double, digits: Double = 6) -> Double {
        if x == 0 || !x.isFinite { return x }
        let multiplier = pow(10, max(0, digits - ceil(log10(abs(x)))))
        let first = (x * multiplier).rounded(.down) / multiplier
        return (first * multiplier).rounded(.down) / multiplier
    }
}
