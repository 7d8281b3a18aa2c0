import JSON

/// `["collator", {"case-sensitive", "diacritic-sensitive", "locale"}]`.
final class CollatorExpression: Expr, @unchecked Sendable {
    let caseSensitive: Expr, diacriticSensitive: Expr, locale: Expr?

    init(caseSensitive: Expr, diacriticSensitive: Expr, locale: Expr?, path: [String]) {
        self.caseSensitive = caseSensitive; self.diacriticSensitive = diacriticSensitive; self.locale = locale
        super.init(type: .collator, path: path)
        finishInit(own: .environment)
    }

    override var children: [Expr] { [caseSensitive, diacriticSensitive] + (locale.map { [$0] } ?? []) }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        .collator(Collator(caseSensitive: try boolean(caseSensitive, ctx), diacriticSensitive: try boolean(diacriticSensitive, ctx),
                           locale: try locale.map { try string($0, ctx) }))
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2 else { ctx.error("Expected one argument."); return nil }
        guard case .object(let options) = args[1] else {
            ctx.error("Collator options argument must be an object."); return nil
        }
        guard let cs = ctx.parse(options["case-sensitive"] ?? .bool(false), member: "case-sensitive", expected: .boolean),
              let ds = ctx.parse(options["diacritic-sensitive"] ?? .bool(false), member: "diacritic-sensitive", expected: .boolean)
        else { return nil }
        var locale: Expr? = nil
        if let l = options["locale"], JS.truthy(Value(json: l)) {
            guard let e = ctx.parse(l, member: "locale", expected: .string) else { return nil }
            locale = e
        }
        return CollatorExpression(caseSensitive: cs, diacriticSensitive: ds, locale: locale, path: ctx.path)
    }
}
