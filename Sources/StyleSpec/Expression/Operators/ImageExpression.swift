import JSON

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
