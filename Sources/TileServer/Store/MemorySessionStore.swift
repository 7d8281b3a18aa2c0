import NIOConcurrencyHelpers

/// A non-durable store (config `"store": ":memory:"`, and tests).
public final class MemorySessionStore: SessionStore {
    private let sessions = NIOLockedValueBox([String: StoredSession]())

    public init() {}

    public func loadAll(keepRevisions: Int) throws -> [StoredSession] {
        sessions.withLockedValue { d in
            d.values.sorted { $0.createdAt < $1.createdAt }.map { s in
                var s = s
                s.revisions = RevisionWindow.load(s.revisions, after: nil, keep: keepRevisions)
                return s
            }
        }
    }

    public func load(sessionID: String, after: Int?, keepRevisions: Int) throws -> StoredSession? {
        sessions.withLockedValue { d in
            guard var s = d[sessionID] else { return nil }
            s.revisions = RevisionWindow.load(s.revisions, after: after, keep: keepRevisions)
            return s
        }
    }

    public func heads(_ ids: [String]) throws -> [String: Int] {
        sessions.withLockedValue { d in
            var out: [String: Int] = [:]
            for id in ids { if let r = d[id]?.revisions.last?.revision { out[id] = r } }
            return out
        }
    }

    public func create(_ session: StoredSession, maxSessions: Int?) throws {
        try sessions.withLockedValue { d in
            if d[session.id] != nil { throw StoreConflict.exists(session.id) }
            if let maxSessions, session.id != SessionID.defaultID,
               d.keys.filter({ $0 != SessionID.defaultID }).count >= maxSessions {
                throw StoreConflict.sessionLimit(maxSessions)
            }
            d[session.id] = session
        }
    }

    public func append(sessionID: String, _ revision: StoredRevision, lastAccess: Double, keepRevisions: Int) throws {
        try sessions.withLockedValue { d in
            guard var s = d[sessionID] else { throw StoreConflict.unknownSession(sessionID) }
            let head = s.revisions.last?.revision ?? -1
            if head != revision.revision - 1 { throw StoreConflict.revisionMoved(sessionID: sessionID, head: head) }
            s.revisions.append(revision)
            if let cut = RevisionWindow.pruneBefore(s.revisions, head: revision.revision, keep: keepRevisions) {
                s.revisions.removeAll { $0.revision < cut }
            }
            s.lastAccess = max(s.lastAccess, lastAccess)
            d[sessionID] = s
        }
    }

    public func delete(sessionID: String) throws {
        _ = sessions.withLockedValue { $0.removeValue(forKey: sessionID) }
    }

    public func deleteIfIdle(sessionID: String, idleBefore: Double) throws -> Bool {
        sessions.withLockedValue { d in
            guard let s = d[sessionID], s.lastAccess < idleBefore else { return false }
            d[sessionID] = nil
            return true
        }
    }

    public func touch(_ accesses: [(id: String, lastAccess: Double)]) throws {
        sessions.withLockedValue { d in
            for a in accesses { if let t = d[a.id]?.lastAccess { d[a.id]?.lastAccess = max(t, a.lastAccess) } }
        }
    }
}
