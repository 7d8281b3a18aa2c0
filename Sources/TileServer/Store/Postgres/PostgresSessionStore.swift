import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// Sessions in PostgreSQL, shared by any number of Strata nodes. `strata_sessions` holds each
/// session's identity, access time and head revision; `strata_revisions` its bounded history
/// as a log (each row its operations, some rows a snapshot of the whole style: `RevisionWindow`).
/// An append is a transaction that moves the head only from `revision - 1`, so two nodes
/// mutating one session serialise and neither loses the other's update; every commit sends
/// `NOTIFY strata_sessions` so the other nodes refresh what they hold.
public final class PostgresSessionStore: SessionStore {
    /// The notification channel; payloads are `r <revision> <created> <id>` and `d 0 0 <id>`.
    static let channel = "strata_sessions"

    let pool: PostgresConnectionPool
    private let logger: Logger
    private let listener = NIOLockedValueBox<PostgresChangeListener?>(nil)

    /// Connects, checks the credentials and migrates the schema. Every start-up problem is a
    /// `ConfigError` naming it (malformed URL, unreachable host, wrong password, unknown
    /// database, schema newer than this build) with the URL shown without its password.
    public init(url: PostgresURL, maxConnections: Int = 4, logger: Logger = Logger(label: "strata.store")) throws {
        self.logger = logger
        do {
            self.pool = try PostgresConnectionPool(url: url, maxConnections: maxConnections, logger: logger)
        } catch {
            throw ConfigError(file: "store", message: "\(url): TLS set-up failed: \(error)")
        }
        do {
            try PostgresMigrations.migrate(pool, logger: logger)
            let encrypted = try connectionIsEncrypted()
            logger.notice("PostgreSQL store \(url): connections \(encrypted ? "encrypted (TLS)" : "not encrypted")")
        } catch let e as ConfigError {
            pool.close()
            throw e
        } catch {
            pool.close()
            throw ConfigError(file: "store", message: "\(url): \(Self.startupReason(error))")
        }
    }

    public convenience init(urlString: String, maxConnections: Int = 4) throws {
        try self.init(url: PostgresURL(urlString), maxConnections: maxConnections)
    }

    private static func startupReason(_ error: any Error) -> String {
        switch error {
        case let e as StoreUnavailable: return e.description
        case let e as StoreError: return e.description
        default: return PostgresErrors.describe(error)
        }
    }

    public var isShared: Bool { true }

    /// Whether the store's connections run over TLS, as the server sees them (logged at start).
    func connectionIsEncrypted() throws -> Bool {
        try pool.withConnection { conn in
            try conn.run("SELECT COALESCE((SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()), false)", logger)
                .first?.decode(Bool.self) ?? false
        }
    }
    public var health: StoreHealth { pool.health }

    // MARK: reads

    public func loadAll(keepRevisions: Int) throws -> [StoredSession] {
        try pool.withConnection { conn in
            try conn.run("SELECT id, created_at, last_access FROM strata_sessions ORDER BY created_at", logger).map { row in
                let (id, created, access) = try row.decode((String, Double, Double).self)
                return StoredSession(id: id, createdAt: created, lastAccess: access,
                                     revisions: try revisions(conn, id: id, after: nil, keep: keepRevisions))
            }
        }
    }

    public func load(sessionID: String, after: Int?, keepRevisions: Int) throws -> StoredSession? {
        try pool.withConnection { conn in
            guard let row = try conn.run("SELECT created_at, last_access FROM strata_sessions WHERE id = \(sessionID)", logger).first
            else { return nil }
            let (created, access) = try row.decode((Double, Double).self)
            return StoredSession(id: sessionID, createdAt: created, lastAccess: access,
                                 revisions: try revisions(conn, id: sessionID, after: after, keep: keepRevisions))
        }
    }

    public func heads(_ ids: [String]) throws -> [String: Int] {
        guard !ids.isEmpty else { return [:] }
        return try pool.withConnection { conn in
            var out: [String: Int] = [:]
            for row in try conn.run("SELECT id, revision FROM strata_sessions WHERE id = ANY(\(ids))", logger) {
                let (id, rev) = try row.decode((String, Int).self)
                out[id] = rev
            }
            return out
        }
    }

    /// `RevisionWindow.load` in one statement: one snapshot of the data, so an append and its
    /// pruning committed meanwhile by another node never leave a revision without its base.
    private func revisions(_ conn: PostgresConnection, id: String, after: Int?, keep: Int) throws -> [StoredRevision] {
        let after = after ?? -1
        return try conn.run("""
            WITH kept AS (SELECT revision FROM strata_revisions WHERE session_id = \(id) AND revision > \(after)
                          ORDER BY revision DESC LIMIT \(keep)),
                 bounds AS (SELECT MIN(revision) AS first FROM kept),
                 base AS (SELECT MAX(r.revision) AS rev FROM strata_revisions r, bounds
                          WHERE r.session_id = \(id) AND r.revision <= bounds.first AND r.style IS NOT NULL)
            SELECT revision, operations, style, extras, undo_to, created FROM strata_revisions, bounds, base
            WHERE session_id = \(id) AND bounds.first IS NOT NULL
              AND revision >= GREATEST(COALESCE(base.rev, bounds.first), \(after + 1))
            ORDER BY revision
            """, logger).map { row in
            let (rev, ops, style, extras, undo, created) = try row.decode((Int, String, String?, String?, Int?, Double).self)
            return StoredRevision(revision: rev, operations: ops, snapshot: style.map { StoredSnapshot(style: $0, extras: extras ?? "{}") },
                                  undoTo: undo, created: created)
        }
    }

