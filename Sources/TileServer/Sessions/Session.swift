import Foundation
import JSON
import NIOConcurrencyHelpers
import Renderer

/// One immutable style revision of a session.
public struct RevisionRecord: Sendable {
    public let number: Int
    public let style: LiveStyle
    /// `[[name, ...args], ...]` that produced this revision from the previous one.
    public let operations: JSONValue
    public let undoTo: Int?
    public let created: Double
    /// Revisions since the last one stored with a snapshot (0: this one has it) and the bytes of
    /// their operations: what `RevisionLog` weighs to decide when to store the next snapshot.
    let logDepth: Int
    let logBytes: Int

    init(number: Int, style: LiveStyle, operations: JSONValue, undoTo: Int?, created: Double, logDepth: Int = 0, logBytes: Int = 0) {
        self.number = number; self.style = style; self.operations = operations; self.undoTo = undoTo
        self.created = created; self.logDepth = logDepth; self.logBytes = logBytes
    }
}

/// A client's live style. Reads take the current revision under a short lock; mutations are
/// serialised by a per-session lock and publish the new revision only after the store
/// committed it, so a failed or unacknowledged mutation is never visible.
public final class Session: Sendable {
    public let id: String
    public let createdAt: Double
    public let readOnly: Bool

    struct State {
        var history: [RevisionRecord]  // oldest first, bounded
        var lastAccess: Double
        var deleted = false
    }

    private let state: NIOLockedValueBox<State>
    private let mutation = NIOLock()
    /// Told when the current revision changes hands (custom layers' added/removed). The
    /// session's holder (SessionManager) attaches the first current revision.
    private let lifecycle: CustomLayerLifecycle?

    init(id: String, createdAt: Double, lastAccess: Double, readOnly: Bool, history: [RevisionRecord],
         lifecycle: CustomLayerLifecycle? = nil) {
        precondition(!history.isEmpty)
        self.lifecycle = lifecycle
        self.id = id
        self.createdAt = createdAt
        self.readOnly = readOnly
        self.state = NIOLockedValueBox(State(history: history, lastAccess: lastAccess))
    }

    public var current: RevisionRecord { state.withLockedValue { $0.history[$0.history.count - 1] } }
    public var history: [RevisionRecord] { state.withLockedValue { $0.history } }
    public var lastAccess: Double { state.withLockedValue { $0.lastAccess } }
    public var isDeleted: Bool { state.withLockedValue { $0.deleted } }

    func touch(_ now: Double) { state.withLockedValue { $0.lastAccess = now } }
    func markDeleted() { state.withLockedValue { $0.deleted = true } }

    /// The record of a kept revision, nil when it has left the bounded history.
    public func revision(_ n: Int) -> RevisionRecord? {
        state.withLockedValue { s in s.history.first { $0.number == n } }
    }

    /// What a mutation computes from the current revision.
    public struct Change: Sendable {
        public var style: LiveStyle
        /// `[[name, ...args], ...]` for history.
        public var operations: JSONValue
        /// nil = the usual "undo goes back to the previous revision".
        public var undoTo: Int??
        /// Whether `operations`, applied declaratively to the current style, give `style`
        /// exactly; then the store may keep just them (`RevisionLog`). Undo's operations do not
        /// (its diff leaves images, feature state and annotations out), so it is stored whole.
        public var replayable: Bool
        public init(style: LiveStyle, operations: JSONValue, undoTo: Int?? = nil, replayable: Bool = true) {
            self.style = style; self.operations = operations; self.undoTo = undoTo; self.replayable = replayable
        }
    }

    /// Ends the session under its mutation lock, if `shouldEnd` still holds there: a mutation
    /// in flight finishes first (and, having touched the session, keeps an idle expiry from
    /// ending it), and no mutation can start on an ended session. `remove` deletes it from
    /// the store. Returns whether the session ended.
    func end(if shouldEnd: (Session) -> Bool, remove: () throws -> Void) rethrows -> Bool {
        mutation.lock()
        defer { mutation.unlock() }
        guard !isDeleted, shouldEnd(self) else { return false }
        try remove()
        markDeleted()
        lifecycle?.detach(current.style.style)
        return true
    }

