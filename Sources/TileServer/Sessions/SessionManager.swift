import Foundation
import StyleSpec
import JSON
import Logging
import NIOConcurrencyHelpers
import Renderer

/// All live sessions, their creation, lookup, deletion and idle expiry, mirrored in the store.
/// Store calls block: every method that takes the store runs on the blocking pool.
public final class SessionManager: Sendable {
    public let store: any SessionStore
    public let limits: SessionLimits
    /// Validates restored styles and calls custom layers' added/removed as sessions change.
    public let customLayers: CustomLayerRegistry?
    let sessions = NIOLockedValueBox([String: Session]())
    let logger = Logger(label: "strata.sessions")
    /// Where blocking work started by store notifications runs, one change at a time.
    let changeQueue = DispatchQueue(label: "strata.store-changes")
    /// Told how late each notification of another node's commit arrived (seconds).
    let onNotificationLag = NIOLockedValueBox<(@Sendable (Double) -> Void)?>(nil)

    /// Reads the styles that stored styles import by URL when sessions are restored.
    public let importLoader: (any StyleImportLoading)?

    public init(store: any SessionStore, limits: SessionLimits, customLayers: CustomLayerRegistry? = nil,
                importLoader: (any StyleImportLoading)? = nil) {
        self.store = store
        self.limits = limits
        self.customLayers = customLayers
        self.importLoader = importLoader
    }

    /// Sessions other than the default one.
    public var count: Int { sessions.withLockedValue { $0.count - ($0[SessionID.defaultID] == nil ? 0 : 1) } }

    /// Loads every stored session back and makes sure the default session exists (created
    /// from `defaultStyle` on first start; afterwards it keeps its stored changes).
    public func restore(defaultStyle: LiveStyle, defaultReadOnly: Bool) throws {
        let stored = try store.loadAll(keepRevisions: limits.historyLimit)
        var loaded: [String: Session] = [:]
        let now = Date().timeIntervalSince1970
        for s in stored {
            guard let session = makeSession(from: s, now: now, defaultReadOnly: defaultReadOnly) else { continue }
            loaded[s.id] = session
        }
        if loaded[SessionID.defaultID] == nil {
            do {
                let s = try makeSession(id: SessionID.defaultID, style: defaultStyle, readOnly: defaultReadOnly, now: now)
                loaded[s.id] = s
            } catch StoreConflict.exists {
                // Another node sharing the store created it in the meantime: take theirs.
                guard let stored = try store.load(sessionID: SessionID.defaultID, after: nil, keepRevisions: limits.historyLimit),
                      let s = makeSession(from: stored, now: now, defaultReadOnly: defaultReadOnly) else {
                    throw StoreError("the default session exists in the store but cannot be loaded")
                }
                loaded[s.id] = s
            }
        }
        let replaced = sessions.withLockedValue { d -> [Session] in
            let old = Array(d.values)
            d = loaded
            return old
        }
        for s in replaced { _ = s.end(if: { _ in true }, remove: {}) }
    }

    /// A stored session made live (its custom layers attached), nil when no revision loads.
    func makeSession(from s: StoredSession, now: Double, defaultReadOnly: Bool) -> Session? {
        let history = records(s.revisions, sessionID: s.id)
        guard !history.isEmpty else { logger.warning("session \(s.id) has no loadable revision; skipped"); return nil }
        let readOnly = s.id == SessionID.defaultID && defaultReadOnly
        // Downtime does not count as idleness: a restored session starts a fresh idle period.
        let session = Session(id: s.id, createdAt: s.createdAt, lastAccess: max(s.lastAccess, now),
                              readOnly: readOnly, history: history, lifecycle: customLayers?.lifecycle)
        customLayers?.lifecycle.attach(session.current.style.style)
        return session
    }

    /// Stored revisions as live ones, the last `historyLimit` of them. A snapshot row is parsed;
    /// any other row replays its operations on the revision before it (`RevisionLog`), the
    /// first one on `held` (the revision a catching-up session holds). A row that no longer
    /// loads is skipped with a warning, and so are the rows that would be rebuilt from it, up
    /// to the next snapshot.
    func records(_ rows: [StoredRevision], sessionID: String, continuing held: RevisionRecord? = nil) -> [RevisionRecord] {
        var history: [RevisionRecord] = []
        var previous = held
        for r in rows {
            let ops = (try? JSONParser.parse(r.operations)) ?? .array([])
            do {
                let record: RevisionRecord
                if let snapshot = r.snapshot {
                    let style = try LiveStyle.restore(style: snapshot.style, extras: snapshot.extras, customLayers: customLayers,
                                                      importLoader: importLoader)
                    record = RevisionRecord(number: r.revision, style: style, operations: ops, undoTo: r.undoTo, created: r.created)
                } else {
                    guard let p = previous, p.number == r.revision - 1 else {
                        throw StoreError("no snapshot or loaded revision \(r.revision - 1) to rebuild it from")
                    }
                    record = RevisionRecord(number: r.revision, style: try RevisionLog.replay(r.operations, on: p.style),
                                            operations: ops, undoTo: r.undoTo, created: r.created,
                                            logDepth: p.logDepth + 1, logBytes: p.logBytes + r.operations.utf8.count)
                }
                history.append(record)
                previous = record
            } catch {
                logger.warning("session \(sessionID) revision \(r.revision) no longer loads: \(error)")
                previous = nil
            }
        }
        return Array(history.suffix(limits.historyLimit))
    }

