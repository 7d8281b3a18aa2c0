/// One persisted style revision of a session.
public struct StoredRevision: Sendable, Equatable {
    public var revision: Int
    /// The whole style (v8 JSON text) after this revision.
    public var style: String
    /// Session-owned state that is not part of the v8 JSON (images, feature/global state), JSON text.
    public var extras: String
    /// The operations that made this revision, `[[name, ...args], ...]` JSON text.
    public var operations: String
    /// The revision whose style `POST /style/undo` restores from here (nil: nothing to undo).
    public var undoTo: Int?
    /// Unix seconds.
    public var created: Double

    public init(revision: Int, style: String, extras: String = "{}", operations: String = "[]", undoTo: Int? = nil, created: Double) {
        self.revision = revision; self.style = style; self.extras = extras
        self.operations = operations; self.undoTo = undoTo; self.created = created
    }
}

/// A session as the store keeps it: identity plus its most recent revisions (oldest first).
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
    /// Every session with its last `keepRevisions` revisions.
    func loadAll(keepRevisions: Int) throws -> [StoredSession]
    /// One session with its last `keepRevisions` revisions newer than `after` (all kept ones
    /// when nil); nil when the session is not stored.
    func load(sessionID: String, after: Int?, keepRevisions: Int) throws -> StoredSession?
    /// The head revision of each stored session among `ids` (deleted ones are absent).
    func heads(_ ids: [String]) throws -> [String: Int]
    /// Throws `StoreConflict.exists` when the id is taken.
    func create(_ session: StoredSession) throws
    /// Appends a revision and drops revisions older than the newest `keepRevisions`, in one
    /// transaction, only if the stored head is `revision.revision - 1`: otherwise throws
    /// `StoreConflict.revisionMoved` (or `.unknownSession`) and changes nothing.
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
    public var isShared: Bool { false }
    public var health: StoreHealth { .up }
    public func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void) {}
    public func close() {}
}