    /// Applies `body` to the current revision and makes the result durable, all under this
    /// session's mutation lock: concurrent mutations queue up and each sees the previous one.
    /// When the store's head moved (another node committed first), `reload` fetches the
    /// revisions after the one held, they are taken up and `body` runs again on the new
    /// current revision — so `If-Match` and history behave as on one node and no update is lost.
    /// Blocks on the store; call it from the blocking pool.
    func mutate(ifMatch: Int?, limits: SessionLimits, store: any SessionStore,
                reload: ((RevisionRecord) throws -> [RevisionRecord]?)? = nil,
                _ body: (RevisionRecord) throws -> Change) throws -> RevisionRecord {
        if readOnly { throw SessionError.readOnly(session: id) }
        mutation.lock()
        defer { mutation.unlock() }
        for _ in 0..<Self.maxConflictRetries {
            if isDeleted { throw SessionError.unknown(session: id) }
            let cur = current
            if let ifMatch, ifMatch != cur.number {
                throw SessionError.staleRevision(ifMatch: ifMatch, current: cur.number)
            }
            let change = try body(cur)
            // Nothing to do (e.g. PUT /style with the current style): no new revision.
            if case .array(let ops) = change.operations, ops.isEmpty, change.undoTo == nil { return cur }
            // Serialized only when its size is not known already (feature state, images and
            // annotations leave the document's size as it was).
            var styleText: String? = nil
            let documentBytes: Int
            if let n = change.style.knownDocumentBytes { documentBytes = n } else {
                styleText = change.style.serializedStyle()
                documentBytes = styleText!.utf8.count
            }
            if documentBytes > limits.maxStyleBytes {
                throw SessionError.styleTooLarge(bytes: documentBytes, limit: limits.maxStyleBytes, after: true)
            }
            let now = Date().timeIntervalSince1970
            let undoTo: Int? = change.undoTo ?? cur.number
            let operationsText = change.operations.serialized()
            let entry = RevisionLog.entry(after: cur, operationBytes: operationsText.utf8.count, documentBytes: documentBytes,
                                          replayable: change.replayable, snapshotEvery: limits.snapshotEvery)
            let record = RevisionRecord(number: cur.number + 1, style: change.style.withDocumentBytes(documentBytes),
                                        operations: change.operations, undoTo: undoTo, created: now,
                                        logDepth: entry.depth, logBytes: entry.bytes)
            let snapshot = entry.snapshot
                ? StoredSnapshot(style: styleText ?? change.style.serializedStyle(), extras: change.style.serializedExtras()) : nil
            do {
                try store.append(sessionID: id, StoredRevision(
                    revision: record.number, operations: operationsText, snapshot: snapshot, undoTo: undoTo, created: now),
                    lastAccess: now, keepRevisions: limits.historyLimit)
            } catch StoreConflict.revisionMoved(_, let head) where reload != nil && head > cur.number {
                guard let newer = try reload!(cur) else { endLocked(); throw SessionError.unknown(session: id) }
                adoptLocked(newer, limit: limits.historyLimit)
                continue
            } catch StoreConflict.unknownSession {
                endLocked()
                throw SessionError.unknown(session: id)
            }
            state.withLockedValue { s in
                s.history.append(record)
                if s.history.count > limits.historyLimit { s.history.removeFirst(s.history.count - limits.historyLimit) }
                s.lastAccess = now
            }
            // After the commit: a failed mutation never adds or removes a custom layer.
            lifecycle?.transition(from: cur.style.style, to: record.style.style)
            return record
        }
        throw SessionError.contended(session: id)
    }

    /// Conflicts a mutation survives before answering 503 (each one means another node won).
    static let maxConflictRetries = 32

    /// Catches up with revisions committed by other nodes (a notification, or a re-check
    /// after the notification channel reconnected). `fetch(held)` returns the revisions after
    /// the held one, nil when the session is gone from the store (then it ends here too).
    func catchUp(limit: Int, fetch: (RevisionRecord) throws -> [RevisionRecord]?) throws {
        mutation.lock()
        defer { mutation.unlock() }
        guard !isDeleted else { return }
        guard let newer = try fetch(current) else { endLocked(); return }
        adoptLocked(newer, limit: limit)
    }

    /// Takes up newer stored revisions: appended when they follow the held ones, else they
    /// replace the history (more than `limit` revisions happened elsewhere). Mutation lock held.
    private func adoptLocked(_ newer: [RevisionRecord], limit: Int) {
        guard let first = newer.first else { return }
        let old = current
        guard first.number > old.number else { return }
        state.withLockedValue { s in
            if first.number == old.number + 1 { s.history += newer } else { s.history = newer }
            if s.history.count > limit { s.history.removeFirst(s.history.count - limit) }
        }
        lifecycle?.transition(from: old.style.style, to: current.style.style)
    }

    /// Ends the session here after another node deleted it. Mutation lock held.
    private func endLocked() {
        guard !isDeleted else { return }
        markDeleted()
        lifecycle?.detach(current.style.style)
    }
}

/// Bounds every session shares (from the config).
public struct SessionLimits: Sendable {
    public var maxSessions: Int
    public var idleSeconds: Double
    public var maxStyleBytes: Int
    public var historyLimit: Int
    /// A revision is stored with a snapshot at least every this many (`RevisionLog`).
    public var snapshotEvery: Int

    public init(maxSessions: Int, idleSeconds: Double, maxStyleBytes: Int, historyLimit: Int,
                snapshotEvery: Int = RevisionLog.defaultSnapshotEvery) {
        self.maxSessions = maxSessions; self.idleSeconds = idleSeconds
        self.maxStyleBytes = maxStyleBytes; self.historyLimit = historyLimit
        self.snapshotEvery = max(1, snapshotEvery)
    }
}
