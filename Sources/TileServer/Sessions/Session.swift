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
        public var operations: JSONValue
        /// nil = the usual "undo goes back to the previous revision".
        public var undoTo: Int??
        public init(style: LiveStyle, operations: JSONValue, undoTo: Int?? = nil) {
            self.style = style; self.operations = operations; self.undoTo = undoTo
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
    /// Blocks on the store; call it from the blocking pool.
    func mutate(ifMatch: Int?, limits: SessionLimits, store: any SessionStore,
                _ body: (RevisionRecord) throws -> Change) throws -> RevisionRecord {
        if readOnly { throw APIError(.forbidden, code: "read_only", message: "session \(id) is read-only") }
        mutation.lock()
        defer { mutation.unlock() }
        if isDeleted { throw APIError.notFound("unknown session \(id)", code: "unknown_session") }
        let cur = current
        if let ifMatch, ifMatch != cur.number {
            throw APIError.preconditionFailed("If-Match revision \(ifMatch) is stale: the current revision is \(cur.number)")
        }
        let change = try body(cur)
        // Nothing to do (e.g. PUT /style with the current style): no new revision.
        if case .array(let ops) = change.operations, ops.isEmpty, change.undoTo == nil { return cur }
        let styleText = change.style.serializedStyle()
        if styleText.utf8.count > limits.maxStyleBytes {
            throw APIError(.payloadTooLarge, code: "style_too_large",
                           message: "the style would be \(styleText.utf8.count) bytes, over the limit of \(limits.maxStyleBytes)")
        }
        let now = Date().timeIntervalSince1970
        let undoTo: Int? = change.undoTo ?? cur.number
        let record = RevisionRecord(number: cur.number + 1, style: change.style, operations: change.operations,
                                    undoTo: undoTo, created: now)
        try store.append(sessionID: id, StoredRevision(
            revision: record.number, style: styleText, extras: change.style.serializedExtras(),
            operations: change.operations.serialized(), undoTo: undoTo, created: now),
            lastAccess: now, keepRevisions: limits.historyLimit)
        state.withLockedValue { s in
            s.history.append(record)
            if s.history.count > limits.historyLimit { s.history.removeFirst(s.history.count - limits.historyLimit) }
            s.lastAccess = now
        }
        // After the commit: a failed mutation never adds or removes a custom layer.
        lifecycle?.transition(from: cur.style.style, to: record.style.style)
        return record
    }
}

/// Bounds every session shares (from the config).
public struct SessionLimits: Sendable {
    public var maxSessions: Int
    public var idleSeconds: Double
    public var maxStyleBytes: Int
    public var historyLimit: Int

    public init(maxSessions: Int, idleSeconds: Double, maxStyleBytes: Int, historyLimit: Int) {
        self.maxSessions = maxSessions; self.idleSeconds = idleSeconds
        self.maxStyleBytes = maxStyleBytes; self.historyLimit = historyLimit
    }
}
