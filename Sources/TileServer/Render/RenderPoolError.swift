/// Why the render pool did not render, in its own terms; the HTTP layer makes each a 503 with
/// `Retry-After` (`APIError(mapping:)`).
public enum RenderPoolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The queue holds `limit` waiting renders (or the pool is stopping).
    case queueFull(limit: Int, stopping: Bool)
    /// Shed from a full queue: this session held the most waiting work.
    case shed
    /// The render ran (or waited) past its budget; `budgetMs` when known.
    case timeout(budgetMs: Int?, waited: Bool)

    public var description: String {
        switch self {
        case .queueFull(let limit, let stopping):
            return stopping ? "the server is shutting down" : "render queue is full (\(limit) waiting)"
        case .shed: return "render queue is full and this session holds the most waiting work"
        case .timeout(let budget, let waited):
            if waited { return "render waited past its time budget" }
            return budget.map { "render exceeded its time budget of \($0) ms" } ?? "render exceeded its time budget"
        }
    }
}
