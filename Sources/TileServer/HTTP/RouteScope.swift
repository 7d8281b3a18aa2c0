/// What a route's answer depends on, declared where the route is added (`Router.add`), so the
/// server decides from it, not from the route's path, whether to load a session first and
/// whether responses vary on `X-Session-ID`.
public struct RouteScope: Sendable, Equatable {
    /// The answer depends on the session the request names (`X-Session-ID`, `?session=`):
    /// responses vary on it, and in a cluster that session is loaded from the store first.
    public var readsSession: Bool
    /// The path's `{id}` names a session (`/sessions/{id}/…`).
    public var pathNamesSession: Bool

    public init(readsSession: Bool, pathNamesSession: Bool) {
        self.readsSession = readsSession; self.pathNamesSession = pathNamesSession
    }

    /// Reads the session the request names (the default session when it names none).
    public static let session = RouteScope(readsSession: true, pathNamesSession: false)
    /// `/sessions/{id}/…`: the path names the session.
    public static let sessionInPath = RouteScope(readsSession: true, pathNamesSession: true)
    /// Never depends on a session: published resources, the viewer's files, health, metrics.
    public static let sessionFree = RouteScope(readsSession: false, pathNamesSession: false)
}
