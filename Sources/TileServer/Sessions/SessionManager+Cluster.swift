import Foundation
import Logging

/// What a node does when other nodes share its store (PostgreSQL): the sessions it holds are
/// a cache of the store. A session named by a request but not held is loaded from the store
/// (`loadIfMissing`); a change committed by another node arrives as a notification and the
/// held copy catches up; a mutation that finds the store's head moved takes up the newer
/// revisions and runs again (`mutate`).
extension SessionManager {
    /// Whether this node holds the session (no store call needed to serve it).
    public func isHeld(_ id: String) -> Bool {
        sessions.withLockedValue { $0[id] != nil }
    }

    /// Loads a session another node created, if the store is shared and has it (blocking).
    /// Unknown ids stay unknown (the route then answers 404).
    public func loadIfMissing(_ id: String) throws {
        guard store.isShared, SessionID.isWellFormed(id), !isHeld(id) else { return }
        guard let stored = try store.load(sessionID: id, after: nil, keepRevisions: limits.historyLimit),
              let session = makeSession(from: stored, now: Date().timeIntervalSince1970, defaultReadOnly: false) else { return }
        let raced = sessions.withLockedValue { d -> Bool in
            if d[id] != nil { return true }
            d[id] = session
            return false
        }
        // Another request loaded it first: let this copy go.
        if raced { _ = session.end(if: { _ in true }, remove: {}) }
    }

    /// A mutation through the store's conditional append, catching up with other nodes'
    /// revisions when the head moved under it. Blocking.
    func mutate(_ session: Session, ifMatch: Int?, _ body: (RevisionRecord) throws -> Session.Change) throws -> RevisionRecord {
        try session.mutate(ifMatch: ifMatch, limits: limits, store: store, reload: { [self] held in
            try newerRecords(session.id, after: held)
        }, body)
    }

    /// The revisions after the held one (rebuilt from it where the log continues it), nil when
    /// the session is gone from the store.
    func newerRecords(_ id: String, after held: RevisionRecord) throws -> [RevisionRecord]? {
        guard let stored = try store.load(sessionID: id, after: held.number, keepRevisions: limits.historyLimit) else { return nil }
        return records(stored.revisions, sessionID: id, continuing: held)
    }

    /// A change from the store's notifications. Returns at once; store reads run on
    /// `changeQueue`, one change after another.
    public func handle(_ change: StoreChange) {
        if case .revision(_, _, let created) = change {
            let lag = max(0, Date().timeIntervalSince1970 - created)
            onNotificationLag.withLockedValue { $0 }?(lag)
        }
        changeQueue.async { [self] in
            do { try apply(change) } catch {
                logger.warning("catching up with a change from another node failed (\(change)): \(error)")
            }
        }
    }

    private func apply(_ change: StoreChange) throws {
        switch change {
        case .revision(let id, let revision, _):
            guard let s = sessions.withLockedValue({ $0[id] }), s.current.number < revision else { return }
            try catchUp(s)
        case .deleted(let id):
            guard let s = sessions.withLockedValue({ $0[id] }) else { return }
            drop(s)
        case .resynchronize:
            let held = sessions.withLockedValue { Array($0.values) }
            let heads = try store.heads(held.map(\.id))
            for s in held {
                guard let head = heads[s.id] else { drop(s); continue }
                if head > s.current.number { try catchUp(s) }
            }
        }
    }

    private func catchUp(_ s: Session) throws {
        try s.catchUp(limit: limits.historyLimit) { held in try newerRecords(s.id, after: held) }
        if s.isDeleted { sessions.withLockedValue { d in if d[s.id] === s { d[s.id] = nil } } }
    }

    /// Another node deleted the session: end it here without touching the store.
    private func drop(_ s: Session) {
        _ = s.end(if: { _ in true }, remove: {})
        sessions.withLockedValue { d in if d[s.id] === s { d[s.id] = nil } }
    }
}
