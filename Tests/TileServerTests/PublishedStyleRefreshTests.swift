import Foundation
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// Republishing edited style files without a restart: a changed file is swapped in whole
/// (new render hash, so new tile ETags and TileJSON `?v=`), a file that no longer loads keeps
/// its last good version, a removed file is unpublished, a new one appears.
final class PublishedStyleRefreshTests: AppHarnessTestCase {
    var styles: URL { dir.appendingPathComponent("styles") }

    static func style(_ colour: String) -> String {
        ##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "\##(colour)"}}]}"##
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write("default", Self.style("#ff0000"))
        try write("blue", Self.style("#0000ff"))
        try startApp()
    }

    func write(_ id: String, _ text: String) throws {
        try Data(text.utf8).write(to: styles.appendingPathComponent(id + ".json"), options: .atomic)
    }

    func etag(_ uri: String) throws -> String? {
        let r = try app.respond(to: HTTPRequest(method: .GET, uri: uri, headers: [:], body: []), on: group.next()).wait()
        XCTAssertEqual(r.status, .ok, uri)
        return r.headers.first(name: "ETag")
    }

    func testAnEditedFileIsRepublishedWithNewETags() throws {
        XCTAssertEqual(app.refreshPublishedStyles(), [], "nothing changed: nothing read again")
        let before = try XCTUnwrap(app.published.style("blue"))
        let oldETag = try etag("/styles/blue/1/0/0.png")
        try write("blue", Self.style("#00ff00"))
        XCTAssertEqual(app.refreshPublishedStyles(), ["blue"])
        let after = try XCTUnwrap(app.published.style("blue"))
        XCTAssertNotEqual(after.renderHash, before.renderHash)
        XCTAssertNotEqual(try etag("/styles/blue/1/0/0.png"), oldETag, "a cache must not serve the old style's tile")
        XCTAssertEqual(before.json["layers"]?.arrayValue?.first?["paint"]?["background-color"], "#0000ff", "a holder keeps its snapshot")
        XCTAssertEqual(app.refreshPublishedStyles(force: true), [], "SIGHUP re-reads; the same content changes nothing")
    }

    func testABrokenEditKeepsTheLastGoodVersion() throws {
        let good = try XCTUnwrap(app.published.style("blue")).renderHash
        try write("blue", "{\"version\": 8, \"layers\": [")
        XCTAssertEqual(app.refreshPublishedStyles(), [])
        XCTAssertEqual(app.published.style("blue")?.renderHash, good)
        try write("blue", ##"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "nope"}]}"##)
        XCTAssertEqual(app.refreshPublishedStyles(force: true), [])
        XCTAssertEqual(app.published.style("blue")?.renderHash, good, "an invalid style neither")
        try write("blue", Self.style("#123456"))
        XCTAssertEqual(app.refreshPublishedStyles(), ["blue"], "fixed: published again")
    }

    func testNewFilesAppearAndRemovedOnesGo() throws {
        try write("green", Self.style("#00ff00"))
        XCTAssertEqual(app.refreshPublishedStyles(), ["green"])
        XCTAssertEqual(app.published.ids, ["blue", "default", "green"])
        try FileManager.default.removeItem(at: styles.appendingPathComponent("blue.json"))
        XCTAssertEqual(app.refreshPublishedStyles(), ["blue"])
        XCTAssertEqual(app.published.ids, ["default", "green"])
    }
}
