import Foundation
import SourceData
import XCTest
@testable import TileServer

/// The disk cache of remote bodies: what is saved reads back whole, survives a new instance
/// (a restart), stays within its bound (least recently used first out), and a damaged file is
/// never served.
final class RemoteDiskCacheTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "strata-disk-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func entry(_ body: [UInt8]?, etag: String? = "\"e1\"", freshUntil: Double = 1_000) -> RemoteStore.Entry {
        RemoteStore.Entry(body: body, etag: etag, lastModified: "Sat, 28 Nov 2026 03:00:00 GMT", freshUntil: freshUntil,
                          strict: true, version: RemoteStore.contentVersion(body))
    }

    func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    func testEntriesReadBackWholeAndNamesHideTheURL() throws {
        let cache = try RemoteDiskCache(directory: folder, maxBytes: 1 << 20)
        let url = "https://tiles.example.com/1/2/3.pbf?key=SECRET123"
        cache.saveNow(url, entry([1, 2, 3]))
        cache.saveNow(url + "&absent", entry(nil, etag: nil))
        cache.saveNow(url + "&empty", entry([]))
        let back = try XCTUnwrap(cache.loadNow(url))
        XCTAssertEqual(back.body, [1, 2, 3])
        XCTAssertEqual(back.etag, "\"e1\"")
        XCTAssertEqual(back.lastModified, "Sat, 28 Nov 2026 03:00:00 GMT")
        XCTAssertEqual(back.freshUntil, 1_000)
        XCTAssertTrue(back.strict)
        XCTAssertEqual(back.version, RemoteStore.contentVersion([1, 2, 3]))
        XCTAssertNil(try XCTUnwrap(cache.loadNow(url + "&absent")).body, "an absence stays an absence")
        XCTAssertEqual(try XCTUnwrap(cache.loadNow(url + "&empty")).body, [], "an empty body stays empty")
        XCTAssertNil(cache.loadNow("https://tiles.example.com/other"))
        for name in try files() {
            XCTAssertEqual(name.count, 64, "named by the URL's SHA-256")
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)), as: UTF8.self)
            XCTAssertFalse(name.contains("SECRET") || text.contains("SECRET"), "the URL's key is in no name and no file")
        }
    }

    func testANewInstanceFindsWhatWasSavedAndDropsTemporaryFiles() async throws {
        let first = try RemoteDiskCache(directory: folder, maxBytes: 1 << 20)
        first.save("https://a.example/x", entry([7, 7]))
        await first.shutdown()                                    // waits for the write
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/leftover.1234.tmp", contents: Data([1])))
        let second = try RemoteDiskCache(directory: folder, maxBytes: 1 << 20)
        let loaded = await second.load("https://a.example/x")
        XCTAssertEqual(loaded?.body, [7, 7])
        XCTAssertFalse(try files().contains { $0.hasSuffix(".tmp") }, "an interrupted write is cleaned up")
        await second.shutdown()
    }

    func testTheBoundEvictsTheLeastRecentlyUsed() throws {
        let cache = try RemoteDiskCache(directory: folder, maxBytes: 3_000)
        let body = [UInt8](repeating: 5, count: 800)
        cache.saveNow("https://a.example/a", entry(body))
        cache.saveNow("https://a.example/b", entry(body))
        _ = cache.loadNow("https://a.example/a")                  // a is used again: b is older
        cache.saveNow("https://a.example/c", entry(body))
        cache.saveNow("https://a.example/d", entry(body))
        XCTAssertLessThanOrEqual(cache.usage.bytes, 3_000)
        XCTAssertNil(cache.loadNow("https://a.example/b"), "least recently used: removed")
        XCTAssertNotNil(cache.loadNow("https://a.example/d"))
        XCTAssertEqual(try files().count, cache.usage.files, "evicted files are deleted")
        cache.saveNow("https://a.example/huge", entry([UInt8](repeating: 1, count: 4_000)))
        XCTAssertNil(cache.loadNow("https://a.example/huge"), "a body over the whole bound is not kept")
        let reopened = try RemoteDiskCache(directory: folder, maxBytes: 1_000)
        XCTAssertLessThanOrEqual(reopened.usage.bytes, 1_000, "a smaller bound after a restart evicts at once")
    }

    func testDamagedFilesAreIgnoredAndRemoved() throws {
        let cache = try RemoteDiskCache(directory: folder, maxBytes: 1 << 20)
        let urls = ["https://a.example/cut", "https://a.example/garbage", "https://a.example/flipped", "https://a.example/moved"]
        for u in urls { cache.saveNow(u, entry([UInt8](repeating: 3, count: 100))) }
        func path(_ u: String) -> String { folder + "/" + RemoteDiskFormat.key(u) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: path(urls[0])))
        try whole.prefix(whole.count - 10).write(to: URL(fileURLWithPath: path(urls[0])))         // partial write
        try Data("not a cache file".utf8).write(to: URL(fileURLWithPath: path(urls[1])))
        var flipped = whole
        flipped[flipped.count - 1] ^= 0xff                                                        // body changed
        try flipped.write(to: URL(fileURLWithPath: path(urls[2])))
        try whole.write(to: URL(fileURLWithPath: path(urls[3])))                                  // another URL's file
        for u in urls {
            XCTAssertNil(cache.loadNow(u), u)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path(u)), "\(u) is removed")
        }
        XCTAssertEqual(cache.usage.files, 0)
    }

    /// The fetcher's side: a URL memory does not hold comes from disk; a fresh copy needs no
    /// fetch, a stale one is held (for revalidation and stale-if-error) but fetched.
    func testTheFetcherRestoresFromDiskBeforeFetching() async throws {
        let disk = try RemoteDiskCache(directory: folder, maxBytes: 1 << 20)
        let now = Date().timeIntervalSince1970
        disk.saveNow("https://a.example/fresh", entry([1], freshUntil: now + 300))
        disk.saveNow("https://a.example/stale", entry([2], freshUntil: now - 10))
        let outcomes = OutcomeLog()
        let fetcher = RemoteFetcher(settings: RemoteSettings(), allows: { _ in true }, disk: disk,
                                    onFetch: { kind, host, result in outcomes.add("\(kind.rawValue) \(host) \(result)") })
        let fresh = await fetcher.restoredFresh("https://a.example/fresh", kind: .tile)
        XCTAssertTrue(fresh)
        XCTAssertEqual(try fetcher.bytes("https://a.example/fresh", kind: .tile), [1])
        XCTAssertEqual(outcomes.all, ["tile a.example disk"])
        let stale = await fetcher.restoredFresh("https://a.example/stale", kind: .tile)
        XCTAssertFalse(stale, "a stale copy is revalidated")
        XCTAssertEqual(outcomes.all, ["tile a.example disk", "tile a.example disk"])
        XCTAssertEqual(fetcher.store.validators("https://a.example/stale")?.etag, "\"e1\"", "with its saved validators")
        await fetcher.shutdown()
    }
}

/// Outcomes reported by a fetcher, in order.
final class OutcomeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
