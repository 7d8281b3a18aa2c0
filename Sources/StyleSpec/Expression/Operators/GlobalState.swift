import JSON

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
