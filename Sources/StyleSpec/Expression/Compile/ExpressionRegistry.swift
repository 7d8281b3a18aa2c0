import JSON

typealias ExpressionParser = @Sendable ([JSONValue], ParsingContext) -> Expr?

/// Every operator name and the function that parses it.
enum ExpressionRegistry {
    static let compoundDefinitions: [String: CompoundDefinition] = {
        var all: [String: CompoundDefinition] = [:]
        for table in [MathOperators.definitions, FeatureOperators.definitions, StringOperators.definitions,
                      ColorOperators.definitions, LogicOperators.definitions] {
            all.merge(table) { a, _ in a }
        }
        return all
    }()

    static let specialForms: [String: ExpressionParser] = [
        "literal": Literal.parse,
        "string": Assertion.parse, "number": Assertion.parse, "boolean": Assertion.parse,
        "object": Assertion.parse, "array": Assertion.parse,
        "to-boolean": Coercion.parse, "to-color": Coercion.parse, "to-number": Coercion.parse, "to-string": Coercion.parse,
        "let": Let.parse, "var": Var.parse,
        "case": Case.parse, "coalesce": Coalesce.parse, "match": Match.parse,
        "step": Step.parse,
        "interpolate": Interpolate.parse, "interpolate-hcl": Interpolate.parse, "interpolate-lab": Interpolate.parse,
        "==": Comparison.parse, "!=": Comparison.parse, "<": Comparison.parse, ">": Comparison.parse,
        "<=": Comparison.parse, ">=": Comparison.parse,
        "at": At.parse, "in": In.parse, "index-of": IndexOf.parse, "slice": Slice.parse, "length": Length.parse,
        "collator": CollatorExpression.parse, "format": FormatExpression.parse, "image": ImageExpression.parse,
        "number-format": NumberFormat.parse, "within": Within.parse, "distance": Distance.parse,
        "global-state": GlobalState.parse, "semiliteral": Semiliteral.parse, "config": ConfigExpression.parse,
    ]

    static let parsers: [String: ExpressionParser] = {
        var all = specialForms
        for name in compoundDefinitions.keys where all[name] == nil {
            all[name] = { args, ctx in Compound.parse(args, ctx, definitions: compoundDefinitions) }
        }
        return all
    }()

    /// Whether `name` is an operator (MapLibre's `isExpression` test on the first element).
    static func isOperator(_ name: String) -> Bool { parsers[name] != nil }
}
