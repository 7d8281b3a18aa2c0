import JSON

/// `["match", input, label(s), output, ..., fallback]` on number or string labels.
final class Match: Expr, @unchecked Sendable {
    let input: Expr
    let inputType: ExpressionType
    let numberCases: [Double: Int]
    let stringCases: [String: Int]
    let outputs: [Expr]
    let otherwise: Expr
    /// Small label sets are scanned linearly: cheaper than hashing the input.
    private let stringLabels: [String]?
    private let stringIndices: [Int]

    init(type: ExpressionType, inputType: ExpressionType, input: Expr, numberCases: [Double: Int], stringCases: [String: Int],
         outputs: [Expr], otherwise: Expr, path: [String]) {
        self.input = input; self.inputType = inputType; self.numberCases = numberCases
        self.stringCases = stringCases; self.outputs = outputs; self.otherwise = otherwise
        let small = stringCases.count <= 16
        stringLabels = small ? Array(stringCases.keys) : nil
        stringIndices = small ? stringCases.keys.map { stringCases[$0]! } : []
        super.init(type: type, path: path)
        finishInit()
    }

    override var children: [Expr] { [input] + outputs + [otherwise] }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let v = try input.evaluate(ctx)
        let index: Int?
        switch v {
        case .number(let n) where inputType == .number: index = numberCases[n]
        case .string(let s) where inputType == .string:
            if let labels = stringLabels {
                var found: Int? = nil
                for i in labels.indices where labels[i] == s { found = stringIndices[i]; break }
                index = found
            } else {
                index = stringCases[s]
            }
        default: index = nil
        }
        if let index { return try outputs[index].evaluate(ctx) }
        return try otherwise.evaluate(ctx)
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count >= 5 else {
            ctx.error("Expected at least 4 arguments, but found only \(args.count - 1).")
            return nil
        }
        guard args.count % 2 == 1 else { ctx.error("Expected an even number of arguments."); return nil }
        var inputType: ExpressionType? = nil
        var outputType: ExpressionType? = ctx.expected == .value ? nil : ctx.expected
        var numberCases: [Double: Int] = [:], stringCases: [String: Int] = [:]
        var outputs: [Expr] = []
        var i = 2
        while i < args.count - 1 {
            let labels: [JSONValue]
            if case .array(let a) = args[i] { labels = a } else { labels = [args[i]] }
            let labelCtx = ctx.concat(String(i), expected: nil)
            guard !labels.isEmpty else { labelCtx.error("Expected at least one branch label."); return nil }
            for label in labels {
                let labelType: ExpressionType
                switch label {
                case .number(let n):
                    if abs(n) > 9007199254740991 {
                        labelCtx.error("Branch labels must be integers no larger than 9007199254740991."); return nil
                    }
                    if n.rounded(.down) != n { labelCtx.error("Numeric branch labels must be integer values."); return nil }
                    labelType = .number
                case .string: labelType = .string
                default:
                    labelCtx.error("Branch labels must be numbers or strings."); return nil
                }
                if let t = inputType {
                    if labelCtx.checkSubtype(t, labelType) != nil { return nil }
                } else {
                    inputType = labelType
                }
                let duplicate: Bool
                switch label {
                case .number(let n): duplicate = numberCases[n] != nil; numberCases[n] = outputs.count
                case .string(let s): duplicate = stringCases[s] != nil; stringCases[s] = outputs.count
                default: duplicate = false
                }
                if duplicate { labelCtx.error("Branch labels must be unique."); return nil }
            }
            guard let result = ctx.parse(args[i + 1], i + 1, expected: outputType) else { return nil }
            outputType = outputType ?? result.type
            outputs.append(result)
            i += 2
        }
        guard let input = ctx.parse(args[1], 1, expected: .value),
              let otherwise = ctx.parse(args[args.count - 1], args.count - 1, expected: outputType) else { return nil }
        if input.type != .value, let inputType, ctx.concat("1", expected: nil).checkSubtype(inputType, input.type) != nil {
            return nil
        }
        return Match(type: outputType ?? otherwise.type, inputType: inputType ?? .value, input: input, numberCases: numberCases,
                     stringCases: stringCases, outputs: outputs, otherwise: otherwise, path: ctx.path)
    }
}
