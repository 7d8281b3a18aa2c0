import Foundation
import JSON
import XCTest
@testable import TileServer

final class SessionTests: XCTestCase {
    static let style: JSONValue = ["version": 8, "sources": [:], "layers": [["id": "bg", "type": "background"]]]

    func makeManager(store: any SessionStore = MemorySessionStore(), max: Int = 3, idle: Double = 60) throws -> SessionManager {
        let m = SessionManager(store: store, limits: SessionLimits(maxSessions: max, idleSeconds: idle, maxStyleBytes: 1 << 20, historyLimit: 3))
        try m.restore(defaultStyle: LiveStyle.load(Self.style), defaultReadOnly: false)
        return m
    }

    func testIdsAreRandomAndWellFormed() {
        let ids = Set((0..<1000).map { _ in SessionID.generate() })
        XCTAssertEqual(ids.count, 1000)
        for id in ids.prefix(10) { XCTAssertTrue(SessionID.isWellFormed(id)); XCTAssertEqual(id.count, 32) }
        XCTAssertFalse(SessionID.isWellFormed("../etc"))
        XCTAssertFalse(SessionID.isWellFormed("ABCDEF0123456789ABCDEF0123456789"))
    }

    func testUnknownSessionIs404NeverFallback() throws {
        let m = try makeManager()
        XCTAssertEqual(try m.session(nil).id, SessionID.defaultID)
        XCTAssertThrowsError(try m.session("0123456789abcdef0123456789abcdef")) { e in
            XCTAssertEqual(APIError(mapping: e)?.status.code, 404)
        }
        let s = try m.create(style: LiveStyle.load(Self.style))
        XCTAssertIdentical(try m.session(s.id), s)
        try m.delete(s.id)
        XCTAssertThrowsError(try m.session(s.id))
    }

    func testSessionLimit() throws {
        let m = try makeManager(max: 2)
        _ = try m.create(style: LiveStyle.load(Self.style))
        _ = try m.create(style: LiveStyle.load(Self.style))
        XCTAssertThrowsError(try m.create(style: LiveStyle.load(Self.style))) { e in
            XCTAssertEqual(APIError(mapping: e)?.status.code, 503)
            XCTAssertEqual(APIError(mapping: e)?.code, "session_limit")
        }
    }

    func testIdleExpiryKeepsDefaultAndActive() throws {
        let m = try makeManager(idle: 10)
        let old = try m.create(style: LiveStyle.load(Self.style))
        let fresh = try m.create(style: LiveStyle.load(Self.style))
        let now = Date().timeIntervalSince1970
        old.touch(now - 100)
        fresh.touch(now - 5)
        XCTAssertEqual(m.expire(now: now), [old.id])
        XCTAssertThrowsError(try m.session(old.id))
        XCTAssertNoThrow(try m.session(fresh.id))
        XCTAssertNoThrow(try m.session(nil))
        XCTAssertEqual(m.count, 1)
    }

    func testMutationsSerializeAndIfMatch() throws {
        let m = try makeManager()
        let s = try m.session(nil)
        let style = try LiveStyle.load(Self.style)
        DispatchQueue.concurrentPerform(iterations: 20) { i in
            _ = try? s.mutate(ifMatch: nil, limits: m.limits, store: m.store) { _ in .init(style: style, operations: [.number(Double(i))]) }
        }
        XCTAssertEqual(s.current.number, 20)
        XCTAssertEqual(s.history.map(\.number), [18, 19, 20], "history is bounded")
        XCTAssertThrowsError(try s.mutate(ifMatch: 3, limits: m.limits, store: m.store) { _ in .init(style: style, operations: [1]) }) { e in
            XCTAssertEqual(APIError(mapping: e)?.status.code, 412)
        }
        XCTAssertNoThrow(try s.mutate(ifMatch: 20, limits: m.limits, store: m.store) { _ in .init(style: style, operations: [1]) })
        // An empty change is not a revision.
        XCTAssertEqual(try s.mutate(ifMatch: nil, limits: m.limits, store: m.store) { _ in .init(style: style, operations: []) }.number, 21)
        // A failing change leaves nothing behind.
        struct Nope: Error {}
        XCTAssertThrowsError(try s.mutate(ifMatch: nil, limits: m.limits, store: m.store) { _ in throw Nope() })
        XCTAssertEqual(s.current.number, 21)
    }

    func testSQLiteStoreRoundTripAndRestore() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.sqlite").path
        var id = ""
        do {
            let m = try makeManager(store: SQLiteSessionStore(path: path))
            let s = try m.create(style: LiveStyle.load(Self.style))
            id = s.id
            let changed: JSONValue = ["version": 8, "sources": [:], "layers": [["id": "bg2", "type": "background"]]]
            for _ in 0..<5 {
                _ = try s.mutate(ifMatch: nil, limits: m.limits, store: m.store) { _ in
                    .init(style: try LiveStyle.load(changed), operations: [["setStyle", changed]])
                }
            }
        }
        let m2 = try makeManager(store: SQLiteSessionStore(path: path))
        let s2 = try m2.session(id)
        XCTAssertEqual(s2.current.number, 5)
        XCTAssertEqual(s2.history.map(\.number), [3, 4, 5])
        XCTAssertEqual(s2.current.style.json["layers"]?[0]?["id"], "bg2")
        XCTAssertEqual(s2.current.operations[0]?[0], "setStyle")
        try m2.delete(id)
        let m3 = try makeManager(store: SQLiteSessionStore(path: path))
        XCTAssertThrowsError(try m3.session(id))
    }
}
