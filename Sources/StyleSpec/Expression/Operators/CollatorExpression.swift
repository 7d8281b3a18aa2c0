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

/// `["image", name]`: an image reference, marked available when the session has it.
final class ImageExpression: Expr, @unchecked Sendable {
    let name: Expr

    init(name: Expr, path: [String]) {
        self.name = name
        super.init(type: .resolvedImage, path: path)
        finishInit(own: .images)
    }

    override var children: [Expr] { [name] }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let v = try name.evaluate(ctx)
        let n = Value.toString(v)
        return .resolvedImage(ResolvedImage(name: n, available: ctx.availableImages?.contains(n) ?? false))
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2 else { ctx.error("Expected two arguments."); return nil }
        guard let name = ctx.parse(args[1], 1, expected: .string) else { ctx.error("No image name provided."); return nil }
        return ImageExpression(name: name, path: ctx.path)
    }
}

/// `["global-state", key]`: a session-wide value set at run time.
final class GlobalState: Expr, @unchecked Sendable {
    let key: String

    init(key: String, path: [String]) {
        self.key = key
        super.init(type: .value, path: path)
        finishInit(own: .globalState)
    }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        FeatureOperators.lookup(ctx.globalState, key)
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2 else { ctx.error("Expected 1 argument, but found \(args.count - 1) instead."); return nil }
        switch args[1] {
        case .null: ctx.error("Global state property must be defined."); return nil
        case .string(let key): return GlobalState(key: key, path: ctx.path)
        default: ctx.error("Global state property must be string, but found \(jsTypeName(args[1])) instead."); return nil
        }
    }
}
