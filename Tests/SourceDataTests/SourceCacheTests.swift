import XCTest
import Foundation
import JSON
@testable import SourceData

final class SourceCacheTests: XCTestCase {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0, active = 0
        private(set) var maxActive = 0
        func enter() { lock.lock(); n += 1; active += 1; maxActive = max(maxActive, active); lock.unlock() }
        func leave() { lock.lock(); active -= 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return n }
    }

    /// Runs `body` on `n` separate threads at once (not a pool limited to the core count).
    func runConcurrently(_ n: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for i in 0..<n {
            group.enter()
            Thread.detachNewThread { body(i); group.leave() }
        }
        group.wait()
    }

    final class Box: Sendable { let bytes: Int; init(_ b: Int) { bytes = b } }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [ObjectIdentifier] = []
        func add(_ o: AnyObject) { lock.lock(); items.append(ObjectIdentifier(o)); lock.unlock() }
        var all: [ObjectIdentifier] { lock.lock(); defer { lock.unlock() }; return items }
    }

    func testConcurrentRequestsForOneKeyBuildOnce() throws {
        let cache = SourceCache<GeoJSONSource>(byteBudget: 1 << 30)
        let counter = Counter()
        let json = try JSONParser.parse(#"{"type": "Point", "coordinates": [1, 2]}"#)
        let results = Results()
        runConcurrently(8) { _ in
            let s = try! cache.value(for: "hash-1") {
                counter.enter(); defer { counter.leave() }
                Thread.sleep(forTimeInterval: 0.2)
                return try GeoJSONSource.parse(json)
            }
            results.add(s)
        }
        XCTAssertEqual(counter.count, 1)
        XCTAssertEqual(results.all.count, 8)
        XCTAssertEqual(Set(results.all).count, 1, "every caller got the same source")
        let stats = cache.statistics
        XCTAssertEqual(stats.misses, 1)
        XCTAssertEqual(stats.hits, 7)
        XCTAssertEqual(stats.entries, 1)
        XCTAssertGreaterThan(stats.bytes, 0)
    }

    func testDifferentKeysBuildInParallel() {
        let cache = SourceCache<Box>(byteBudget: 100, cost: { $0.bytes })
        let counter = Counter()
        runConcurrently(2) { i in
            _ = try! cache.value(for: "k\(i)") {
                counter.enter(); defer { counter.leave() }
                Thread.sleep(forTimeInterval: 0.2)
                return Box(1)
            }
        }
        XCTAssertEqual(counter.count, 2)
        XCTAssertEqual(counter.maxActive, 2, "one key's build must not block another's")
    }

    func testFailuresReachWaitersAndAreNotCached() {
        struct Boom: Error {}
        let cache = SourceCache<Box>(byteBudget: 100, cost: { $0.bytes })
        let counter = Counter()
        let errors = Counter()
        let arrived = Counter()
        runConcurrently(4) { _ in
            arrived.enter()
            do {
                _ = try cache.value(for: "bad") {
                    counter.enter(); defer { counter.leave() }
                    // Fail only once every caller is on its way in (plus slack to get there).
                    while arrived.count < 4 { Thread.sleep(forTimeInterval: 0.01) }
                    Thread.sleep(forTimeInterval: 0.1)
                    throw Boom()
                }
            } catch is Boom { errors.enter(); errors.leave() } catch { XCTFail("\(error)") }
        }
        XCTAssertEqual(counter.count, 1)
        XCTAssertEqual(errors.count, 4)
        XCTAssertNil(cache.cached("bad"))
        XCTAssertEqual(try cache.value(for: "bad") { Box(1) }.bytes, 1, "retried after a failure")
    }

    func testLRUEvictionByBytes() throws {
        let cache = SourceCache<Box>(byteBudget: 10, cost: { $0.bytes })
        _ = try cache.value(for: "a") { Box(4) }
        _ = try cache.value(for: "b") { Box(4) }
        XCTAssertNotNil(cache.cached("a"))                 // a is now the most recent
        _ = try cache.value(for: "c") { Box(4) }           // 12 > 10: evicts b
        XCTAssertNil(cache.cached("b"))
        XCTAssertNotNil(cache.cached("a"))
        XCTAssertNotNil(cache.cached("c"))
        XCTAssertEqual(cache.statistics.bytes, 8)
        XCTAssertEqual(cache.statistics.evictions, 1)
        let big = try cache.value(for: "huge") { Box(50) }  // over budget: returned, not cached
        XCTAssertEqual(big.bytes, 50)
        XCTAssertNil(cache.cached("huge"))
        XCTAssertEqual(cache.statistics.entries, 2)
        cache.remove("a")
        XCTAssertEqual(cache.statistics.bytes, 4)
        cache.removeAll()
        XCTAssertEqual(cache.statistics.entries, 0)
    }

    func testManyThreadsManyKeysStayConsistent() {
        let cache = SourceCache<Box>(byteBudget: 50, cost: { $0.bytes })
        runConcurrently(64) { i in
            for k in 0..<200 {
                let key = "k\((i * 7 + k) % 40)"
                let v = try! cache.value(for: key) { Box(3) }
                XCTAssertEqual(v.bytes, 3)
            }
        }
        let s = cache.statistics
        XCTAssertLessThanOrEqual(s.bytes, 50)
        XCTAssertEqual(s.bytes, s.entries * 3)
        XCTAssertEqual(s.hits + s.misses, 64 * 200)
    }
}
