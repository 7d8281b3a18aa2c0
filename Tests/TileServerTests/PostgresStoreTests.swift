import Foundation
import JSON
import NIOConcurrencyHelpers
import StyleSpec
import StrataTestSupport
import XCTest
@testable import TileServer

/// What only the PostgreSQL store has: its URL, start-up errors that name the problem (never
/// the password), versioned migrations safe under concurrent starts, notifications, and two
/// nodes (session managers) sharing sessions without losing updates.
final class PostgresStoreTests: XCTestCase {
    func testURLParsing() throws {
        let u = try PostgresURL("postgres://ann:s%40cret@db.example:6543/tiles", environment: [:])
        XCTAssertEqual([u.user, u.password, u.host, u.database], ["ann", "s@cret", "db.example", "tiles"])
        XCTAssertEqual(u.port, 6543)
        XCTAssertEqual(u.description, "postgres://ann@db.example:6543/tiles")
        let e = try PostgresURL("postgresql://ann@[::1]/tiles", environment: ["STRATA_PG_PASSWORD": "envpw"])
        XCTAssertEqual(e.password, "envpw")
        XCTAssertEqual(e.port, 5432)
        XCTAssertEqual(e.host, "::1")
        XCTAssertNil(try PostgresURL("postgres://ann@h/db", environment: [:]).password)
        for bad in ["postgres://", "postgres://h/db", "postgres://ann:pw@h:99999/db", "postgres://ann:pw@h:x/db",
                    "postgres://ann:pw@h", "postgres://ann:pw@h/", "postgres://ann:pw@/db", "postgres://ann:pw@h/db?sslmode=x"] {
            XCTAssertThrowsError(try PostgresURL(bad, environment: [:]), bad) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains("malformed PostgreSQL URL"), text)
                XCTAssertFalse(text.contains(":pw"), "the password leaked: \(text)")
            }
        }
        XCTAssertEqual(SessionStoreFactory.describe("postgres://ann:topsecret@h:1/db"), "postgres://ann@h:1/db")
    }

    func testURLSSLMode() throws {
        XCTAssertEqual(try PostgresURL("postgres://a@h/db", environment: [:]).sslMode, .prefer, "libpq's default")
        for mode in PostgresURL.SSLMode.allCases {
            let u = try PostgresURL("postgres://a:pw@h/db?sslmode=\(mode.rawValue)", environment: [:])
            XCTAssertEqual(u.sslMode, mode)
            XCTAssertEqual(u.database, "db")
            XCTAssertEqual(u.description, "postgres://a@h:5432/db" + (mode == .prefer ? "" : "?sslmode=\(mode.rawValue)"))
        }
        for bad in ["postgres://a:pw@h/db?sslmode=", "postgres://a:pw@h/db?sslmode=allow", "postgres://a:pw@h/db?user=x",
                    "postgres://a:pw@h/db?", "postgres://a:pw@h/db?sslmode=require&sslmode=disable"] {
            XCTAssertThrowsError(try PostgresURL(bad, environment: [:]), bad) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains("malformed PostgreSQL URL") && text.contains("sslmode"), text)
                XCTAssertFalse(text.contains(":pw"), "the password leaked: \(text)")
            }
        }
    }

    /// `sslmode` against a server without TLS and one with it (its own, self-signed): `require`
    /// without TLS is a start-up error that says so; `prefer` (the default) encrypts when it can;
    /// `verify-full` refuses a certificate it cannot verify.
    func testSSLModes() throws {
        let plain = try PostgresTestServer.shared()
        let refused = startupError(plain.url(database: "strata") + "?sslmode=require")
        XCTAssertTrue(refused.contains("does not offer TLS") && refused.contains("sslmode=require"), refused)
        for mode in ["", "?sslmode=prefer", "?sslmode=disable"] {
            let s = try PostgresSessionStore(urlString: plain.url(database: "strata") + mode)
            XCTAssertEqual(try s.connectionIsEncrypted(), false, mode)
            s.close()
        }
        let tls = try PostgresTestServer.startPrivate(tls: true)
        defer { tls.stopAndRemove() }
        for (mode, encrypted) in [("?sslmode=require", true), ("", true), ("?sslmode=prefer", true), ("?sslmode=disable", false)] {
            let s = try PostgresSessionStore(urlString: tls.url(database: "strata") + mode)
            XCTAssertEqual(try s.connectionIsEncrypted(), encrypted, mode)
            // The store works over it.
            let id = SessionID.generate()
            try s.create(StoredSession(id: id, createdAt: 1, lastAccess: 1, revisions: [StoreContractTests.rev(0)]))
            try s.append(sessionID: id, StoreContractTests.rev(1, snapshot: false), lastAccess: 2, keepRevisions: 5)
            XCTAssertEqual(try s.heads([id]), [id: 1])
            s.close()
        }
        let unverified = startupError(tls.url(database: "strata") + "?sslmode=verify-full")
        XCTAssertTrue(unverified.lowercased().contains("certificate"), unverified)
    }

    /// The message of a start-up failure; it must be a ConfigError and never show the password.
    func startupError(_ url: String, password: String = PostgresTestServer.password) -> String {
        do {
            let s = try PostgresSessionStore(urlString: url)
            s.close()
            XCTFail("\(url) started")
            return ""
        } catch let e as ConfigError {
            let text = e.description
            XCTAssertFalse(text.contains(password), "the password leaked: \(text)")
            return text
        } catch {
            XCTFail("not a ConfigError: \(error)")
            return ""
        }
    }

    func testStartupErrorsNameTheProblem() throws {
        let pg = try PostgresTestServer.shared()
        let wrong = startupError(pg.url(database: "strata", password: "not-the-password"), password: "not-the-password")
        XCTAssertTrue(wrong.contains("authentication failed"), wrong)
        XCTAssertTrue(wrong.contains("postgres://strata@127.0.0.1"), wrong)
        let noPassword = startupError(pg.url(database: "strata", password: nil))
        XCTAssertTrue(noPassword.contains("STRATA_PG_PASSWORD"), noPassword)
        let unknownDB = startupError(pg.url(database: "no_such_db"))
        XCTAssertTrue(unknownDB.contains("no_such_db") && unknownDB.contains("3D000"), unknownDB)
        let unreachable = startupError("postgres://strata:\(PostgresTestServer.password)@127.0.0.1:1/strata")
        XCTAssertTrue(unreachable.contains("unavailable") && unreachable.contains("127.0.0.1:1"), unreachable)
    }

    func testSchemaVersions() throws {
        let pg = try PostgresTestServer.shared()
        // An older schema (version 1) is migrated in place.
        let old = try pg.newDatabase()
        let oldName = String(old.split(separator: "/").last!)
        try pg.psql(oldName, "CREATE TABLE strata_schema_migrations (version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())")
        for sql in PostgresMigrations.all[0].statements { try pg.psql(oldName, sql) }
        try pg.psql(oldName, "INSERT INTO strata_schema_migrations (version, description) VALUES (1, 'v1')")
        try PostgresSessionStore(urlString: old).close()
        XCTAssertEqual(try pg.psql(oldName, "SELECT string_agg(version::text, ',' ORDER BY version) FROM strata_schema_migrations"), "1,2,3")
        XCTAssertEqual(try pg.psql(oldName, "SELECT count(*) FROM pg_indexes WHERE indexname = 'strata_sessions_last_access'"), "1")
        // A newer schema than this build knows: refused, naming both versions.
        try pg.psql(oldName, "INSERT INTO strata_schema_migrations (version, description) VALUES (99, 'future')")
        let newer = startupError(old)
        XCTAssertTrue(newer.contains("version 99") && newer.contains("version \(PostgresMigrations.latest)"), newer)
        // Strata's table names without the version table: not ours, refused.
        let foreign = try pg.newDatabase()
        try pg.psql(String(foreign.split(separator: "/").last!), "CREATE TABLE strata_sessions (id text)")
        let text = startupError(foreign)
        XCTAssertTrue(text.contains("strata_schema_migrations does not"), text)
    }

    func testConcurrentStartsMigrateOnce() throws {
        let url = try PostgresTestServer.shared().newDatabase()
        let errors = NIOLockedValueBox([String]())
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do { try PostgresSessionStore(urlString: url).close() } catch { errors.withLockedValue { $0.append("\(error)") } }
        }
        XCTAssertEqual(errors.withLockedValue { $0 }, [])
        let name = String(url.split(separator: "/").last!)
        XCTAssertEqual(try PostgresTestServer.shared().psql(name, "SELECT count(*) FROM strata_schema_migrations"), "\(PostgresMigrations.latest)")
    }

    func testNotificationsReachOtherHandles() throws {
        let url = try PostgresTestServer.shared().newDatabase()
        let a = try PostgresSessionStore(urlString: url), b = try PostgresSessionStore(urlString: url)
        defer { a.close(); b.close() }
        let seen = NIOLockedValueBox([StoreChange]())
        let resynced = expectation(description: "listening")
        resynced.assertForOverFulfill = false
        a.observeChanges { c in
            seen.withLockedValue { $0.append(c) }
            if c == .resynchronize { resynced.fulfill() }
        }
        wait(for: [resynced], timeout: 60)
        let id = SessionID.generate()
        try b.create(StoredSession(id: id, createdAt: 1, lastAccess: 1, revisions: [StoreContractTests.rev(0)]))
        try b.append(sessionID: id, StoreContractTests.rev(1, 5000), lastAccess: 2, keepRevisions: 10)
        try b.delete(sessionID: id)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !seen.withLockedValue({ $0.contains(.deleted(sessionID: id)) }) { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(seen.withLockedValue { $0.filter { $0 != .resynchronize } },
                       [.revision(sessionID: id, revision: 1, created: 5001), .deleted(sessionID: id)])
    }

    static let style: JSONValue = ["version": 8, "sources": [:], "layers": [["id": "bg", "type": "background"]]]

    func makeNode(_ url: String, maxSessions: Int = 100) throws -> SessionManager {
        let store = try PostgresSessionStore(urlString: url)
        let m = SessionManager(store: store, limits: SessionLimits(maxSessions: maxSessions, idleSeconds: 60, maxStyleBytes: 1 << 20, historyLimit: 100))
        try m.restore(defaultStyle: LiveStyle.load(Self.style), defaultReadOnly: false)
        store.observeChanges { [m] in m.handle($0) }
        return m
    }

    /// Two nodes: a session made on one is found by the other, concurrent mutations through
    /// both serialise with none lost, and each node catches up through notifications.
    func testTwoNodesShareSessions() throws {
        let url = try PostgresTestServer.shared().newDatabase()
        let a = try makeNode(url), b = try makeNode(url)
        defer { a.store.close(); b.store.close() }
        XCTAssertEqual(try a.session(nil).current.number, try b.session(nil).current.number, "one default session")
        let s = try a.create(style: LiveStyle.load(Self.style))
        XCTAssertFalse(b.isHeld(s.id))
        try b.loadIfMissing(s.id)
        let sb = try b.session(s.id)
        let style = try LiveStyle.load(Self.style)
        // Real commands: the other node rebuilds each revision from the log by replaying them.
        DispatchQueue.concurrentPerform(iterations: 40) { i in
            let (node, session) = i % 2 == 0 ? (a, s) : (b, sb)
            let command = StyleCommand.setGlobalStateProperty("k\(i)", .number(Double(i)))
            do {
                _ = try node.mutate(session, ifMatch: nil) { cur in
                    .init(style: try cur.style.applying([command]), operations: [command.json])
                }
            } catch {
                XCTFail("mutation \(i): \(error)")
            }
        }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, s.current.number < 40 || sb.current.number < 40 { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(s.current.number, 40)
        XCTAssertEqual(sb.current.number, 40)
        XCTAssertEqual(sb.history.map(\.number), Array(0...40))
        let ops = Set(sb.history.dropFirst().compactMap { $0.operations[0]?[1]?.stringValue })
        XCTAssertEqual(ops.count, 40, "every mutation's operations are stored once")
        // Every update is in both nodes' state: none lost, whichever node rebuilt it.
        XCTAssertEqual(s.current.style.style.globalStateOverrides.count, 40)
        XCTAssertEqual(sb.current.style.serializedExtras(), s.current.style.serializedExtras())
        for (ra, rb) in zip(s.history, sb.history) { XCTAssertEqual(ra.style.serializedExtras(), rb.style.serializedExtras()) }
        // If-Match against a revision another node moved past: 412, as on one node.
        XCTAssertThrowsError(try a.mutate(s, ifMatch: 39) { _ in .init(style: style, operations: [1]) }) {
            XCTAssertEqual(APIError(mapping: $0)?.status.code, 412)
        }
        // Deleted on one node: gone on the other.
        try b.delete(s.id)
        let gone = Date().addingTimeInterval(60)
        while Date() < gone, a.isHeld(s.id) { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertFalse(a.isHeld(s.id))
    }

    /// `maxSessions` counts every node's sessions: the store counts them in the creating
    /// transaction, so nodes racing for the last places never exceed it together.
    func testSessionLimitIsClusterWide() throws {
        let url = try PostgresTestServer.shared().newDatabase()
        let a = try makeNode(url, maxSessions: 3), b = try makeNode(url, maxSessions: 3)
        defer { a.store.close(); b.store.close() }
        let style = try LiveStyle.load(Self.style)
        let first = try a.create(style: style)
        _ = try b.create(style: style)
        let won = NIOLockedValueBox(0)
        DispatchQueue.concurrentPerform(iterations: 6) { i in
            do {
                _ = try (i % 2 == 0 ? a : b).create(style: style)
                won.withLockedValue { $0 += 1 }
            } catch {
                let e = APIError(mapping: error)
                XCTAssertEqual(e?.code, "session_limit", "\(error)")
                XCTAssertEqual(e?.status.code, 503)
            }
        }
        XCTAssertEqual(won.withLockedValue { $0 }, 1, "one place was left, across both nodes")
        XCTAssertThrowsError(try b.create(style: style))
        // A deletion on one node frees a place on the other.
        try a.delete(first.id)
        XCTAssertNoThrow(try b.create(style: style))
    }
}
