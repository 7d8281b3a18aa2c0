/// An expression compiled once and evaluated many times; evaluation never walks JSON.
public final class CompiledExpression: Sendable {
    /// The type of the values it produces.
    public let type: ExpressionType
    let root: Expr
    let dependencies: Dependencies

    init(root: Expr) {
        self.root = root
        self.type = root.type
        self.dependencies = root.dependencies
    }

    /// Nothing varies: the value is known at compile time (see `constantValue`).
    public var isConstant: Bool { root is Literal }
    /// Reads `zoom`.
    public var usesZoom: Bool { dependencies.contains(.zoom) }
    /// Reads the feature: properties, id, geometry type or geometry (`within`, `distance`).
    public var usesFeature: Bool { dependencies.contains(.feature) }
    public var usesFeatureState: Bool { dependencies.contains(.featureState) }
    /// Needs `FeatureContext.geometry` (`within`, `distance`); other expressions never read it.
    public var usesGeometry: Bool { dependencies.contains(.geometry) }
    public var usesGlobalState: Bool { dependencies.contains(.globalState) }
    /// Uses `image`, whose result depends on the session's images.
    public var usesImages: Bool { dependencies.contains(.images) }

    /// MapLibre's notion: neither feature properties nor feature state are read.
    public var isFeatureConstant: Bool { !usesFeature && !usesFeatureState }

    /// The value when `isConstant`.
    public var constantValue: Value? { (root as? Literal)?.value }

    /// Evaluates; throws `ExpressionEvaluationError` (with the failing sub-expression's path)
    /// for type mismatches and invalid values.
    public func evaluate(_ ctx: EvaluationContext) throws -> Value {
        try root.evaluate(ctx)
    }

    /// A filter's verdict: errors and non-boolean results count as false, as in MapLibre.
    public func evaluateFilter(_ ctx: EvaluationContext) -> Bool {
        if case .boolean(let b) = (try? root.evaluate(ctx)) ?? .null { return b }
        return false
    }
}
