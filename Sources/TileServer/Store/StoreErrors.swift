/// A store refused or failed an operation for a reason that is the store's, not the client's
/// (a broken database file, an SQL error). Answered as a 500.
public struct StoreError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ d: String) { description = d }
}

/// What another writer did before us: the reason a conditional store write did not happen.
/// Several nodes share one PostgreSQL store, so these are normal events, not failures.
public enum StoreConflict: Error, Equatable, Sendable, CustomStringConvertible {
    /// `create` with an id that is already stored.
    case exists(String)
    /// `append` expected the head revision to be `revision - 1`, but it is `head`.
    case revisionMoved(sessionID: String, head: Int)
    /// The session is not (or no longer) stored: another node deleted it.
    case unknownSession(String)
    /// `create` found the store at its limit of sessions (all nodes' together).
    case sessionLimit(Int)

    public var description: String {
        switch self {
        case .exists(let id): return "session \(id) already exists"
        case .revisionMoved(let id, let head): return "session \(id) is at revision \(head) in the store"
        case .unknownSession(let id): return "unknown session \(id)"
        case .sessionLimit(let n): return "the store holds the limit of \(n) sessions"
        }
    }
}

/// The store cannot be reached right now (PostgreSQL down, restarting, network). Mutations
/// answer 503 with `Retry-After`; the node keeps serving what it holds and reconnects itself.
public struct StoreUnavailable: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ d: String) { description = d }
}

/// The store's state for `/health`.
public enum StoreHealth: Sendable, Equatable {
    case up
    /// Unreachable since `since` (Unix seconds), with the last reason (never a password).
    case down(reason: String, since: Double)

    public var isUp: Bool { if case .up = self { return true } else { return false } }
}

/// A change another node (or this one) committed, as told by the store's notifications.
public enum StoreChange: Sendable, Equatable {
    /// `sessionID` reached `revision`; `created` is the commit's Unix time (for the lag metric).
    case revision(sessionID: String, revision: Int, created: Double)
    case deleted(sessionID: String)
    /// The notification channel was (re)established: changes in between may have been missed,
    /// so every held session must be re-checked against the store.
    case resynchronize
}
