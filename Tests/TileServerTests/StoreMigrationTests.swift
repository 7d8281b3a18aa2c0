import Foundation
import GRDB
import JSON
import StrataTestSupport
import StyleSpec
import XCTest
@testable import TileServer

/// Stores written before revisions became a log open with this build and keep every session
/// and revision as written; new revisions then go into the log beside the old whole rows.
final class StoreMigrationTests: XCTestCase {
    static let limits = SessionLimits(maxSessions: 100, idleSeconds: 3600, maxStyleBytes: 1 << 24, historyLimit: 50)
    static let defaultStyle: JSONValue = ["version": 8, "sources": [:], "layers": []]

    /// A revision as the old schema stored it.
    struct OldRow: Equatable { var revision: Int, style: String, extras: String, operations: String, undoTo: Int? }

    static func describe(_ r: RevisionRecord) -> OldRow {
        OldRow(revision: r.number, style: r.style.serializedStyle(), extras: r.style.serializedExtras(),
               operations: r.operations.serialized(), undoTo: r.undoTo)
    }

    /// Each session's history as a fresh node (a restart) loads it from `store`.
    static func restart(_ store: any SessionStore) throws -> SessionManager {
        let m = SessionManager(store: store, limits: limits)
        try m.restore(defaultStyle: LiveStyle.load(defaultStyle), defaultReadOnly: false)
        return m
    }

    /// Changes feature state through the session layer (a log entry) and checks it reloads.
    static func appendAndReload(_ m: SessionManager, _ id: String, store: () throws -> any SessionStore) throws {
        let s = try m.session(id)
        let command = StyleCommand.setGlobalStateProperty("after-migration", true)
        let r = try m.mutate(s, ifMatch: s.current.number) { cur in
            .init(style: try cur.style.applying([command]), operations: [command.json])
        }
        let reloaded = try restart(store()).session(id)
        XCTAssertEqual(reloaded.history.map(describe), s.history.map(describe))
        XCTAssertEqual(reloaded.current.number, r.number)
        XCTAssertEqual(reloaded.current.style.style.globalStateOverrides["after-migration"], true)
    }

    func testSQLiteFileFromBeforeTheLogKeepsItsSessions() throws {
        let fixture = try XCTUnwrap(Bundle.module.url(forResource: "strata-sqlite-v1", withExtension: "sql", subdirectory: "Fixtures"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("strata.sqlite").path
        var old: [String: [OldRow]] = [:]
        do {
            let q = try DatabaseQueue(path: path)
            try q.inDatabase { db in try db.execute(sql: String(contentsOf: fixture, encoding: .utf8)) }
            for row in try q.read({ try Row.fetchAll($0, sql: "SELECT * FROM revisions ORDER BY session_id, revision") }) {
                old[row["session_id"], default: []].append(OldRow(revision: row["revision"], style: row["style"], extras: row["extras"],
                                                                  operations: row["operations"], undoTo: row["undo_to"]))
            }
            try q.close()
        }
        XCTAssertEqual(old.count, 2)
        let id = try XCTUnwrap(old.keys.first { $0 != SessionID.defaultID })
        XCTAssertEqual(old[id]?.map(\.revision), Array(0...8))

        let store = try SQLiteSessionStore(path: path)
        let m = try Self.restart(store)
        for (sid, rows) in old {
            XCTAssertEqual(try m.session(sid).history.map(Self.describe), rows, "session \(sid) as it was written")
        }
        XCTAssertEqual(try store.load(sessionID: id, after: nil, keepRevisions: 50)?.revisions.allSatisfy { $0.snapshot != nil }, true)
        try Self.appendAndReload(m, id) { try SQLiteSessionStore(path: path) }
        XCTAssertNil(try store.load(sessionID: id, after: 8, keepRevisions: 50)?.revisions.first?.snapshot, "appended as a log entry")
        let migrations = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
        XCTAssertEqual(migrations, ["v1", "v2-revision-log"])
    }

    /// A file from a newer Strata (a migration this build does not know) is refused, not misread.
    func testSQLiteFileFromANewerStrataIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-newer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("strata.sqlite").path
        _ = try SQLiteSessionStore(path: path)
        try DatabaseQueue(path: path).write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-future')") }
        XCTAssertThrowsError(try SessionStoreFactory.make(path, connections: 1)) { e in
            XCTAssertTrue("\(e)".contains("newer Strata"), "\(e)")
        }
    }

    func testPostgresSchemaV2SessionsSurviveTheLogMigration() throws {
        let pg = try PostgresTestServer.shared()
        let url = try pg.newDatabase()
        let db = String(url.split(separator: "/").last!)
        try pg.psql(db, "CREATE TABLE strata_schema_migrations (version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())")
        for m in PostgresMigrations.all.prefix(2) {
            for sql in m.statements { try pg.psql(db, sql) }
            try pg.psql(db, "INSERT INTO strata_schema_migrations (version, description) VALUES (\(m.version), 'before the log')")
        }
        // A session as schema version 2 stored it: every revision whole.
        let id = SessionID.generate()
        // Larger than the commands below, so the new revision is a log entry, not a snapshot.
        let points = JSONValue.array((0..<100).map { i in ["type": "Point", "coordinates": [.number(Double(i)), 2]] })
        let base = try LiveStyle.load(["version": 8, "sources": ["p": ["type": "geojson", "data": ["type": "GeometryCollection", "geometries": points]]],
                                       "layers": [["id": "c", "type": "circle", "source": "p"]]])
        let command = StyleCommand.setFeatureState(FeatureTarget(source: "p", id: "1"), JSONObject([("on", true)]))
        let next = try base.applying([command])
        var rows: [OldRow] = []
        for (n, style) in [base, next].enumerated() {
            rows.append(OldRow(revision: n, style: style.serializedStyle(), extras: style.serializedExtras(),
                               operations: n == 0 ? "[]" : JSONValue.array([command.json]).serialized(), undoTo: n == 0 ? nil : 0))
        }
        try pg.psql(db, "INSERT INTO strata_sessions (id, created_at, last_access, revision) VALUES ('\(id)', 1, 1, 1)")
        for r in rows {
            try pg.psql(db, """
                INSERT INTO strata_revisions (session_id, revision, style, extras, operations, undo_to, created)
                VALUES ('\(id)', \(r.revision), $s$\(r.style)$s$, $s$\(r.extras)$s$, $s$\(r.operations)$s$, \(r.undoTo.map(String.init) ?? "NULL"), 1)
                """)
        }

        let store = try PostgresSessionStore(urlString: url)
        defer { store.close() }
        XCTAssertEqual(try pg.psql(db, "SELECT max(version) FROM strata_schema_migrations"), "\(PostgresMigrations.latest)")
        let m = try Self.restart(store)
        XCTAssertEqual(try m.session(id).history.map(Self.describe), rows)
        var others: [PostgresSessionStore] = []
        defer { for o in others { o.close() } }
        try Self.appendAndReload(m, id) {
            let o = try PostgresSessionStore(urlString: url)
            others.append(o)
            return o
        }
        XCTAssertEqual(try pg.psql(db, "SELECT string_agg(revision || ':' || (style IS NULL), ',' ORDER BY revision) FROM strata_revisions WHERE session_id = '\(id)'"),
                       "0:false,1:false,2:true")
    }
}
