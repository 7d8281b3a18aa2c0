/// A revision's whole state, stored with some revisions (the first, every few, and those whose
/// operations cannot rebuild them) so the others need only their operations.
public struct StoredSnapshot: Sendable, Equatable {
    /// The whole style (v8 JSON text) after the revision.
    public var style: String
    /// Session-owned state that is not part of the v8 JSON (images, feature/global state,
    /// annotations), JSON text.
    public var extras: String

    public init(style: String, extras: String = "{}") { self.style = style; self.extras = extras }
}

/// One persisted style revision of a session: a log entry, sometimes with a snapshot.
public struct StoredRevision: Sendable, Equatable {
    public var revision: Int
    /// The operations that made this revision, `[[name, ...args], ...]` JSON text.
    public var operations: String
    /// The state after this revision when stored whole; nil: it is rebuilt by applying
    /// `operations` to the previous revision (the store never needs to know how).
    public var snapshot: StoredSnapshot?
    /// The revision whose style `POST /style/undo` restores from here (nil: nothing to undo).
    public var undoTo: Int?
    /// Unix seconds.
    public var created: Double

    public init(revision: Int, operations: String = "[]", snapshot: StoredSnapshot?, undoTo: Int? = nil, created: Double) {
        self.revision = revision; self.operations = operations; self.snapshot = snapshot
        self.undoTo = undoTo; self.created = created
    }
}

/// A session as the store keeps it: identity plus its most recent revisions (oldest first),
/// preceded by the older ones needed to rebuild them (see `SessionStore.load`).
public struct StoredSession: Sendable, Equatable {
    public var id: String
    public var createdAt: Double
    public var lastAccess: Double
    public var revisions: [StoredRevision]

    public init(id: String, createdAt: Double, lastAccess: Double, revisions: [StoredRevision]) {
        self.id = id; self.createdAt = createdAt; self.lastAccess = lastAccess; self.revisions = revisions
    }
}

/// Durable session storage. Every call is synchronous and returns only once the change is
/// committed, so a 2xx sent afterwards is never lost. Behind a protocol so a shared network
/// database (PostgreSQL) can replace the embedded SQLite one when several nodes share sessions;
/// the conditional writes (`create` refuses an existing id, `append` refuses a moved head) are
/// what keeps nodes from losing each other's updates.
/// Calls block: make them from the store's thread pool, never from an event loop.
public protocol SessionStore: Sendable {
    /// Every session with its revisions as `load(after: nil)` returns them.
    func loadAll(keepRevisions: Int) throws -> [StoredSession]
    /// One session, nil when it is not stored. Its revisions are the last `keepRevisions`
    /// newer than `after`, preceded by the older stored ones needed to rebuild them: back to
    /// the nearest revision with a snapshot, or back to `after + 1` when that comes first (the
    /// caller holds `after`). One consistent read: a concurrent append never splits it.
    func load(sessionID: String, after: Int?, keepRevisions: Int) throws -> StoredSession?
    /// The head revision of each stored session among `ids` (deleted ones are absent).
    func heads(_ ids: [String]) throws -> [String: Int]
    /// Throws `StoreConflict.exists` when the id is taken, and `StoreConflict.sessionLimit` when
    /// `maxSessions` is given and the store already holds that many sessions besides the default
    /// one — counted in the creating transaction, so nodes creating at once never exceed it.
    func create(_ session: StoredSession, maxSessions: Int?) throws
    /// Appends a revision and drops the revisions no longer needed, in one transaction, only if
    /// the stored head is `revision.revision - 1`: otherwise throws `StoreConflict.revisionMoved`
    /// (or `.unknownSession`) and changes nothing. Needed are the newest `keepRevisions` and,
    /// before them, those back to the snapshot the oldest kept one is rebuilt from
    /// (`RevisionWindow`): pruning never takes a snapshot a kept revision needs.
    func append(sessionID: String, _ revision: StoredRevision, lastAccess: Double, keepRevisions: Int) throws
    func delete(sessionID: String) throws
    /// Deletes the session only if no node recorded an access at or after `idleBefore`;
    /// returns whether it was deleted.
    func deleteIfIdle(sessionID: String, idleBefore: Double) throws -> Bool
    /// Records access times; a later time never goes back.
    func touch(_ accesses: [(id: String, lastAccess: Double)]) throws

    /// Whether other processes write to this store too (then sessions are loaded on a cache
    /// miss and refreshed on notifications).
    var isShared: Bool { get }
    /// Reachability, for `/health`.
    var health: StoreHealth { get }
    /// Starts delivering changes committed by any node (shared stores only).
    func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void)
    /// Ends connections and notification delivery.
    func close()
}

extension SessionStore {
    public func create(_ session: StoredSession) throws { try create(session, maxSessions: nil) }
    public var isShared: Bool { false }
    public var health: StoreHealth { .up }
    public func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void) {}
    public func close() {}
}