    /// Server shutdown: every live session lets go of its custom layers (their `removed()`
    /// runs) and takes no further mutation. The sessions stay in the store for the next start.
    public func releaseCustomLayers() {
        let all = sessions.withLockedValue { Array($0.values) }
        for s in all { _ = s.end(if: { _ in true }, remove: {}) }
    }

    /// The session a request names (`nil` = the default session); unknown ids are a 404,
    /// never a fallback to another session.
    public func session(_ id: String?) throws -> Session {
        let key = id ?? SessionID.defaultID
        guard SessionID.isWellFormed(key), let s = sessions.withLockedValue({ $0[key] }) else {
            throw SessionError.unknown(session: key)
        }
        s.touch(Date().timeIntervalSince1970)
        return s
    }

    /// Creates and persists a new session (blocking). `maxSessions` counts this node's sessions,
    /// or with a shared store every node's: the store counts them in the creating transaction.
    public func create(style: LiveStyle) throws -> Session {
        let shared = store.isShared
        let reserved = shared || sessions.withLockedValue { d -> Bool in
            let n = d.count - (d[SessionID.defaultID] == nil ? 0 : 1)
            return n < limits.maxSessions
        }
        let full = SessionError.limitReached(max: limits.maxSessions, hint: true)
        guard reserved else { throw full }
        let s: Session
        do {
            s = try makeSession(id: SessionID.generate(), style: style, readOnly: false, now: Date().timeIntervalSince1970,
                                maxSessions: shared ? limits.maxSessions : nil)
        } catch StoreConflict.sessionLimit {
            throw full
        }
        let admitted = sessions.withLockedValue { d -> Bool in
            guard shared || d.count - (d[SessionID.defaultID] == nil ? 0 : 1) < limits.maxSessions else { return false }
            d[s.id] = s
            return true
        }
        guard admitted else {
            _ = try? s.end(if: { _ in true }, remove: { try store.delete(sessionID: s.id) })
            throw SessionError.limitReached(max: limits.maxSessions, hint: false)
        }
        return s
    }

    private func makeSession(id: String, style: LiveStyle, readOnly: Bool, now: Double, maxSessions: Int? = nil) throws -> Session {
        let styleText = style.serializedStyle()
        if styleText.utf8.count > limits.maxStyleBytes {
            throw SessionError.styleTooLarge(bytes: styleText.utf8.count, limit: limits.maxStyleBytes, after: false)
        }
        // The first revision always carries a snapshot: every later one is rebuilt from one.
        let rev = StoredRevision(revision: 0, operations: "[]", snapshot: StoredSnapshot(style: styleText, extras: style.serializedExtras()),
                                 undoTo: nil, created: now)
        try store.create(StoredSession(id: id, createdAt: now, lastAccess: now, revisions: [rev]), maxSessions: maxSessions)
        let record = RevisionRecord(number: 0, style: style.withDocumentBytes(styleText.utf8.count), operations: .array([]),
                                    undoTo: nil, created: now)
        // Held from here on: a session that is then refused (limit race) is ended, which detaches.
        let session = Session(id: id, createdAt: now, lastAccess: now, readOnly: readOnly, history: [record],
                              lifecycle: customLayers?.lifecycle)
        customLayers?.lifecycle.attach(style.style)
        return session
    }

    /// Deletes a session (blocking). The default session cannot be deleted.
    public func delete(_ id: String) throws {
        if id == SessionID.defaultID {
            throw SessionError.defaultSessionUndeletable
        }
        let s = try session(id)
        guard try s.end(if: { _ in true }, remove: { try store.delete(sessionID: id) }) else {
            throw SessionError.unknown(session: id)
        }
        sessions.withLockedValue { d in if d[id] === s { d[id] = nil } }
    }

    /// Removes sessions idle longer than the limit (never the default one) and records access
    /// times of the rest (blocking). Returns the expired ids.
    @discardableResult
    public func expire(now: Double = Date().timeIntervalSince1970) -> [String] {
        let all = sessions.withLockedValue { Array($0.values) }
        var expired: [String] = []
        var touched: [(id: String, lastAccess: Double)] = []
        let idle = limits.idleSeconds
        for s in all where s.id != SessionID.defaultID {
            guard now - s.lastAccess > idle else { touched.append((s.id, s.lastAccess)); continue }
            // Re-checked under the session's mutation lock: a mutation that raced with this
            // sweep has touched the session and keeps it; none starts once it is ended.
            do {
                // A shared store deletes only if no other node recorded a later access.
                if try s.end(if: { now - $0.lastAccess > idle }, remove: {
                    if !store.isShared { return try store.delete(sessionID: s.id) }
                    guard try store.deleteIfIdle(sessionID: s.id, idleBefore: now - idle) else { throw StillInUse() }
                }) {
                    expired.append(s.id)
                    sessions.withLockedValue { d in if d[s.id] === s { d[s.id] = nil } }
                } else {
                    touched.append((s.id, s.lastAccess))
                }
            } catch is StillInUse {
                // Idle here, in use on another node: let this node's copy go (a later request
                // loads it again) and leave the session in the store.
                if s.end(if: { now - $0.lastAccess > idle }, remove: {}) {
                    sessions.withLockedValue { d in if d[s.id] === s { d[s.id] = nil } }
                }
            } catch {
                logger.error("expiring session \(s.id) failed: \(error)")
            }
        }
        do { try store.touch(touched) } catch { logger.error("recording session access failed: \(error)") }
        return expired
    }
}

/// An idle session another node has used recently: not expired.
private struct StillInUse: Error {}
