import Foundation
import JSON
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import StyleSpec
import XCTest
@testable import TileServer

/// Revisions as a log, through the real routes and a real SQLite file: every command the
/// routes make is replayed after a restart into exactly the style and session state the
/// mutation made (the finding the log rests on: applying commands is deterministic; undo's
/// recorded operations are not a replay, so undo stores a snapshot); history and undo behave
/// the same across snapshot boundaries and restarts; pruning keeps what undo needs.
final class RevisionLogTests: XCTestCase {
    var group: MultiThreadedEventLoopGroup!
    var dir: URL!
    var apps: [StrataApp] = []

    override func setUpWithError() throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("styles"), withIntermediateDirectories: true)
        // A style much larger than any command, so only the rules under test take snapshots.
        let points = (0..<800).map { i in
            ##"{"type":"Feature","id":\##(i),"properties":{"n":\##(i)},"geometry":{"type":"Point","coordinates":[\##(Double(i % 360) - 179.5),\##(Double(i % 170) - 84.5)]}}"##
        }.joined(separator: ",")
        let style = ##"{"version": 8, "name": "log", "sources": {"pts": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [\##(points)]}}}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ff0000"}}, {"id": "mid", "type": "slot"}, {"id": "dots", "type": "circle", "source": "pts", "paint": {"circle-radius": ["case", ["boolean", ["feature-state", "on"], false], 6, 2]}}]}"##
        try Data(style.utf8).write(to: dir.appendingPathComponent("styles/default.json"))
    }

    override func tearDownWithError() throws {
        for a in apps { a.shutdown() }
        try group.syncShutdownGracefully()
        try? FileManager.default.removeItem(at: dir)
    }

    var storePath: String { dir.appendingPathComponent("s.sqlite").path }

    /// A server stop (shut down once; the rest at tear-down).
    func stop(_ app: StrataApp) {
        apps.removeAll { $0 === app }
        app.shutdown()
    }

    /// A server on the test's SQLite file (a restart is a second call).
    func start(snapshotEvery: Int, historyLimit: Int = 50) throws -> StrataApp {
        var config = ServerConfig()
        config.defaultSessionReadOnly = false   // these tests restyle the default session
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        config.historyLimit = historyLimit
        config.revisionSnapshotEvery = snapshotEvery
        let app = StrataApp(config: config, store: try SQLiteSessionStore(path: storePath), renderer: OnePixelRenderer())
        try app.start()
        apps.append(app)
        return app
    }

    @discardableResult
    func send(_ app: StrataApp, _ method: HTTPMethod, _ uri: String, _ body: String? = nil, bytes: [UInt8]? = nil,
              expect: Int = 200) throws -> JSONValue {
        let req = HTTPRequest(method: method, uri: uri, headers: [:], body: bytes ?? body.map { Array($0.utf8) } ?? [])
        let r = try app.respond(to: req, on: group.next()).wait()
        XCTAssertEqual(Int(r.status.code), expect, "\(method) \(uri): \(String(decoding: r.bodyBytes, as: UTF8.self))")
        return r.bodyBytes.isEmpty ? .null : try JSONParser.parse(r.body)
    }

    /// What a revision is, as a client and the store see it.
    struct Seen: Equatable {
        var number: Int, style: String, extras: String, operations: String, undoTo: Int?, renderHash: String
        init(_ r: RevisionRecord) {
            number = r.number; style = r.style.serializedStyle(); extras = r.style.serializedExtras()
            operations = r.operations.serialized(); undoTo = r.undoTo; renderHash = r.style.renderHash
        }
    }

    func seen(_ app: StrataApp, _ sid: String) throws -> [Seen] { try app.sessions.session(sid).history.map(Seen.init) }

    static let png: [UInt8] = {
        // 1×1 opaque red PNG.
        let b64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
        return Array(Data(base64Encoded: b64)!)
    }()

    func testEveryCommandReplaysExactlyAfterARestart() throws {
        let app = try start(snapshotEvery: 1000)
        let sid = try send(app, .POST, "/sessions", "{}", expect: 201)["id"]!.stringValue!
        let q = "?session=\(sid)"
        try send(app, .POST, "/layers\(q)", ##"{"layer": {"id": "wash", "type": "fill", "source": "pts", "slot": "mid", "paint": {"fill-color": "#0f0"}}}"##, expect: 201)
        try send(app, .PATCH, "/layers/dots\(q)", ##"{"paint": {"circle-color": "#123456", "circle-opacity": 0.5}, "layout": {"visibility": "visible"}, "filter": [">=", ["get", "n"], 3], "minzoom": 1, "maxzoom": 20.5}"##)
        try send(app, .PUT, "/layers/bg\(q)", ##"{"id": "bg", "type": "background", "paint": {"background-color": "rgba(1, 2, 3, 0.25)"}}"##)
        try send(app, .POST, "/layers/dots/move\(q)", ##"{"position": {"above": "bg"}}"##)
        try send(app, .POST, "/layers/dots/copy\(q)", ##"{"id": "dots2", "position": {"above": "bg"}}"##, expect: 201)
        try send(app, .PUT, "/sources/pts/features/7/state\(q)", ##"{"on": true, "weight": 1.25}"##)
        try send(app, .PUT, "/sources/pts/features/8/state\(q)", ##"{"on": true}"##)
        try send(app, .DELETE, "/sources/pts/features/8/state\(q)&key=on", expect: 204)
        try send(app, .PATCH, "/style/state\(q)", ##"{"mode": "night", "level": 3}"##)
        try send(app, .PUT, "/images/dot\(q)&pixelRatio=2&sdf=true", bytes: Self.png, expect: 201)
        let ann = try send(app, .POST, "/annotations\(q)", ##"{"coordinate": [10.5, 53.25], "text": "Hi", "anchor": "bottom"}"##, expect: 201)
        let annID = try XCTUnwrap(ann["id"]?.stringValue)
        try send(app, .PATCH, "/annotations/\(annID)\(q)", ##"{"text": "Hello", "selected": true}"##)
        try send(app, .POST, "/sources\(q)", ##"{"id": "extra", "source": {"type": "geojson", "data": {"type": "Point", "coordinates": [1, 2]}}}"##, expect: 201)
        try send(app, .PUT, "/sources/extra/data\(q)", ##"{"type": "FeatureCollection", "features": []}"##)
        try send(app, .POST, "/style/operations\(q)", ##"[["setCenter", [10, 50]], ["setZoom", 3.5], ["setRootProperty", "metadata", {"k": 1}], ["setLayerZoomRange", "wash", 2, null], ["setSlot", "dots2", "mid"], ["removeImage", "dot"], ["addLayer", {"id": "late", "type": "circle", "source": "extra"}, "bg"], ["removeFeatureState", {"source": "pts"}]]"##)
        try send(app, .PUT, "/sources/pts/features/9/state\(q)", ##"{"on": true}"##)
        try send(app, .DELETE, "/sources/extra\(q)&cascade=true", expect: 204)
        try send(app, .DELETE, "/annotations/\(annID)\(q)", expect: 204)
        try send(app, .DELETE, "/layers/dots2\(q)", expect: 204)
        // PUT /style: its diff, declaratively applied.
        var whole = try XCTUnwrap(app.sessions.session(sid).current.style.json.objectValue)
        var layers = try XCTUnwrap(whole["layers"]?.arrayValue)
        layers.append(["id": "top2", "type": "background", "paint": ["background-opacity": 0.5]])
        layers.removeFirst()
        whole["layers"] = .array(layers)
        whole["zoom"] = 4
        try send(app, .PUT, "/style\(q)", JSONValue.object(whole).serialized())
        try send(app, .POST, "/style/undo\(q)")
        try send(app, .PUT, "/sources/pts/features/10/state\(q)", ##"{"on": false}"##)

        let before = try seen(app, sid)
        XCTAssertEqual(before.count, 23)
        let rows = try XCTUnwrap(SQLiteSessionStore(path: storePath).load(sessionID: sid, after: nil, keepRevisions: 100)).revisions
        XCTAssertEqual(rows.filter { $0.snapshot != nil }.map(\.revision), [0, 21], "the first revision and the undo only")

        stop(app)
        let again = try start(snapshotEvery: 1000)
        XCTAssertEqual(try seen(again, sid), before, "every revision rebuilt exactly: style, session state, operations, undo")
        // And it keeps working: undo walks back through replayed revisions.
        try send(again, .POST, "/style/undo\(q)")
        XCTAssertEqual(try again.sessions.session(sid).current.style.serializedStyle(), before[21].style)
    }

    /// Undo's operations are a diff of the v8 document: they leave feature state out, so they
    /// cannot rebuild the revision — the reason undo stores a snapshot.
    func testUndoOperationsAreNotAReplay() throws {
        let app = try start(snapshotEvery: 1000)
        try send(app, .PUT, "/sources/pts/features/1/state", ##"{"on": true}"##)
        let undo = try send(app, .POST, "/style/undo")
        XCTAssertEqual(undo["operations"], [])
        let s = try app.sessions.session(nil)
        XCTAssertNotEqual(s.current.style.serializedExtras(), s.history[1].style.serializedExtras())
        XCTAssertEqual(s.current.style.serializedExtras(), s.history[0].style.serializedExtras())
    }

    func testUndoAndHistoryAcrossSnapshotsPruningAndRestarts() throws {
        let app = try start(snapshotEvery: 3, historyLimit: 6)
        var styles: [Int: String] = [:]
        for i in 1...10 {
            let body = i % 3 == 0 ? ##"{"paint": {"background-color": "#\##(i)\##(i)\##(i)"}}"## : ##"{"on": \##(i % 2 == 0)}"##
            let path = i % 3 == 0 ? "/layers/bg" : "/sources/pts/features/\(i)/state"
            try send(app, i % 3 == 0 ? .PATCH : .PUT, path, body)
            let cur = try app.sessions.session(nil).current
            styles[cur.number] = cur.style.serializedStyle() + cur.style.serializedExtras()
        }
        let history = try send(app, .GET, "/style/history")
        // Stored: kept 5...10, rebuilt from the snapshot at 3 (every third), so 3...10.
        let rows = try XCTUnwrap(SQLiteSessionStore(path: storePath).load(sessionID: SessionID.defaultID, after: nil, keepRevisions: 6))
        XCTAssertEqual(rows.revisions.map(\.revision), Array(3...10))
        XCTAssertEqual(rows.revisions.filter { $0.snapshot != nil }.map(\.revision), [3, 6, 9])

        stop(app)
        let again = try start(snapshotEvery: 3, historyLimit: 6)
        XCTAssertEqual(try send(again, .GET, "/style/history"), history, "history is the same after a restart")
        // Undo walks back 10 → 9 → … → 5 across the snapshots at 9 and 6, each a new revision
        // equal to the one it restores; then the kept history ends.
        var restoredTo: [Int] = []
        for _ in 0..<5 {
            let r = try send(again, .POST, "/style/undo")
            let n = try XCTUnwrap(r["restored"]?.numberValue.map(Int.init))
            restoredTo.append(n)
            let cur = try again.sessions.session(nil).current
            XCTAssertEqual(cur.style.serializedStyle() + cur.style.serializedExtras(), styles[n], "undo to \(n)")
            // A third server start in the middle of the walk changes nothing.
            if n == 7 {
                let held = try seen(again, SessionID.defaultID)
                stop(again)
                let third = try start(snapshotEvery: 3, historyLimit: 6)
                XCTAssertEqual(try seen(third, SessionID.defaultID), held)
                return try finishWalk(third, restoredTo: restoredTo)
            }
        }
        XCTFail("the walk never reached revision 7")
    }

    private func finishWalk(_ app: StrataApp, restoredTo: [Int]) throws {
        XCTAssertEqual(restoredTo, [9, 8, 7])
        // 6 kept revisions are 8...13 now (11...13 the undos); the next undo's target, 6, has
        // left the kept history: a 409, as before the log.
        let r = try send(app, .POST, "/style/undo", expect: 409)
        XCTAssertEqual(r["error"]?["code"], "nothing_to_undo")
    }

    /// Operations that outweigh a quarter of the style since the last snapshot store one (a
    /// replay would cost more than reading it); small ones add up to the same rule.
    func testLargeOperationsStoreASnapshot() throws {
        let app = try start(snapshotEvery: 1000)
        let big = (0..<600).map { i in ##"{"type":"Feature","properties":{"i":\##(i)},"geometry":{"type":"Point","coordinates":[\##(i % 90),1]}}"## }
        try send(app, .PUT, "/sources/pts/features/1/state", ##"{"on": true}"##)
        try send(app, .PUT, "/sources/pts/data", ##"{"type": "FeatureCollection", "features": [\##(big.joined(separator: ","))]}"##)
        try send(app, .PUT, "/sources/pts/features/2/state", ##"{"on": true}"##)
        let rows = try XCTUnwrap(SQLiteSessionStore(path: storePath).load(sessionID: SessionID.defaultID, after: nil, keepRevisions: 10)).revisions
        XCTAssertEqual(rows.map { $0.snapshot != nil }, [true, false, true, false], "revisions 0...3")
    }

    /// Commands that change only session state leave the v8 document as it was, so its measured
    /// size carries over and a feature-state change does not serialize the style.
    func testSessionStateCommandsLeaveTheDocument() throws {
        let style = try LiveStyle.load(JSONParser.parse(Array(try Data(contentsOf: dir.appendingPathComponent("styles/default.json")))))
            .withDocumentBytes(12345)
        let png = Data(Self.png).base64EncodedString()
        let commands: [JSONValue] = [
            ["setFeatureState", ["source": "pts", "id": 1], ["on": true]], ["removeFeatureState", ["source": "pts"]],
            ["setGlobalStateProperty", "x", 1], ["addImage", "i", ["png": .string(png)]], ["addAnnotation", ["coordinate": [1, 2], "text": "a"]],
        ]
        var current = style
        for c in commands {
            let next = try current.applying([try StyleCommand(json: c)])
            XCTAssertTrue(try StyleCommand(json: c).leavesDocument)
            XCTAssertEqual(next.serializedStyle(), style.serializedStyle(), c.serialized())
            XCTAssertEqual(next.knownDocumentBytes, 12345)
            current = next
        }
        let moved = try current.applying([.setPaintProperty(layer: "bg", name: "background-color", value: "#00f")])
        XCTAssertNil(moved.knownDocumentBytes, "a document change measures again")
    }

    /// The point of the log: a feature-state change on a large style stores its operations,
    /// not the style. Counted at the store boundary (bytes handed to `append`).
    func testFeatureStateWritesOperationsNotTheStyle() throws {
        let counting = CountingStore(try SQLiteSessionStore(path: storePath))
        var config = ServerConfig()
        config.defaultSessionReadOnly = false   // these tests restyle the default session
        config.dataDir = dir.path
        config.stylesDir = dir.appendingPathComponent("styles").path
        config.renderThreads = 1
        let app = StrataApp(config: config, store: counting, renderer: OnePixelRenderer())
        try app.start()
        apps.append(app)
        let styleBytes = try app.sessions.session(nil).current.style.serializedStyle().utf8.count
        for i in 0..<40 { try send(app, .PUT, "/sources/pts/features/\(i)/state", ##"{"on": true}"##) }
        let (appends, bytes, snapshots) = counting.totals
        XCTAssertEqual(appends, 40)
        XCTAssertEqual(snapshots, 2, "revisions 20 and 40")
        XCTAssertLessThan(bytes, 3 * styleBytes, "40 whole styles before the log")
    }
}

/// A store that counts what appends hand it (bytes of operations and snapshots).
final class CountingStore: SessionStore {
    let base: any SessionStore
    private let counts = NIOLockedValueBox((appends: 0, bytes: 0, snapshots: 0))
    init(_ base: any SessionStore) { self.base = base }
    var totals: (appends: Int, bytes: Int, snapshots: Int) { counts.withLockedValue { $0 } }

    func append(sessionID: String, _ r: StoredRevision, lastAccess: Double, keepRevisions: Int) throws {
        try base.append(sessionID: sessionID, r, lastAccess: lastAccess, keepRevisions: keepRevisions)
        let n = r.operations.utf8.count + (r.snapshot.map { $0.style.utf8.count + $0.extras.utf8.count } ?? 0)
        counts.withLockedValue { $0.appends += 1; $0.bytes += n; $0.snapshots += r.snapshot == nil ? 0 : 1 }
    }
    func loadAll(keepRevisions: Int) throws -> [StoredSession] { try base.loadAll(keepRevisions: keepRevisions) }
    func load(sessionID: String, after: Int?, keepRevisions: Int) throws -> StoredSession? {
        try base.load(sessionID: sessionID, after: after, keepRevisions: keepRevisions)
    }
    func heads(_ ids: [String]) throws -> [String: Int] { try base.heads(ids) }
    func create(_ session: StoredSession, maxSessions: Int?) throws { try base.create(session, maxSessions: maxSessions) }
    func delete(sessionID: String) throws { try base.delete(sessionID: sessionID) }
    func deleteIfIdle(sessionID: String, idleBefore: Double) throws -> Bool { try base.deleteIfIdle(sessionID: sessionID, idleBefore: idleBefore) }
    func touch(_ accesses: [(id: String, lastAccess: Double)]) throws { try base.touch(accesses) }
}
