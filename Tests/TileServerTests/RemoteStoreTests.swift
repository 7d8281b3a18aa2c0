import Foundation
import SourceData
import XCTest
@testable import TileServer

/// The remote cache as a state machine, without I/O: what render threads get of a URL when
/// it is fresh, stale, failing, absent or unknown.
final class RemoteStoreTests: XCTestCase {
    let url = "https://tiles.example.com/1/2/3.pbf"
    let failure = RemoteResourceFailed(url: "https://tiles.example.com/1/2/3.pbf", kind: .tile, host: "tiles.example.com",
                                       reason: "upstream answered 503", transient: true)

    func testUnknownIsMissingThenFreshIsServed() throws {
        let store = RemoteStore(cacheBytes: 1 << 20)
        XCTAssertThrowsError(try store.lookup(url, kind: .tile, now: 100)) { XCTAssertEqual($0 as? RemoteResourceMissing, RemoteResourceMissing(url: url, kind: .tile)) }
        store.store(url, .init(body: [1, 2, 3], etag: "\"a\"", lastModified: nil, freshUntil: 200))
        XCTAssertEqual(try store.lookup(url, kind: .tile, now: 150), [1, 2, 3])
        XCTAssertEqual(store.validators(url)?.etag, "\"a\"")
    }

    func testStrictStaleIsFetchedAgainUnlessTheUpstreamFails() throws {
        let store = RemoteStore(cacheBytes: 1 << 20)
        store.store(url, .init(body: [9], etag: nil, lastModified: nil, freshUntil: 200, strict: true))
        XCTAssertThrowsError(try store.lookup(url, kind: .tile, now: 250), "no-cache: revalidate before use") { XCTAssertTrue($0 is RemoteResourceMissing) }
        store.failed(url, failure, until: 300)
        XCTAssertEqual(try store.lookup(url, kind: .tile, now: 260), [9], "stale-if-error")
        XCTAssertEqual(store.failingHosts(now: 260), ["tiles.example.com"])
        XCTAssertThrowsError(try store.lookup(url, kind: .tile, now: 301), "the failure is tried again after its window") { XCTAssertTrue($0 is RemoteResourceMissing) }
        store.revalidated(url, freshUntil: 400)
        XCTAssertEqual(try store.lookup(url, kind: .tile, now: 350), [9])
        XCTAssertEqual(store.failingHosts(now: 350), [])
    }

    func testStaleServesWhileItIsRevalidated() throws {
        let store = RemoteStore(cacheBytes: 1 << 20)
        store.store(url, .init(body: [9], etag: "\"a\"", lastModified: nil, freshUntil: 200))
        let fresh = try store.entry(url, kind: .tile, now: 100)
        XCTAssertFalse(fresh.revalidate)
        XCTAssertEqual(fresh.usableUntil, 200)
        let stale = try store.entry(url, kind: .tile, now: 250)
        XCTAssertTrue(stale.revalidate, "a stale body is revalidated in the background")
        XCTAssertEqual(stale.entry.body, [9])
        XCTAssertEqual(stale.usableUntil, 250, "an image drawn from it is not kept")
        XCTAssertThrowsError(try store.entry(url, kind: .tile, now: 200 + RemoteStore.staleWhileRevalidateSeconds + 1),
                             "too stale: fetched before use") { XCTAssertTrue($0 is RemoteResourceMissing) }
    }

    func testVersionsChangeWithTheBodyOnly() throws {
        let store = RemoteStore(cacheBytes: 1 << 20)
        store.store(url, .init(body: [1], etag: "\"a\"", lastModified: nil, freshUntil: 200))
        let v1 = try store.entry(url, kind: .tile, now: 100).entry.version
        store.store(url, .init(body: [1], etag: "\"a\"", lastModified: nil, freshUntil: 300))
        XCTAssertEqual(try store.entry(url, kind: .tile, now: 100).entry.version, v1, "same body, same version")
        store.revalidated(url, freshUntil: 400)
        XCTAssertEqual(try store.entry(url, kind: .tile, now: 350).entry.version, v1, "a 304 keeps the version")
        store.store(url, .init(body: [2], etag: "\"b\"", lastModified: nil, freshUntil: 500))
        XCTAssertNotEqual(try store.entry(url, kind: .tile, now: 450).entry.version, v1, "new content, new version")
        XCTAssertEqual(try store.entry(url, kind: .tile, now: 450).usableUntil, 500)
        store.failed(url, failure, until: 600)
        XCTAssertEqual(try store.entry(url, kind: .tile, now: 550).usableUntil, 600, "a stale copy is usable until the failure is retried")
    }

