import Foundation
import GRDB

/// Sessions in an embedded SQLite database (WAL, synchronous=FULL): `sessions` holds identity
/// and access times, `revisions` the bounded style history. Each call is one transaction that
/// is committed (and synced) before it returns.
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
        try Self.migrator.migrate(pool)
    }

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    created_at REAL NOT NULL,
                    last_access REAL NOT NULL
                );
                CREATE TABLE revisions (
                    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    style TEXT NOT NULL,
                    extras TEXT NOT NULL,
                    operations TEXT NOT NULL,
                    undo_to INTEGER,
                    created REAL NOT NULL,
                    PRIMARY KEY (session_id, revision)
                );
                """)
        }
        return m
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

    private static func revisions(of id: String, after: Int?, keep: Int, _ db: Database) throws -> [StoredRevision] {
        try Row.fetchAll(db, sql: """
            SELECT revision, style, extras, operations, undo_to, created FROM revisions
            WHERE session_id = ? AND revision > ? ORDER BY revision DESC LIMIT ?
            """, arguments: [id, after ?? -1, keep]).reversed().map { r in
            StoredRevision(revision: r["revision"], style: r["style"], extras: r["extras"],
                           operations: r["operations"], undoTo: r["undo_to"], created: r["created"])
        }
    }

    public func create(_ s: StoredSession) throws {
        try pool.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM sessions WHERE id = ?", arguments: [s.id]) != nil {
                throw StoreConflict.exists(s.id)
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
            try db.execute(sql: "DELETE FROM revisions WHERE session_id = ? AND revision <= ?",
                           arguments: [sessionID, r.revision - keepRevisions])
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
            INSERT INTO revisions (session_id, revision, style, extras, operations, undo_to, created)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [session, r.revision, r.style, r.extras, r.operations, r.undoTo, r.created])
    }
}
