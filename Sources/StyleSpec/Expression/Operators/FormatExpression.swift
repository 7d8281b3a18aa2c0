import JSON

/// `["format", content, {overrides}, content, ...]`: rich text sections.
final class FormatExpression: Expr, @unchecked Sendable {
    struct Section {
        var content: Expr
        var scale: Expr? = nil
        var font: Expr? = nil
        var textColor: Expr? = nil
        var verticalAlign: Expr? = nil
        var all: [Expr] { [content] + [scale, font, textColor, verticalAlign].compactMap { $0 } }
    }

    let sections: [Section]

    init(sections: [Section], path: [String]) {
        self.sections = sections
        super.init(type: .formatted, path: path)
        finishInit()
    }

    override var children: [Expr] { sections.flatMap(\.all) }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        var out: [Formatted.Section] = []
        out.reserveCapacity(sections.count)
        for s in sections {
            let content = try s.content.evaluate(ctx)
            let align = try s.verticalAlign.map { try string($0, ctx) }
            if case .resolvedImage(let img) = content {
                out.append(Formatted.Section(text: "", image: img, verticalAlign: align))
                continue
            }
            var font: String? = nil
            if let f = s.font {
                let v = try f.evaluate(ctx)
                font = (v.arrayValue ?? []).map { Value.toString($0) }.joined(separator: ",")
            }
            var color: StyleColor? = nil
            if let c = s.textColor, case .color(let col) = try c.evaluate(ctx) { color = col }
            out.append(Formatted.Section(text: Value.toString(content), scale: try s.scale.map { try number($0, ctx) },
                                         fontStack: font, textColor: color, verticalAlign: align))
        }
        return .formatted(Formatted(sections: out))
    }

    static let verticalAlignOptions = ["bottom", "center", "top"]

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count >= 2 else { ctx.error("Expected at least one argument."); return nil }
        if case .object = args[1] { ctx.error("First argument must be an image or text section."); return nil }
        var sections: [Section] = []
        var nextMayBeObject = false
        for i in 1..<args.count {
            if nextMayBeObject, case .object(let options) = args[i] {
                nextMayBeObject = false
                let optCtx = ctx.concat(String(i), expected: nil)
                var section = sections.removeLast()
                if let v = options["font-scale"], JS.truthy(Value(json: v)) {
                    guard let e = optCtx.parse(v, member: "font-scale", expected: .number) else { return nil }
                    section.scale = e
                }
                if let v = options["text-font"], JS.truthy(Value(json: v)) {
                    guard let e = optCtx.parse(v, member: "text-font", expected: .array(.string, nil)) else { return nil }
                    section.font = e
                }
                if let v = options["text-color"], JS.truthy(Value(json: v)) {
                    guard let e = optCtx.parse(v, member: "text-color", expected: .color) else { return nil }
                    section.textColor = e
                }
                if let v = options["vertical-align"], JS.truthy(Value(json: v)) {
                    if case .string(let s) = v, !verticalAlignOptions.contains(s) {
                        ctx.error("'vertical-align' must be one of: 'bottom', 'center', 'top' but found '\(s)' instead.")
                        return nil
                    }
                    guard let e = optCtx.parse(v, member: "vertical-align", expected: .string) else { return nil }
                    section.verticalAlign = e
                }
                sections.append(section)
            } else {
                guard let content = ctx.parse(args[i], i, expected: .value) else { return nil }
                switch content.type {
                case .string, .value, .null, .resolvedImage: break
                default:
                    ctx.error("Formatted text type must be 'string', 'value', 'image' or 'null'.")
                    return nil
                }
                nextMayBeObject = true
                sections.append(Section(content: content))
            }
        }
        return FormatExpression(sections: sections, path: ctx.path)
    }
}