    func testVersionsAreDigestsOfTheContent() {
        XCTAssertEqual(RemoteStore.contentVersion([1, 2]), RemoteStore.contentVersion([1, 2]), "the same after a restart")
        XCTAssertNotEqual(RemoteStore.contentVersion([1, 2]), RemoteStore.contentVersion([1, 3]))
        XCTAssertNotEqual(RemoteStore.contentVersion(nil), RemoteStore.contentVersion([]), "an absence is not an empty body")
        let store = RemoteStore(cacheBytes: 1 << 20)
        XCTAssertEqual(store.store(url, .init(body: [4], etag: nil, lastModified: nil, freshUntil: 200)).version, RemoteStore.contentVersion([4]))
    }

    /// The generation (in the keys of what is built from TileJSON, sprites, glyphs, GeoJSON and
    /// images) changes when such a body the server held changes, and only then.
    func testTheGenerationCountsChangedStyleResources() {
        let store = RemoteStore(cacheBytes: 1 << 20)
        let sprite = "https://a.example/sprite.png"
        store.store(sprite, .init(body: [1], etag: nil, lastModified: nil, freshUntil: 200), kind: .sprite)
        XCTAssertEqual(store.generation, 0, "a first fetch changes nothing built before")
        store.store(sprite, .init(body: [1], etag: nil, lastModified: nil, freshUntil: 300), kind: .sprite)
        XCTAssertEqual(store.generation, 0, "the same body again")
        store.store(url, .init(body: [1], etag: nil, lastModified: nil, freshUntil: 200), kind: .tile)
        store.store(url, .init(body: [2], etag: nil, lastModified: nil, freshUntil: 200), kind: .tile)
        XCTAssertEqual(store.generation, 0, "tiles carry their own versions")
        store.store(sprite, .init(body: [2], etag: nil, lastModified: nil, freshUntil: 400), kind: .sprite)
        XCTAssertEqual(store.generation, 1, "a changed sprite")
        for i in 0..<40 { store.store("u\(i)", .init(body: [UInt8](repeating: 0, count: 100_000), etag: nil, lastModified: nil, freshUntil: 1e12)) }
        XCTAssertFalse(store.holds(sprite), "evicted")
        store.store(sprite, .init(body: [3], etag: nil, lastModified: nil, freshUntil: 500), kind: .sprite)
        XCTAssertEqual(store.generation, 2, "a change is noticed after the entry was evicted")
        var saved = RemoteStore.Entry(body: [3], etag: "\"x\"", lastModified: nil, freshUntil: 10)
        saved.version = RemoteStore.contentVersion([3])
        store.restore(sprite, saved, kind: .sprite)
        XCTAssertEqual(store.peek(sprite)?.freshUntil, 500, "a copy from disk never replaces what memory holds")
    }

    func testFailureWithoutACopyIsReported() {
        let store = RemoteStore(cacheBytes: 1 << 20)
        store.failed(url, failure, until: 300)
        XCTAssertThrowsError(try store.lookup(url, kind: .tile, now: 200)) { XCTAssertEqual($0 as? RemoteResourceFailed, failure) }
    }

    func testAbsenceIsNilAndBoundedBytes() throws {
        let store = RemoteStore(cacheBytes: 1 << 20)
        store.store(url, .init(body: nil, etag: nil, lastModified: nil, freshUntil: 200))
        XCTAssertNil(try store.lookup(url, kind: .tile, now: 100))
        for i in 0..<40 { store.store("u\(i)", .init(body: [UInt8](repeating: 0, count: 100_000), etag: nil, lastModified: nil, freshUntil: 1e12)) }
        XCTAssertLessThanOrEqual(store.usage.bytes, 1 << 20)
    }

