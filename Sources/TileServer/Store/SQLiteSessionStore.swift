import Foundation
import GRDB

/// Sessions in an embedded SQLite database (WAL, synchronous=FULL): `sessions` holds identity
/// and access times, `revisions` the bounded style history as a log (each row its operations,
/// some rows a snapshot of the whole style: `RevisionWindow`). Each call is one transaction
/// that is committed (and synced) before it returns. The schema is versioned
/// (`SQLiteMigrations`): files written by earlier versions open and keep their sessions.
public final class SQLiteSessionStore: SessionStore {
    private let pool: DatabasePool
    public let path: String

    public init(path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        var config = Configuration()
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        config.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: config)
        let migrator = SQLiteMigrations.migrator
        if try pool.read(migrator.hasBeenSuperseded) {
            throw StoreError("\(path) was written by a newer Strata (its schema has migrations this build does not know); run that version")
        }
        try migrator.migrate(pool)
    }

    public func loadAll(keepRevisions: Int) throws -> [StoredSession] {
        try pool.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, created_at, last_access FROM sessions ORDER BY created_at")
            return try rows.map { row in
                let id: String = row["id"]
                return StoredSession(id: id, createdAt: row["created_at"], lastAccess: row["last_access"],
                                     revisions: try Self.revisions(of: id, after: nil, keep: keepRevisions, db))
            }
        }
    }

    public func load(sessionID: String, after: Int?, keepRevisions: Int) throws -> StoredSession? {
        try pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT created_at, last_access FROM sessions WHERE id = ?",
                                             arguments: [sessionID]) else { return nil }
            return StoredSession(id: sessionID, createdAt: row["created_at"], lastAccess: row["last_access"],
                                 revisions: try Self.revisions(of: sessionID, after: after, keep: keepRevisions, db))
        }
    }

    public func heads(_ ids: [String]) throws -> [String: Int] {
        try pool.read { db in
            var out: [String: Int] = [:]
            for id in ids {
                if let r = try Int.fetchOne(db, sql: "SELECT MAX(revision) FROM revisions WHERE session_id = ?", arguments: [id]) {
                    out[id] = r
                }
            }
            return out
        }
    }

    /// `RevisionWindow.load` in one statement (so one consistent read).
    private static func revisions(of id: String, after: Int?, keep: Int, _ db: Database) throws -> [StoredRevision] {
        try Row.fetchAll(db, sql: """
            WITH kept AS (SELECT revision FROM revisions WHERE session_id = :id AND revision > :after
                          ORDER BY revision DESC LIMIT :keep),
                 bounds AS (SELECT MIN(revision) AS first FROM kept),
                 base AS (SELECT MAX(r.revision) AS rev FROM revisions r, bounds
                          WHERE r.session_id = :id AND r.revision <= bounds.first AND r.style IS NOT NULL)
            SELECT revision, operations, style, extras, undo_to, created FROM revisions, bounds, base
            WHERE session_id = :id AND revision >= MAX(IFNULL(base.rev, bounds.first), :after + 1)
            ORDER BY revision
            """, arguments: ["id": id, "after": after ?? -1, "keep": keep]).map { r in
            let style: String? = r["style"], extras: String? = r["extras"]
            return StoredRevision(revision: r["revision"], operations: r["operations"],
                                  snapshot: style.map { StoredSnapshot(style: $0, extras: extras ?? "{}") },
                                  undoTo: r["undo_to"], created: r["created"])
        }
    }

    public func create(_ s: StoredSession, maxSessions: Int?) throws {
        try pool.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM sessions WHERE id = ?", arguments: [s.id]) != nil {
                throw StoreConflict.exists(s.id)
            }
            if let maxSessions, s.id != SessionID.defaultID,
               try Int.fetchOne(db, sql: "SELECT count(*) FROM sessions WHERE id <> ?", arguments: [SessionID.defaultID]) ?? 0 >= maxSessions {
                throw StoreConflict.sessionLimit(maxSessions)
            }
            try db.execute(sql: "INSERT INTO sessions (id, created_at, last_access) VALUES (?, ?, ?)",
                           arguments: [s.id, s.createdAt, s.lastAccess])
            for r in s.revisions { try Self.insert(r, session: s.id, db) }
        }
    }

    public func append(sessionID: String, _ r: StoredRevision, lastAccess: Double, keepRevisions: Int) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE sessions SET last_access = MAX(last_access, ?) WHERE id = ?", arguments: [lastAccess, sessionID])
            guard db.changesCount == 1 else { throw StoreConflict.unknownSession(sessionID) }
            let head = try Int.fetchOne(db, sql: "SELECT MAX(revision) FROM revisions WHERE session_id = ?", arguments: [sessionID]) ?? -1
            // Thrown inside the transaction: GRDB rolls the access time back too.
            guard head == r.revision - 1 else { throw StoreConflict.revisionMoved(sessionID: sessionID, head: head) }
            try Self.insert(r, session: sessionID, db)
            // `RevisionWindow.pruneBefore`: older than the snapshot the oldest kept revision needs.
            try db.execute(sql: """
                DELETE FROM revisions WHERE session_id = :id AND revision < (
                    SELECT MAX(revision) FROM revisions WHERE session_id = :id AND revision <= :firstKept AND style IS NOT NULL)
                """, arguments: ["id": sessionID, "firstKept": r.revision - max(keepRevisions, 1) + 1])
        }
    }

    public func delete(sessionID: String) throws {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE id = ?", arguments: [sessionID])
        }
    }

    public func deleteIfIdle(sessionID: String, idleBefore: Double) throws -> Bool {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE id = ? AND last_access < ?", arguments: [sessionID, idleBefore])
            return db.changesCount == 1
        }
    }

    public func touch(_ accesses: [(id: String, lastAccess: Double)]) throws {
        guard !accesses.isEmpty else { return }
        try pool.write { db in
            for a in accesses {
                try db.execute(sql: "UPDATE sessions SET last_access = MAX(last_access, ?) WHERE id = ?", arguments: [a.lastAccess, a.id])
            }
        }
    }

    private static func insert(_ r: StoredRevision, session: String, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO revisions (session_id, revision, operations, style, extras, undo_to, created)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [session, r.revision, r.operations, r.snapshot?.style, r.snapshot?.extras, r.undoTo, r.created])
    }
}
