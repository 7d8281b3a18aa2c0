import JSON

/// A compile error inside an expression: path tokens relative to the expression root.
struct ExpressionParseError: Sendable, Hashable {
    var path: [String]
    var message: String
    var key: String { path.map { "[\($0)]" }.joined() }
}

/// Errors collected while parsing one expression (shared by all sub-contexts).
final class ParseErrorSink {
    var errors: [ExpressionParseError] = []
}

/// How to reconcile a `value`-typed result with an expected type.
enum TypeAnnotation { case assert, coerce, omit }

/// State at one point of parsing (MapLibre's ParsingContext): where we are, what type the
/// parent expects, which `let` names are bound, and where errors go.
struct ParsingContext {
    let path: [String]
    let expected: ExpressionType?
    let scope: Scope
    let sink: ParseErrorSink

    init(path: [String] = [], expected: ExpressionType? = nil, scope: Scope = Scope(), sink: ParseErrorSink = ParseErrorSink()) {
        self.path = path; self.expected = expected; self.scope = scope; self.sink = sink
    }

    var errors: [ExpressionParseError] { sink.errors }

    /// A context for the argument at `index` (or a named member) of the current expression.
    func concat(_ token: String?, expected: ExpressionType?, bindings: [(name: String, expr: Expr)]? = nil) -> ParsingContext {
        ParsingContext(path: token.map { path + [$0] } ?? path, expected: expected,
                       scope: bindings.map { scope.concat($0) } ?? scope, sink: sink)
    }

    /// Same place, same scope, fresh error list (for trying overloads).
    func detached(expected: ExpressionType? = nil) -> ParsingContext {
        ParsingContext(path: path, expected: expected, scope: scope, sink: ParseErrorSink())
    }

    /// Parses the argument at `index` of the current expression array.
    func parse(_ json: JSONValue, _ index: Int, expected: ExpressionType?, bindings: [(name: String, expr: Expr)]? = nil,
               annotation: TypeAnnotation? = nil) -> Expr? {
        concat(String(index), expected: expected, bindings: bindings).parseHere(json, annotation: annotation)
    }

    /// Parses a value found under a named member (e.g. `format` options).
    func parse(_ json: JSONValue, member: String, expected: ExpressionType?) -> Expr? {
        concat(member, expected: expected).parseHere(json, annotation: nil)
    }

    /// Parses `json` at this context's own path with its expected type.
    func parseHere(_ json: JSONValue, annotation: TypeAnnotation? = nil) -> Expr? {
        let array: [JSONValue]
        switch json {
        case .null, .bool, .number, .string:
            array = [.string("literal"), json]
        case .array(let a):
            array = a
        case .object:
            error("Bare objects invalid. Use [\"literal\", {...}] instead.")
            return nil
        }
        guard let opValue = array.first else {
            error("Expected an array with at least one element. If you wanted a literal array, use [\"literal\", []].")
            return nil
        }
        guard case .string(let op) = opValue else {
            error("Expression name must be a string, but found \(jsTypeName(opValue)) instead. If you wanted a literal array, use [\"literal\", [...]].", "0")
            return nil
        }
        guard let parser = ExpressionRegistry.parsers[op] else {
            error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", "0")
            return nil
        }
        guard var parsed = parser(array, self) else { return nil }

        if let expected {
            let actual = parsed.type
            switch (expected, actual) {
            case (.string, .value), (.number, .value), (.boolean, .value), (.object, .value), (.array, .value):
                parsed = annotate(parsed, expected, annotation ?? .assert)
            case (.projectionDefinition, .string), (.projectionDefinition, .array), (.projectionDefinition, .value),
                 (.color, .value), (.color, .string), (.formatted, .value), (.formatted, .string),
                 (.resolvedImage, .value), (.resolvedImage, .string),
                 (.padding, .value), (.padding, .number), (.padding, .array),
                 (.numberArray, .value), (.numberArray, .number), (.numberArray, .array),
                 (.colorArray, .value), (.colorArray, .string), (.colorArray, .array),
                 (.variableAnchorOffsetCollection, .value), (.variableAnchorOffsetCollection, .array):
                parsed = annotate(parsed, expected, annotation ?? .coerce)
            default:
                if checkSubtype(expected, actual) != nil { return nil }
            }
        }

        // Fold constant subtrees into literals (images stay: availability is per request).
        if !(parsed is Literal), parsed.type != .resolvedImage, parsed.isFoldable {
            do {
                parsed = Literal(type: parsed.type, value: try parsed.evaluate(EvaluationContext()), path: path)
            } catch let e as ExpressionEvaluationError {
                error(e.message)
                return nil
            } catch {
                self.error("\(error)")
                return nil
            }
        }
        return parsed
    }

    private func annotate(_ e: Expr, _ type: ExpressionType, _ how: TypeAnnotation) -> Expr {
        switch how {
        case .assert: return Assertion(type: type, args: [e], path: path)
        case .coerce: return Coercion(type: type, args: [e], path: path)
        case .omit: return e
        }
    }

    /// Records an error at this context's path, optionally at child tokens.
    func error(_ message: String, _ tokens: String...) {
        sink.errors.append(ExpressionParseError(path: path + tokens, message: message))
    }

    /// Records and returns MapLibre's message when `actual` does not fit `expected`.
    @discardableResult
    func checkSubtype(_ expected: ExpressionType, _ actual: ExpressionType) -> String? {
        let message = expected.subtypeError(actual)
        if let message { error(message) }
        return message
    }
}

/// JavaScript's `typeof` name of a JSON value, as MapLibre's messages print it.
func jsTypeName(_ v: JSONValue) -> String {
    switch v {
    case .null, .array, .object: return "object"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    }
}
