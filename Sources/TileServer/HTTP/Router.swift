import NIOHTTP1

/// A pure method + path-pattern router. Patterns are literal segments and `{name}` captures
/// ("/layers/{id}/move"); a capture matches exactly one non-empty segment. Literal segments win
/// over captures, so "/tiles/512/{z}/{x}/{y}" beats "/tiles/{z}/{x}/{y}".
public struct Router<Handler: Sendable>: Sendable {
    public enum Match {
        case found(Handler, parameters: [String: String], route: String, scope: RouteScope)
        /// The path exists with other methods: 405 with `Allow`.
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    struct Route: Sendable {
        let method: HTTPMethod
        let pattern: String
        let segments: [Segment]
        let scope: RouteScope
        let handler: Handler
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case capture(String)
    }

    private var routes: [Route] = []

    public init() {}

    /// Adds a route; `scope` says what its answer depends on (a session, by default).
    public mutating func add(_ method: HTTPMethod, _ pattern: String, scope: RouteScope = .session, _ handler: Handler) {
        let segs = Self.segments(of: pattern).map { s -> Segment in
            if s.hasPrefix("{"), s.hasSuffix("}") { return .capture(String(s.dropFirst().dropLast())) }
            return .literal(String(s))
        }
        precondition(!routes.contains { $0.method == method && $0.segments == segs }, "duplicate route \(method) \(pattern)")
        routes.append(Route(method: method, pattern: pattern, segments: segs, scope: scope, handler: handler))
    }

    static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
    }

    public func match(_ method: HTTPMethod, _ path: String) -> Match {
        guard path.hasPrefix("/") else { return .notFound }
        var parts = Self.segments(of: path)
        // A single trailing slash is tolerated ("/layers/" == "/layers"), the root stays "/".
        if parts.count > 1, parts.last == "", parts[parts.count - 2] != "" { parts.removeLast() }
        var best: (route: Route, params: [String: String], literals: Int)?
        var allowed: [HTTPMethod] = []
        for r in routes where r.segments.count == parts.count {
            var params: [String: String] = [:]
            var literals = 0
            var ok = true
            for (seg, part) in zip(r.segments, parts) {
                switch seg {
                case .literal(let l):
                    if l != part { ok = false } else { literals += 1 }
                case .capture(let name):
                    if part.isEmpty { ok = false } else { params[name] = String(part) }
                }
                if !ok { break }
            }
            guard ok else { continue }
            if r.method != method {
                if !allowed.contains(r.method) { allowed.append(r.method) }
                continue
            }
            if best == nil || literals > best!.literals { best = (r, params, literals) }
        }
        if let best {
            return .found(best.route.handler, parameters: best.params, route: best.route.pattern, scope: best.route.scope)
        }
        if !allowed.isEmpty { return .methodNotAllowed(allowed: allowed) }
        return .notFound
    }
}