    // MARK: writes

    /// Serialises creations that count against `maxSessions` (any constant unique to Strata).
    static let createLockKey: Int64 = 0x5374_7261_7461_0002

    public func create(_ s: StoredSession, maxSessions: Int?) throws {
        try pool.transaction { conn in
            if let maxSessions, s.id != SessionID.defaultID {
                // One creator at a time: its count (a statement after the lock, so it sees every
                // creation committed before) and its insert see the same sessions.
                try conn.run("SELECT pg_advisory_xact_lock(\(Self.createLockKey))", logger)
                let n = try conn.run("SELECT count(*) FROM strata_sessions WHERE id <> \(SessionID.defaultID)", logger)
                    .first?.decode(Int.self) ?? 0
                if n >= maxSessions { throw StoreConflict.sessionLimit(maxSessions) }
            }
            let inserted = try conn.affected("""
                INSERT INTO strata_sessions (id, created_at, last_access, revision)
                VALUES (\(s.id), \(s.createdAt), \(s.lastAccess), \(s.revisions.last?.revision ?? 0))
                ON CONFLICT (id) DO NOTHING
                """, logger)
            guard inserted == 1 else { throw StoreConflict.exists(s.id) }
            for r in s.revisions { try insert(conn, r, session: s.id) }
        }
    }

    public func append(sessionID: String, _ r: StoredRevision, lastAccess: Double, keepRevisions: Int) throws {
        try pool.transaction { conn in
            // The row lock this takes serialises concurrent appends; a writer that waited
            // re-reads the head and finds it moved.
            let moved = try conn.affected("""
                UPDATE strata_sessions SET revision = \(r.revision), last_access = GREATEST(last_access, \(lastAccess))
                WHERE id = \(sessionID) AND revision = \(r.revision - 1)
                """, logger)
            guard moved == 1 else {
                let head = try conn.run("SELECT revision FROM strata_sessions WHERE id = \(sessionID)", logger).first
                guard let head else { throw StoreConflict.unknownSession(sessionID) }
                throw StoreConflict.revisionMoved(sessionID: sessionID, head: try head.decode(Int.self))
            }
            try insert(conn, r, session: sessionID)
            // `RevisionWindow.pruneBefore`: older than the snapshot the oldest kept revision needs.
            try conn.run("""
                DELETE FROM strata_revisions WHERE session_id = \(sessionID) AND revision < (
                    SELECT MAX(revision) FROM strata_revisions
                    WHERE session_id = \(sessionID) AND revision <= \(r.revision - max(keepRevisions, 1) + 1) AND style IS NOT NULL)
                """, logger)
            // Delivered to every listening node when (and only if) the transaction commits.
            try conn.run("SELECT pg_notify(\(Self.channel), \("r \(r.revision) \(r.created) \(sessionID)"))", logger)
        }
    }

    public func delete(sessionID: String) throws {
        try pool.transaction { conn in
            if try conn.affected("DELETE FROM strata_sessions WHERE id = \(sessionID)", logger) == 1 {
                try conn.run("SELECT pg_notify(\(Self.channel), \("d 0 0 \(sessionID)"))", logger)
            }
        }
    }

    public func deleteIfIdle(sessionID: String, idleBefore: Double) throws -> Bool {
        try pool.transaction { conn in
            let n = try conn.affected("DELETE FROM strata_sessions WHERE id = \(sessionID) AND last_access < \(idleBefore)", logger)
            if n == 1 { try conn.run("SELECT pg_notify(\(Self.channel), \("d 0 0 \(sessionID)"))", logger) }
            return n == 1
        }
    }

    public func touch(_ accesses: [(id: String, lastAccess: Double)]) throws {
        guard !accesses.isEmpty else { return }
        let ids = accesses.map(\.id), times = accesses.map(\.lastAccess)
        try pool.withConnection { conn in
            try conn.run("""
                UPDATE strata_sessions s SET last_access = GREATEST(s.last_access, a.t)
                FROM unnest(\(ids)::text[], \(times)::double precision[]) AS a(id, t) WHERE s.id = a.id
                """, logger)
        }
    }

    private func insert(_ conn: PostgresConnection, _ r: StoredRevision, session: String) throws {
        try conn.run("""
            INSERT INTO strata_revisions (session_id, revision, operations, style, extras, undo_to, created)
            VALUES (\(session), \(r.revision), \(r.operations), \(r.snapshot?.style), \(r.snapshot?.extras), \(r.undoTo), \(r.created))
            """, logger)
    }

    // MARK: notifications

    public func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void) {
        let l = PostgresChangeListener(pool: pool, channel: Self.channel, logger: logger, handler: handler)
        listener.withLockedValue { $0 = l }
        l.start()
    }

    public func close() {
        listener.withLockedValue { $0 }?.stop()
        pool.close()
    }
}
