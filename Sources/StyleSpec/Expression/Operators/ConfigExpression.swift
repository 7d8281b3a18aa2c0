import JSON

/// `["config", name]` and `["config", name, scope]` (Mapbox GL v3): an option of the style's
/// `schema` (or of its import `scope`). Compiled to the option's current value from
/// `ConfigEnvironment.current`, so it folds like a literal written in its place; the style
/// re-compiles the layers that read an option when the option changes.
enum ConfigExpression {
    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2 || args.count == 3 else {
            ctx.error("Expected 1 or 2 arguments, but found \(args.count - 1) instead.")
            return nil
        }
        guard case .string(let name) = args[1] else {
            ctx.error("Config option name must be a string, but found \(jsTypeName(args[1])) instead.", "1")
            return nil
        }
        var scope = ""
        if args.count == 3 {
            guard case .string(let s) = args[2] else {
                ctx.error("Config scope must be a string, but found \(jsTypeName(args[2])) instead.", "2")
                return nil
            }
            scope = s
        }
        guard let env = ConfigEnvironment.current else {
            ctx.error("\"config\" is only available inside a style")
            return nil
        }
        switch env.lookup(name, scope: scope) {
        case .unknownScope:
            ctx.error("unknown import \"\(scope)\" in config expression", "2")
            return nil
        case .unknownOption:
            ctx.error(scope.isEmpty ? "config option \"\(name)\" is not declared in the style's schema"
                                    : "config option \"\(name)\" is not declared in the schema of import \"\(scope)\"", "1")
            return nil
        case .value(let v):
            return Literal.parse([.string("literal"), v], ctx)
        }
    }
}
