import Foundation
import JSON
import NIOConcurrencyHelpers
import XCTest
@testable import TileServer

/// Idle expiry and a mutation in flight: the sweep waits for the mutation, which touches the
/// session and so keeps it; a sweep that wins first ends the session before any mutation
/// starts. Never a 2xx whose revision lands in the store after the session was deleted.
final class SessionExpiryRaceTests: XCTestCase {
    /// Records the order of store writes per session.
    final class RecordingStore: SessionStore, @unchecked Sendable {
        let inner = MemorySessionStore()
        let log = NIOLockedValueBox<[String]>([])
        func loadAll(keepRevisions: Int) throws -> [StoredSession] { try inner.loadAll(keepRevisions: keepRevisions) }
        func create(_ session: StoredSession, maxSessions: Int?) throws { try inner.create(session, maxSessions: maxSessions) }
        func append(sessionID: String, _ revision: StoredRevision, lastAccess: Double, keepRevisions: Int) throws {
            log.withLockedValue { $0.append("append \(sessionID)") }
            try inner.append(sessionID: sessionID, revision, lastAccess: lastAccess, keepRevisions: keepRevisions)
        }
        func delete(sessionID: String) throws {
            log.withLockedValue { $0.append("delete \(sessionID)") }
            try inner.delete(sessionID: sessionID)
        }
        func deleteIfIdle(sessionID: String, idleBefore: Double) throws -> Bool {
            log.withLockedValue { $0.append("delete \(sessionID)") }
            return try inner.deleteIfIdle(sessionID: sessionID, idleBefore: idleBefore)
        }
        func load(sessionID: String, after: Int?, keepRevisions: Int) throws -> StoredSession? {
            try inner.load(sessionID: sessionID, after: after, keepRevisions: keepRevisions)
        }
        func heads(_ ids: [String]) throws -> [String: Int] { try inner.heads(ids) }
        func touch(_ accesses: [(id: String, lastAccess: Double)]) throws { try inner.touch(accesses) }
    }

    func manager(_ store: RecordingStore) throws -> SessionManager {
        let m = SessionManager(store: store, limits: SessionLimits(maxSessions: 10, idleSeconds: 10, maxStyleBytes: 1 << 20, historyLimit: 3))
        try m.restore(defaultStyle: LiveStyle.load(SessionTests.style), defaultReadOnly: false)
        return m
    }

    func testSweepDuringAMutationKeepsTheTouchedSession() throws {
        let store = RecordingStore()
        let m = try manager(store)
        let style = try LiveStyle.load(SessionTests.style)
        let s = try m.create(style: style)
        s.touch(Date().timeIntervalSince1970 - 100)           // idle for the sweep below
        let inside = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let result = NIOLockedValueBox<Int?>(nil)
        let mutator = Thread {
            let r = try? s.mutate(ifMatch: nil, limits: m.limits, store: m.store) { _ in
                inside.signal(); release.wait()
                return .init(style: style, operations: [1])
            }
            result.withLockedValue { $0 = r?.number }
        }
        mutator.start()
        inside.wait()
        let swept = NIOLockedValueBox<[String]?>(nil)
        let sweeper = Thread {
            let ids = m.expire(now: Date().timeIntervalSince1970)     // outside the box's lock
            swept.withLockedValue { $0 = ids }
        }
        sweeper.start()
        usleep(50_000)
        XCTAssertNil(swept.withLockedValue { $0 }, "the sweep must wait for the mutation in flight")
        release.signal()
        while swept.withLockedValue({ $0 }) == nil { usleep(1000) }
        XCTAssertEqual(result.withLockedValue { $0 }, 1)
        XCTAssertEqual(swept.withLockedValue { $0 }, [], "the mutation touched the session: it is not idle")
        XCTAssertNoThrow(try m.session(s.id))
        XCTAssertEqual(store.log.withLockedValue { $0 }, ["append \(s.id)"])
    }

    func testMutationAfterTheSweepIsRefusedNotStored() throws {
        let store = RecordingStore()
        let m = try manager(store)
        let style = try LiveStyle.load(SessionTests.style)
        let s = try m.create(style: style)
        s.touch(Date().timeIntervalSince1970 - 100)
        XCTAssertEqual(m.expire(now: Date().timeIntervalSince1970), [s.id])
        // A request that looked the session up just before the sweep still holds it.
        XCTAssertThrowsError(try s.mutate(ifMatch: nil, limits: m.limits, store: m.store) { _ in .init(style: style, operations: [1]) }) { e in
            XCTAssertEqual(APIError(mapping: e)?.status.code, 404)
        }
        XCTAssertEqual(store.log.withLockedValue { $0 }, ["delete \(s.id)"])
    }
}
