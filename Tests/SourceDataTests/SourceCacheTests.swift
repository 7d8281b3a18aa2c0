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

    /// Sleeps until `condition` holds, for at most a minute: tests wait for events, never for
    /// a number of milliseconds that a busy machine may not keep.
    static func waitUntil(_ condition: () -> Bool) {
        let end = Date().addingTimeInterval(60)
        while !condition(), Date() < end { Thread.sleep(forTimeInterval: 0.005) }
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
                // Each build waits for the other to start: a lock held across builds would
                // keep the second out, and this would end after a minute with maxActive 1.
                Self.waitUntil { counter.count == 2 }
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
        runConcurrently(4) { _ in
            do {
                _ = try cache.value(for: "bad") {
                    counter.enter(); defer { counter.leave() }
                    // Fail only once the three other callers wait on this build (each join
                    // counts as a hit).
                    Self.waitUntil { cache.statistics.hits == 3 }
                    throw Boom()
                }
            } catch is Boom { errors.enter(); errors.leave() } catch { XCTFail("\(error)") }
        }
        XCTAssertEqual(counter.count, 1)
        XCTAssertEqual(errors.count, 4)
        XCTAssertNil(cache.cached("bad"))
        XCTAssertEqual(try cache.value(for: "bad") { Box(1) }.bytes, 1, "retried after a failure")
    }

    /// What an entry under a one-character key costs beside its value.
    let o = SourceCache<Box>.entryOverhead(key: "a")

    func testLRUEvictionByBytes() throws {
        let cache = SourceCache<Box>(byteBudget: 10 + 2 * o, cost: { $0.bytes })
        _ = try cache.value(for: "a") { Box(4) }
        _ = try cache.value(for: "b") { Box(4) }
        XCTAssertNotNil(cache.cached("a"))                 // a is now the most recent
        _ = try cache.value(for: "c") { Box(4) }           // 12 > 10: evicts b
        XCTAssertNil(cache.cached("b"))
        XCTAssertNotNil(cache.cached("a"))
        XCTAssertNotNil(cache.cached("c"))
        XCTAssertEqual(cache.statistics.bytes, 8 + 2 * o)
        XCTAssertEqual(cache.statistics.evictions, 1)
        let big = try cache.value(for: "huge") { Box(50 + 2 * o) }  // over budget: returned, not cached
        XCTAssertEqual(big.bytes, 50 + 2 * o)
        XCTAssertNil(cache.cached("huge"))
        XCTAssertEqual(cache.statistics.entries, 2)
        cache.remove("a")
        XCTAssertEqual(cache.statistics.bytes, 4 + o)
        cache.removeAll()
        XCTAssertEqual(cache.statistics.entries, 0)
    }

    func testManyThreadsManyKeysStayConsistent() {
        let perEntry = 3 + SourceCache<Box>.entryOverhead(key: "k10")
        let cache = SourceCache<Box>(byteBudget: 16 * perEntry, cost: { $0.bytes })
        runConcurrently(64) { i in
            for k in 0..<200 {
                let key = "k\((i * 7 + k) % 40)"
                let v = try! cache.value(for: key) { Box(3) }
                XCTAssertEqual(v.bytes, 3)
            }
        }
        let s = cache.statistics
        XCTAssertLessThanOrEqual(s.bytes, 16 * perEntry)
        XCTAssertLessThanOrEqual(s.bytes, s.entries * perEntry)
        XCTAssertGreaterThan(s.entries, 0)
        XCTAssertEqual(s.hits + s.misses, 64 * 200)
    }

    /// Fed ten times its budget in entries of mixed sizes and keys, a cache holds at most its
    /// budget, charges each entry its key and node as well as its value, and keeps the most
    /// recent entries.
    func testStaysWithinBudgetWhenOverfed() throws {
        let budget = 64 << 10
        let cache = SourceCache<Box>(byteBudget: budget, cost: { $0.bytes })
        var fed = 0, i = 0
        while fed < 10 * budget {
            let key = "tile/\(i)/" + String(repeating: "k", count: i % 50)
            let size = 16 + (i * 37) % 2000
            _ = try cache.value(for: key) { Box(size) }
            fed += size; i += 1
            XCTAssertLessThanOrEqual(cache.statistics.bytes, budget)
        }
        let s = cache.statistics
        XCTAssertGreaterThan(s.bytes, budget * 3 / 4, "evicts only what it must")
        XCTAssertGreaterThan(s.evictions, 0)
        let last = "tile/\(i - 1)/" + String(repeating: "k", count: (i - 1) % 50)
        XCTAssertNotNil(cache.cached(last))
        XCTAssertNil(cache.cached("tile/0/"))
        // Many tiny values: the per-entry charge, not the values, fills the budget.
        let tiny = SourceCache<Box>(byteBudget: budget, cost: { $0.bytes })
        for k in 0..<10_000 { _ = try tiny.value(for: "t\(k)") { Box(1) } }
        XCTAssertLessThanOrEqual(tiny.statistics.entries, budget / SourceCache<Box>.entryOverhead(key: "t1"))
    }
}
