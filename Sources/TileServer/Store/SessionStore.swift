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
/// database can replace the embedded SQLite one when several servers share sessions.
/// Calls block: make them from the store's thread pool, never from an event loop.
public protocol SessionStore: Sendable {
    /// Every session with its last `keepRevisions` revisions.
    func loadAll(keepRevisions: Int) throws -> [StoredSession]
    func create(_ session: StoredSession) throws
    /// Appends a revision and drops revisions older than the newest `keepRevisions`, in one transaction.
    func append(sessionID: String, _ revision: StoredRevision, lastAccess: Double, keepRevisions: Int) throws
    func delete(sessionID: String) throws
    func touch(_ accesses: [(id: String, lastAccess: Double)]) throws
}
