import NIOHTTP1
import XCTest
@testable import TileServer

final class RouterTests: XCTestCase {
    func makeRouter() -> Router<String> {
        var r = Router<String>()
        r.add(.GET, "/", "root")
        r.add(.GET, "/layers", "list")
        r.add(.POST, "/layers", "add")
        r.add(.GET, "/layers/{id}", "get")
        r.add(.PATCH, "/layers/{id}", "patch")
        r.add(.POST, "/layers/{id}/move", "move")
        r.add(.GET, "/tiles/{z}/{x}/{y}", "tile")
        r.add(.GET, "/tiles/512/{z}/{x}/{y}", "tile512")
        return r
    }

    func handler(_ m: Router<String>.Match) -> String? {
        if case .found(let h, _, _, _) = m { return h }
        return nil
    }

    func testLiteralAndCaptures() {
        let r = makeRouter()
        XCTAssertEqual(handler(r.match(.GET, "/")), "root")
        XCTAssertEqual(handler(r.match(.GET, "/layers")), "list")
        XCTAssertEqual(handler(r.match(.GET, "/layers/")), "list")
        XCTAssertEqual(handler(r.match(.POST, "/layers")), "add")
        guard case .found(let h, let params, let route, _) = r.match(.GET, "/layers/roads") else { return XCTFail() }
        XCTAssertEqual(h, "get"); XCTAssertEqual(params["id"], "roads"); XCTAssertEqual(route, "/layers/{id}")
        XCTAssertEqual(handler(r.match(.POST, "/layers/a/move")), "move")
    }

    func testLiteralBeatsCapture() {
        let r = makeRouter()
        guard case .found(let h, let p, _, _) = r.match(.GET, "/tiles/512/1/0/0.png") else { return XCTFail() }
        XCTAssertEqual(h, "tile512"); XCTAssertEqual(p["z"], "1"); XCTAssertEqual(p["y"], "0.png")
        XCTAssertEqual(handler(r.match(.GET, "/tiles/3/1/2.png")), "tile")
    }

    func testMethodNotAllowedListsAllowed() {
        let r = makeRouter()
        guard case .methodNotAllowed(let allowed) = r.match(.DELETE, "/layers") else { return XCTFail() }
        XCTAssertEqual(Set(allowed.map(\.rawValue)), ["GET", "POST"])
        guard case .methodNotAllowed(let a2) = r.match(.GET, "/layers/x/move") else { return XCTFail() }
        XCTAssertEqual(a2.map(\.rawValue), ["POST"])
    }

    func testNotFound() {
        let r = makeRouter()
        for p in ["/nope", "/layers/a/b/c", "layers", "/layers//move", "//"] {
            if case .notFound = r.match(.GET, p) { continue }
            XCTFail("\(p) should be 404")
        }
    }
}

final class HTTPPieceTests: XCTestCase {
    func testQueryParsingAndDecoding() {
        let q = QueryParameters(parsing: "session=abc&v=1%2F2&x=a+b&empty&session=zzz")
        XCTAssertEqual(q["session"], "abc")
        XCTAssertEqual(q["v"], "1/2")
        XCTAssertEqual(q["x"], "a b")
        XCTAssertEqual(q["empty"], "")
        XCTAssertNil(q["missing"])
        XCTAssertNil(QueryParameters(parsing: "a=%zz")["a"], "malformed escape is dropped")
    }

    func testRequestSplitsPathAndQuery() {
        let r = HTTPRequest(method: .GET, uri: "/layers/my%20layer?session=s1")
        XCTAssertEqual(r.path, "/layers/my layer")
        XCTAssertEqual(r.query["session"], "s1")
    }

    func testBodyLimit() {
        var l = BodyLimit(limit: 10)
        XCTAssertEqual(l.begin(contentLength: "11"), .tooLarge)
        XCTAssertEqual(l.begin(contentLength: "10"), .accept)
        XCTAssertEqual(l.begin(contentLength: "-1"), .tooLarge)
        XCTAssertEqual(l.begin(contentLength: "99999999999999999999999"), .tooLarge)
        XCTAssertEqual(l.begin(contentLength: nil), .accept)
        XCTAssertEqual(l.receive(6), .accept)
        XCTAssertEqual(l.receive(4), .accept)
        XCTAssertEqual(l.receive(1), .tooLarge)
    }

    func testETagMatching() {
        XCTAssertTrue(ETag.matches(ifNoneMatch: "\"abc\"", etag: "\"abc\""))
        XCTAssertTrue(ETag.matches(ifNoneMatch: "W/\"abc\"", etag: "\"abc\""))
        XCTAssertTrue(ETag.matches(ifNoneMatch: "\"x\", \"abc\"", etag: "\"abc\""))
        XCTAssertTrue(ETag.matches(ifNoneMatch: "*", etag: "\"abc\""))
        XCTAssertFalse(ETag.matches(ifNoneMatch: "\"abd\"", etag: "\"abc\""))
        XCTAssertFalse(ETag.matches(ifNoneMatch: nil, etag: "\"abc\""))
    }

    func testErrorJSONShape() {
        let e = APIError.badRequest("bad", code: "invalid_property", path: "/layers/3/paint/fill-color")
        XCTAssertEqual(e.json.serialized(),
                       #"{"error":{"status":400,"code":"invalid_property","message":"bad","path":"/layers/3/paint/fill-color"}}"#)
        let m = APIError.methodNotAllowed(.DELETE, allow: [.GET, .POST])
        XCTAssertEqual(m.response.headers.first(name: "Allow"), "GET, POST")
        XCTAssertEqual(APIError.unavailable("x", retryAfter: 3).response.headers.first(name: "Retry-After"), "3")
    }

    func testStableHashIsStable() {
        // FNV-1a 64 of "a" is a published test vector.
        XCTAssertEqual(StableHash.hex("a"), "af63dc4c8601ec8c")
        XCTAssertEqual(StableHash.hex("t/256/1/0/0@1"), StableHash.hex("t/256/1/0/0@1"))
    }
}
