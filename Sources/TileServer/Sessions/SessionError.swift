/// What a session operation refuses, in the sessions' own terms; the HTTP layer gives each
/// its status and code (`APIError(mapping:)`), in one place.
public enum SessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A change to a session that refuses changes (the default session, unless configured).
    case readOnly(session: String)
    /// No such session (never created, deleted, or expired).
    case unknown(session: String)
    /// `If-Match` named a revision that is no longer the current one.
    case staleRevision(ifMatch: Int, current: Int)
    /// A style over `maxStyleBytes`; `after` when a change would make it so.
    case styleTooLarge(bytes: Int, limit: Int, after: Bool)
    /// Other nodes kept changing the session while this change retried.
    case contended(session: String)
    /// `maxSessions` reached; `hint` adds what the client may do.
    case limitReached(max: Int, hint: Bool)
    /// The default session cannot be deleted.
    case defaultSessionUndeletable

    public var description: String {
        switch self {
        case .readOnly(let id): return "session \(id) is read-only"
        case .unknown(let id): return "unknown session \(id)"
        case .staleRevision(let ifMatch, let current):
            return "If-Match revision \(ifMatch) is stale: the current revision is \(current)"
        case .styleTooLarge(let bytes, let limit, let after):
            return after ? "the style would be \(bytes) bytes, over the limit of \(limit)"
                : "the style is \(bytes) bytes, over the limit of \(limit)"
        case .contended(let id): return "session \(id) is being changed by other nodes too often; retry"
        case .limitReached(let max, let hint):
            return "session limit of \(max) reached" + (hint ? "; delete a session or retry later" : "")
        case .defaultSessionUndeletable: return "the default session cannot be deleted"
        }
    }
}
