import XCTest
@testable import TileServer

final class LRUCacheTests: XCTestCase {
    func testEvictsLeastRecentlyUsedByBytes() {
        var c = LRUCache<String, Int>(budget: 30)
        c.set("a", 1, cost: 10)
        c.set("b", 2, cost: 10)
        c.set("c", 3, cost: 10)
        XCTAssertEqual(c.get("a"), 1)  // a becomes most recent
        c.set("d", 4, cost: 10)        // evicts b
        XCTAssertNil(c.get("b"))
        XCTAssertEqual(c.keysByRecency, ["d", "a", "c"])
        XCTAssertEqual(c.totalCost, 30)
        c.set("e", 5, cost: 25)        // evicts c, a, d... until it fits
        XCTAssertEqual(c.keysByRecency, ["e"])
        XCTAssertEqual(c.totalCost, 25)
    }

    func testReplaceAndRemove() {
        var c = LRUCache<Int, String>(budget: 100)
        c.set(1, "x", cost: 40)
        c.set(1, "y", cost: 50)
        XCTAssertEqual(c.count, 1); XCTAssertEqual(c.totalCost, 50); XCTAssertEqual(c.get(1), "y")
        XCTAssertEqual(c.remove(1), "y")
        XCTAssertEqual(c.count, 0); XCTAssertEqual(c.totalCost, 0)
        c.set(2, "too big", cost: 101)
        XCTAssertEqual(c.count, 0, "an entry over the whole budget is not kept")
    }

    func testRandomOperationsKeepInvariants() {
        var c = LRUCache<Int, Int>(budget: 500)
        var rng = SystemRandomNumberGenerator()
        var model: [Int: Int] = [:]  // key -> cost of what is in the cache
        for step in 0..<5000 {
            let k = Int.random(in: 0..<64, using: &rng)
            if Bool.random(using: &rng) {
                let cost = Int.random(in: 1...80, using: &rng)
                c.set(k, step, cost: cost)
                model[k] = cost
            } else if let v = c.get(k) {
                XCTAssertLessThanOrEqual(v, step)
            }
            XCTAssertLessThanOrEqual(c.totalCost, 500)
            XCTAssertEqual(c.keysByRecency.count, c.count)
            let live = Set(c.keysByRecency)
            XCTAssertEqual(c.totalCost, live.reduce(0) { $0 + model[$1]! })
        }
    }
}
