import Raster
import StyleSpec

/// One paint or layout property of a layer, resolved for one render: either a value computed
/// once (constant or zoom-only) or an expression evaluated per feature. Properties the layer
/// leaves unset take the spec default, so painters never look defaults up themselves.
struct LayerProperty<T> {
    private let constant: T?
    private let expression: PropertyExpression?
    private let convert: (Value) -> T

    /// True when every feature gets the same value (painters batch those layers).
    var isConstant: Bool { constant != nil }

    init(_ layer: Layer, _ name: String, _ section: PropertySection, _ ctx: EvaluationContext,
         convert: @escaping (Value) -> T) {
        self.init(layer, name, section, ctx, default: DefaultProperties.expression(name, layer.type, section), convert: convert)
    }

    /// With the spec default already at hand (the generated `*Properties` keep theirs in static
    /// lets, so a render does not look it up by name).
    init(_ layer: Layer, _ name: String, _ section: PropertySection, _ ctx: EvaluationContext,
         default fallback: @autoclosure () -> PropertyExpression?, convert: @escaping (Value) -> T) {
        self.convert = convert
        let expr = (section == .paint ? layer.paint[name] : layer.layout[name]) ?? fallback()
        guard let expr else {
            // A property the spec does not know for this type: its conversion of null decides.
            constant = convert(.null); expression = nil; return
        }
        if expr.isFeatureConstant {
            constant = convert(expr.evaluate(ctx)); expression = nil
        } else {
            constant = nil; expression = expr
        }
    }

    /// The value for one feature (`ctx` carries the feature); constant layers ignore it.
    @inline(__always)
    func value(_ ctx: EvaluationContext) -> T {
        if let constant { return constant }
        return convert(expression!.evaluate(ctx))
    }

    /// The layer-wide value when constant, nil when it varies by feature.
    var constantValue: T? { constant }
}

/// Spec defaults compiled once per (layer type, property) and shared by all renders.
enum DefaultProperties {
    private static let table: [Key: PropertyExpression] = {
        var out: [Key: PropertyExpression] = [:]
        for type in LayerType.allCases {
            for section in [PropertySection.paint, .layout] {
                let group = section == .paint ? SpecTables.paint(for: type) : SpecTables.layout(for: type)
                for spec in group.properties {
                    guard let d = spec.defaultValue,
                          case .success(let e) = ExpressionCompiler.compileProperty(d, expecting: spec.expectation, at: .root)
                    else { continue }
                    out[key(spec.name, type, section)] = e
                }
            }
        }
        return out
    }()

    /// A struct key, not an interpolated string: every layer of every render looks its
    /// defaults up, and string interpolation costs dynamic casts and an allocation each.
    private struct Key: Hashable {
        let name: String
        let type: LayerType
        let section: PropertySection
    }

    private static func key(_ name: String, _ type: LayerType, _ section: PropertySection) -> Key {
        Key(name: name, type: type, section: section)
    }

    static func expression(_ name: String, _ type: LayerType, _ section: PropertySection) -> PropertyExpression? {
        table[key(name, type, section)]
    }
}

/// Conversions from evaluated style values to what the rasterizer takes.
enum Convert {
    static func number(_ v: Value) -> Float {
        if case .number(let n) = v, n.isFinite { return Float(n) }
        return 0
    }

    /// A number kept in double precision, as MapLibre's JavaScript evaluates it: shaping sums
    /// and rounds up with these (a 1.2 line height in single precision is 28.800001 px per
    /// em, and a fitted icon rounded up from it is a pixel wider).
    static func double(_ v: Value) -> Double {
        if case .number(let n) = v, n.isFinite { return n }
        return 0
    }

    static func color(_ v: Value) -> Color {
        guard case .color(let c) = v else { return .transparent }
        return Color(r: Float(c.r), g: Float(c.g), b: Float(c.b), a: Float(c.a))
    }

    static func string(_ v: Value) -> String {
        if case .string(let s) = v { return s }
        return ""
    }

    static func bool(_ v: Value) -> Bool {
        if case .boolean(let b) = v { return b }
        return false
    }

    /// A `padding` value (a number or 1–4 numbers, CSS order) as insets in box order: left,
    /// top, right, bottom, so a box (min x, min y, max x, max y) grows by
    /// `box + padding * SIMD4(-1, -1, 1, 1)`. Anything else is no padding.
    static func padding(_ v: Value) -> SIMD4<Float> {
        guard let p = Padding.from(v), p.values.allSatisfy(\.isFinite) else { return .zero }
        return SIMD4(Float(p.left), Float(p.top), Float(p.right), Float(p.bottom))
    }

    /// `[x, y]` offsets (translate).
    static func offset(_ v: Value) -> SIMD2<Float> {
        guard let n = v.numbers, n.count >= 2 else { return .zero }
        return SIMD2(Float(n[0]), Float(n[1]))
    }

    /// A colour as GL takes it: premultiplied components.
    static func premultiplied(_ c: Color) -> SIMD4<Float> {
        let a = max(0, min(1, c.a))
        return SIMD4(c.r * a, c.g * a, c.b * a, a)
    }

    /// A `colorArray` value (or a single colour) as premultiplied components.
    static func premultipliedColors(_ v: Value) -> [SIMD4<Float>] {
        switch v {
        case .color: return [premultiplied(color(v))]
        case .colorArray(let a): return a.map { premultiplied(color(.color($0))) }
        case .array(let a): return a.compactMap { if case .color = $0 { return premultiplied(color($0)) }; return nil }
        default: return []
        }
    }

    static func numbers(_ v: Value) -> [Float] {
        (v.numbers ?? []).map { Float($0) }
    }

    /// Optional number (sort keys: nil when unset).
    static func optionalNumber(_ v: Value) -> Double? {
        if case .number(let n) = v, n.isFinite { return n }
        return nil
    }

    /// `[Double]` as the value's numbers (`line-dasharray`), empty for anything else.
    static func doubles(_ v: Value) -> [Double] {
        v.numbers ?? []
    }

    /// A fixed-length number array (`icon-text-fit-padding`): its numbers, others dropped.
    static func floats(_ v: Value) -> [Float] {
        switch v {
        case .numberArray(let a): return a.map(Float.init)
        case .array(let a): return a.compactMap { $0.numberValue.map(Float.init) }
        default: return []
        }
    }

    /// An array of strings (`text-font`, `text-writing-mode`); other elements dropped.
    static func strings(_ v: Value) -> [String] {
        (v.arrayValue ?? []).compactMap(\.stringValue)
    }

    /// The value itself (`formatted`, `variableAnchorOffsetCollection`: their painters parse it).
    static func value(_ v: Value) -> Value { v }
}
