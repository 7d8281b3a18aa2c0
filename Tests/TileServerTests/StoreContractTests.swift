import Foundation
import NIOConcurrencyHelpers
import StrataTestSupport
import XCTest
@testable import TileServer

/// One contract, every store: what `SessionStore` promises (conditional create and append,
/// bounded history, incremental loads, monotonic access times, idle-conditional delete) holds
/// for the in-memory, SQLite and PostgreSQL stores alike. `makeStores` gives two handles on
/// one backing store when it can (two nodes), else the same one twice.
final class StoreContractTests: XCTestCase {
    func testMemoryStore() throws {
        let s = MemorySessionStore()
        try checkContract(s, s)
        try checkLog(s, s)
    }

    func testSQLiteStore() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-contract-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.sqlite").path
        try checkContract(SQLiteSessionStore(path: path), SQLiteSessionStore(path: path))
        try checkLog(SQLiteSessionStore(path: path), SQLiteSessionStore(path: path))
    }

    func testPostgresStore() throws {
        let url = try PostgresTestServer.shared().newDatabase()
        let a = try PostgresSessionStore(urlString: url), b = try PostgresSessionStore(urlString: url)
        defer { a.close(); b.close() }
        XCTAssertTrue(a.isShared)
        try checkContract(a, b)
        try checkLog(a, b)
    }

    /// Revision `n`, with a snapshot unless `snapshot` is false (a log entry).
    static func rev(_ n: Int, _ t: Double = 1000, snapshot: Bool = true) -> StoredRevision {
        StoredRevision(revision: n, operations: "[[\"op\",\(n)]]",
                       snapshot: snapshot ? StoredSnapshot(style: #"{"version":8,"n":\#(n)}"#, extras: #"{"e":\#(n)}"#) : nil,
                       undoTo: n == 0 ? nil : n - 1, created: t + Double(n))
    }

    /// `a` and `b` may be two handles on one store (then b sees a's writes).
    func checkContract(_ a: any SessionStore, _ b: any SessionStore) throws {
        let id = SessionID.generate(), other = SessionID.generate()
        try a.create(StoredSession(id: id, createdAt: 100, lastAccess: 100, revisions: [Self.rev(0)]))
        XCTAssertThrowsError(try b.create(StoredSession(id: id, createdAt: 1, lastAccess: 1, revisions: [Self.rev(0)]))) {
            XCTAssertEqual($0 as? StoreConflict, .exists(id))
        }
        // Conditional append: only from the head.
        try a.append(sessionID: id, Self.rev(1), lastAccess: 200, keepRevisions: 3)
        XCTAssertThrowsError(try b.append(sessionID: id, Self.rev(1), lastAccess: 200, keepRevisions: 3)) {
            XCTAssertEqual($0 as? StoreConflict, .revisionMoved(sessionID: id, head: 1))
        }
        XCTAssertThrowsError(try b.append(sessionID: id, Self.rev(3), lastAccess: 200, keepRevisions: 3)) {
            XCTAssertEqual($0 as? StoreConflict, .revisionMoved(sessionID: id, head: 1))
        }
        XCTAssertThrowsError(try b.append(sessionID: other, Self.rev(1), lastAccess: 200, keepRevisions: 3)) {
            XCTAssertEqual($0 as? StoreConflict, .unknownSession(other))
        }
        for n in 2...5 { try b.append(sessionID: id, Self.rev(n), lastAccess: 300, keepRevisions: 3) }
        // Bounded history, oldest first, exactly as written.
        let loaded = try XCTUnwrap(a.load(sessionID: id, after: nil, keepRevisions: 3))
        XCTAssertEqual(loaded.revisions, [Self.rev(3), Self.rev(4), Self.rev(5)])
        XCTAssertEqual(loaded.createdAt, 100)
        XCTAssertEqual(try a.load(sessionID: id, after: 4, keepRevisions: 3)?.revisions, [Self.rev(5)])
        XCTAssertEqual(try a.load(sessionID: id, after: 5, keepRevisions: 3)?.revisions, [])
        XCTAssertEqual(try a.load(sessionID: id, after: nil, keepRevisions: 1)?.revisions, [Self.rev(5)])
        XCTAssertNil(try a.load(sessionID: other, after: nil, keepRevisions: 3))
        XCTAssertEqual(try a.heads([id, other]), [id: 5])
        XCTAssertEqual(try b.loadAll(keepRevisions: 2).first { $0.id == id }?.revisions.map(\.revision), [4, 5])
        // Access times never go back; the idle-conditional delete respects the latest one.
        try a.touch([(id: id, lastAccess: 500)])
        try b.touch([(id: id, lastAccess: 400)])
        XCTAssertEqual(try a.load(sessionID: id, after: 5, keepRevisions: 3)?.lastAccess, 500)
        XCTAssertFalse(try b.deleteIfIdle(sessionID: id, idleBefore: 450))
        XCTAssertNotNil(try a.load(sessionID: id, after: 5, keepRevisions: 3))
        XCTAssertTrue(try b.deleteIfIdle(sessionID: id, idleBefore: 501))
        XCTAssertNil(try a.load(sessionID: id, after: nil, keepRevisions: 3))
        XCTAssertThrowsError(try a.append(sessionID: id, Self.rev(6), lastAccess: 600, keepRevisions: 3)) {
            XCTAssertEqual($0 as? StoreConflict, .unknownSession(id))
        }
        // Plain delete; recreating the id afterwards works.
        try a.create(StoredSession(id: other, createdAt: 700, lastAccess: 700, revisions: [Self.rev(0)]))
        try b.delete(sessionID: other)
        XCTAssertNil(try a.load(sessionID: other, after: nil, keepRevisions: 3))
        try a.create(StoredSession(id: other, createdAt: 800, lastAccess: 800, revisions: [Self.rev(0)]))
        XCTAssertEqual(try b.heads([other]), [other: 0])
        // A limit counts the stored sessions but the default one (here: `other`).
        let third = SessionID.generate()
        XCTAssertThrowsError(try b.create(StoredSession(id: third, createdAt: 900, lastAccess: 900, revisions: [Self.rev(0)]), maxSessions: 1)) {
            XCTAssertEqual($0 as? StoreConflict, .sessionLimit(1))
        }
        XCTAssertNil(try a.load(sessionID: third, after: nil, keepRevisions: 3), "a refused create stores nothing")
        try b.create(StoredSession(id: third, createdAt: 900, lastAccess: 900, revisions: [Self.rev(0)]), maxSessions: 2)
        try a.delete(sessionID: third)
        XCTAssertTrue(a.health.isUp)
    }

    /// Revisions as a log: rows without a snapshot are returned with the rows back to the
    /// snapshot they are rebuilt from, pruning keeps that snapshot, and conditional appends of
    /// log rows conflict exactly as whole rows do. Snapshots here: 0, 5, 10.
    func checkLog(_ a: any SessionStore, _ b: any SessionStore) throws {
        let id = SessionID.generate()
        func log(_ n: Int) -> StoredRevision { Self.rev(n, snapshot: n % 5 == 0) }
        func revs(_ s: StoredSession?) -> [Int]? { s?.revisions.map(\.revision) }
        try a.create(StoredSession(id: id, createdAt: 1, lastAccess: 1, revisions: [log(0)]))
        for n in 1...12 { try (n % 2 == 0 ? a : b).append(sessionID: id, log(n), lastAccess: 2, keepRevisions: 4) }
        // Kept 9...12; 9 is rebuilt from the snapshot at 5, so 5...8 stay and load with them.
        let all = try XCTUnwrap(b.load(sessionID: id, after: nil, keepRevisions: 4))
        XCTAssertEqual(all.revisions, (5...12).map(log), "rows exactly as written, snapshots where they were")
        XCTAssertNil(all.revisions[1].snapshot)
        XCTAssertEqual(revs(try a.loadAll(keepRevisions: 4).first { $0.id == id }), Array(5...12))
        XCTAssertEqual(revs(try a.load(sessionID: id, after: nil, keepRevisions: 2)), [10, 11, 12], "from the snapshot at 10")
        XCTAssertEqual(revs(try a.load(sessionID: id, after: nil, keepRevisions: 100)), Array(5...12), "nothing older is stored")
        // After a held revision: from the one after it, or from a snapshot after it.
        XCTAssertEqual(revs(try a.load(sessionID: id, after: 10, keepRevisions: 4)), [11, 12])
        XCTAssertEqual(revs(try a.load(sessionID: id, after: 6, keepRevisions: 4)), [7, 8, 9, 10, 11, 12])
        XCTAssertEqual(revs(try a.load(sessionID: id, after: 6, keepRevisions: 2)), [10, 11, 12])
        XCTAssertEqual(revs(try a.load(sessionID: id, after: 12, keepRevisions: 4)), [])
        XCTAssertEqual(try b.heads([id]), [id: 12])
        // A log row conflicts like any other and changes nothing.
        XCTAssertThrowsError(try b.append(sessionID: id, log(12), lastAccess: 3, keepRevisions: 4)) {
            XCTAssertEqual($0 as? StoreConflict, .revisionMoved(sessionID: id, head: 12))
        }
        XCTAssertThrowsError(try b.append(sessionID: id, log(14), lastAccess: 3, keepRevisions: 4)) {
            XCTAssertEqual($0 as? StoreConflict, .revisionMoved(sessionID: id, head: 12))
        }
        XCTAssertEqual(revs(try a.load(sessionID: id, after: nil, keepRevisions: 100)), Array(5...12))
        // Pruning moves to the next snapshot only once the oldest kept revision is past it.
        try a.append(sessionID: id, log(13), lastAccess: 3, keepRevisions: 4)
        XCTAssertEqual(revs(try b.load(sessionID: id, after: nil, keepRevisions: 100)), Array(10...13))
        // Even with one kept revision, its snapshot stays.
        try b.append(sessionID: id, log(14), lastAccess: 3, keepRevisions: 1)
        XCTAssertEqual(revs(try a.load(sessionID: id, after: nil, keepRevisions: 1)), Array(10...14))
        try a.append(sessionID: id, log(15), lastAccess: 3, keepRevisions: 1)
        XCTAssertEqual(try b.load(sessionID: id, after: nil, keepRevisions: 100)?.revisions, [log(15)])
        try a.delete(sessionID: id)
    }

    /// Many writers racing for one session through two handles: every append that returned
    /// is stored, once, in order (what keeps two nodes from losing updates).
    func testPostgresConcurrentAppendsSerialise() throws {
        let url = try PostgresTestServer.shared().newDatabase()
        let a = try PostgresSessionStore(urlString: url), b = try PostgresSessionStore(urlString: url)
        defer { a.close(); b.close() }
        let id = SessionID.generate()
        try a.create(StoredSession(id: id, createdAt: 1, lastAccess: 1, revisions: [Self.rev(0)]))
        let wins = NIOLockedValueBox([Int]())
        DispatchQueue.concurrentPerform(iterations: 8) { w in
            let store: any SessionStore = w % 2 == 0 ? a : b
            var done = 0
            while done < 5 {
                guard let head = try? store.heads([id])[id] else { continue }
                do {
                    try store.append(sessionID: id, Self.rev(head + 1, snapshot: (head + 1) % 3 == 0), lastAccess: 2, keepRevisions: 100)
                    wins.withLockedValue { $0.append(head + 1) }
                    done += 1
                } catch StoreConflict.revisionMoved {
                    continue
                } catch { XCTFail("\(error)"); return }
            }
        }
        XCTAssertEqual(wins.withLockedValue { $0 }.sorted(), Array(1...40))
        XCTAssertEqual(try a.load(sessionID: id, after: nil, keepRevisions: 100)?.revisions.map(\.revision), Array(0...40))
    }
}