    func testCacheControl() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        XCTAssertEqual(CacheControl.parse([("Cache-Control", "public, max-age=3600")], now: now).freshSeconds, 3600)
        XCTAssertEqual(CacheControl.parse([("cache-control", "max-age=60, s-maxage=600")], now: now).freshSeconds, 600)
        XCTAssertEqual(CacheControl.parse([("Cache-Control", "no-cache")], now: now).freshSeconds, 0)
        XCTAssertFalse(CacheControl.parse([("Cache-Control", "no-store")], now: now).store)
        XCTAssertTrue(CacheControl.parse([("Cache-Control", "no-cache")], now: now).strict)
        XCTAssertTrue(CacheControl.parse([("Cache-Control", "max-age=600, must-revalidate")], now: now).strict)
        XCTAssertTrue(CacheControl.parse([("Cache-Control", "max-age=0")], now: now).strict)
        XCTAssertFalse(CacheControl.parse([("Cache-Control", "max-age=600")], now: now).strict)
        XCTAssertEqual(CacheControl.parse([("Expires", "Mon, 12 Jan 1970 13:48:20 GMT")], now: now).freshSeconds, 100)
        XCTAssertEqual(CacheControl.parse([("Expires", "0")], now: now).freshSeconds, 0)
        XCTAssertEqual(CacheControl.parse([], now: now).freshSeconds, CacheControl.defaultFreshSeconds)
        XCTAssertEqual(CacheControl.parse([], absent: true, now: now).freshSeconds, CacheControl.absentFreshSeconds)
    }

    func testAddressPolicy() {
        for a in ["127.0.0.1", "127.9.9.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
                  "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fc00::1", "fd12::3",
                  "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1"] {
            XCTAssertNotNil(AddressPolicy.nonPublicReason(a), a)
        }
        for a in ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"] {
            XCTAssertNil(AddressPolicy.nonPublicReason(a), a)
        }
        XCTAssertNotNil(AddressPolicy.nonPublicReason("not-an-address"))
        XCTAssertEqual(AddressPolicy.resolve("127.0.0.1"), ["127.0.0.1"], "an IP literal needs no lookup")
        XCTAssertEqual(AddressPolicy.resolve("[::1]"), ["::1"])
    }

    func testParametersFillPlaceholdersOrAreAdded() {
        var s = RemoteSettings()
        s.parameters = ["api.example.com": ["key": "k&1"]]
        let f = RemoteFetcher(settings: s, allows: { _ in true })
        XCTAssertEqual(f.withParameters("https://api.example.com/t.json?key={key}", host: "api.example.com"), "https://api.example.com/t.json?key=k%261")
        XCTAssertEqual(f.withParameters("https://api.example.com/t.json", host: "api.example.com"), "https://api.example.com/t.json?key=k%261")
        XCTAssertEqual(f.withParameters("https://api.example.com/t.json?a=1", host: "api.example.com"), "https://api.example.com/t.json?a=1&key=k%261")
        XCTAssertEqual(f.withParameters("https://other.example.com/t.json", host: "other.example.com"), "https://other.example.com/t.json")
    }
}

/// The per-session fetch budget as a token bucket over explicit times.
final class FetchBudgetTests: XCTestCase {
    func testBucketRefillsContinuouslyPerSession() {
        var b = FetchBudget(perMinute: 60)
        XCTAssertTrue(b.take(60, owner: "a", now: 0))
        XCTAssertFalse(b.take(1, owner: "a", now: 0.5), "spent")
        XCTAssertTrue(b.take(1, owner: "b", now: 0.5), "another session has its own")
        XCTAssertEqual(b.wait(for: 1, owner: "a", now: 0.5), 0.5, accuracy: 1e-9)
        XCTAssertTrue(b.take(1, owner: "a", now: 1.0), "one a second comes back")
        XCTAssertFalse(b.take(2, owner: "a", now: 1.5))
        XCTAssertTrue(b.take(60, owner: "a", now: 1000), "never more than a minute's worth")
        XCTAssertFalse(b.take(1, owner: "a", now: 1000))
    }
}
