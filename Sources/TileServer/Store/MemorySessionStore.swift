import NIOConcurrencyHelpers

/// A non-durable store (config `"store": ":memory:"`, and tests).
public final class MemorySessionStore: SessionStore {
    private let sessions = NIOLockedValueBox([String: StoredSession]())

    public init() {}

    public func loadAll(keepRevisions: Int) throws -> [StoredSession] {
        sessions.withLockedValue { d in
            d.values.sorted { $0.createdAt < $1.createdAt }.map { s in
                var s = s
                s.revisions = Array(s.revisions.suffix(keepRevisions))
                return s
            }
        }
    }

    public func create(_ session: StoredSession) throws {
        try sessions.withLockedValue { d in
            if d[session.id] != nil { throw StoreError("session \(session.id) already exists") }
            d[session.id] = session
        }
    }

    public func append(sessionID: String, _ revision: StoredRevision, lastAccess: Double, keepRevisions: Int) throws {
        try sessions.withLockedValue { d in
            guard var s = d[sessionID] else { throw StoreError("unknown session \(sessionID)") }
            if let last = s.revisions.last, last.revision >= revision.revision {
                throw StoreError("revision \(revision.revision) is not after \(last.revision)")
            }
            s.revisions.append(revision)
            if s.revisions.count > keepRevisions { s.revisions.removeFirst(s.revisions.count - keepRevisions) }
            s.lastAccess = lastAccess
            d[sessionID] = s
        }
    }

    public func delete(sessionID: String) throws {
        _ = sessions.withLockedValue { $0.removeValue(forKey: sessionID) }
    }

    public func touch(_ accesses: [(id: String, lastAccess: Double)]) throws {
        sessions.withLockedValue { d in
            for a in accesses { d[a.id]?.lastAccess = a.lastAccess }
        }
    }
}

public struct StoreError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ d: String) { description = d }
}
