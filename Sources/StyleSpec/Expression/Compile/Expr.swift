/// What a compiled expression reads besides its arguments. Drives constant folding and the
/// public `uses*` flags (MapLibre's isFeatureConstant / isGlobalPropertyConstant).
struct Dependencies: OptionSet, Sendable, Hashable {
    let rawValue: UInt16
    static let zoom = Dependencies(rawValue: 1 << 0)
    /// Properties, id, geometry type or geometry of the feature.
    static let feature = Dependencies(rawValue: 1 << 1)
    static let featureState = Dependencies(rawValue: 1 << 2)
    static let heatmapDensity = Dependencies(rawValue: 1 << 3)
    static let lineProgress = Dependencies(rawValue: 1 << 4)
    static let globalState = Dependencies(rawValue: 1 << 5)
    static let elevation = Dependencies(rawValue: 1 << 6)
    /// The set of available images (`image`).
    static let images = Dependencies(rawValue: 1 << 7)
    /// Results that depend on the environment (collators, supported scripts): never folded.
    static let environment = Dependencies(rawValue: 1 << 8)
    /// Evaluates to an error on purpose (`error`): never folded.
    static let alwaysThrows = Dependencies(rawValue: 1 << 9)
    /// The feature's full geometry (`within`, `distance`); implies `.feature`.
    static let geometry = Dependencies(rawValue: 1 << 10)

    /// Anything that keeps an expression from being folded into a literal.
    static let notConstant: Dependencies = [.zoom, .feature, .featureState, .heatmapDensity, .lineProgress,
                                            .globalState, .elevation, .environment, .alwaysThrows]
}

/// An evaluation failure, with the path of the node that failed (relative to the
/// expression's root) so messages can say where.
public struct ExpressionEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// JSON-pointer tokens of the failing sub-expression, relative to the expression.
    public var path: [String]
    public init(_ message: String, path: [String] = []) { self.message = message; self.path = path }
    /// MapLibre's key form: `[2][1]`.
    public var key: String { path.map { "[\($0)]" }.joined() }
    public var description: String { key.isEmpty ? message : "\(key): \(message)" }
}

/// A node of a compiled expression tree. Subclasses are final and immutable; evaluation
/// never walks JSON.
class Expr: @unchecked Sendable {
    let type: ExpressionType
    /// Where this node was parsed, as pointer tokens relative to the expression root.
    let path: [String]
    /// Own and children's dependencies.
    private(set) var dependencies: Dependencies = []

    init(type: ExpressionType, path: [String]) {
        self.type = type
        self.path = path
    }

    /// Subclasses call this at the end of their init with their own reads.
    func finishInit(own: Dependencies = []) {
        var d = own
        for c in children { d.formUnion(c.dependencies) }
        dependencies = d
    }

    func evaluate(_ ctx: EvaluationContext) throws -> Value {
        fatalError("evaluate not implemented for \(Swift.type(of: self))")
    }

    /// The value as a number, for number-typed nodes; overridden where a node can produce
    /// the number without building a `Value` (literals, `zoom`, number ramps).
    func evaluateNumber(_ ctx: EvaluationContext) throws -> Double {
        let v = try evaluate(ctx)
        if case .number(let n) = v { return n }
        throw fail("Expected value to be of type number, but found \(v.type) instead.")
    }

    /// Direct sub-expressions (for analysis).
    var children: [Expr] { [] }

    /// True when this node's value can be computed at compile time from literal children
    /// (MapLibre's `isExpressionConstant`).
    var isFoldable: Bool {
        guard dependencies.isDisjoint(with: .notConstant) else { return false }
        return children.allSatisfy { $0 is Literal }
    }

    func fail(_ message: String) -> ExpressionEvaluationError {
        ExpressionEvaluationError(message, path: path)
    }

    // Typed helpers for operator implementations.

    @inline(__always)
    final func number(_ e: Expr, _ ctx: EvaluationContext) throws -> Double {
        try e.evaluateNumber(ctx)
    }

    @inline(__always)
    final func string(_ e: Expr, _ ctx: EvaluationContext) throws -> String {
        let v = try e.evaluate(ctx)
        if case .string(let s) = v { return s }
        throw e.fail("Expected value to be of type string, but found \(v.type) instead.")
    }

    @inline(__always)
    final func boolean(_ e: Expr, _ ctx: EvaluationContext) throws -> Bool {
        let v = try e.evaluate(ctx)
        if case .boolean(let b) = v { return b }
        throw e.fail("Expected value to be of type boolean, but found \(v.type) instead.")
    }
}
