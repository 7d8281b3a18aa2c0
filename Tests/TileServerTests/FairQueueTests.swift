import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import XCTest
@testable import TileServer

/// The render queue serves sessions in turn and refuses the heaviest session first.
final class FairQueueTests: XCTestCase {
    func testRoundRobinAcrossOwners() {
        var q = FairQueue<String>(limit: 100)
        for i in 0..<4 { _ = q.enqueue("a\(i)", owner: "A") }
        _ = q.enqueue("b0", owner: "B"); _ = q.enqueue("b1", owner: "B")
        _ = q.enqueue("c0", owner: "C")
        var order: [String] = []
        while let x = q.dequeue() { order.append(x) }
        XCTAssertEqual(order, ["a0", "b0", "c0", "a1", "b1", "a2", "a3"])
        XCTAssertEqual(q.count, 0)
    }

    func testFullQueueEvictsTheHeaviestOwnersNewestJob() {
        var q = FairQueue<String>(limit: 4)
        for i in 0..<4 { guard case .admitted = q.enqueue("a\(i)", owner: "A") else { return XCTFail() } }
        // A alone may fill the queue; beyond it, A itself is refused.
        guard case .refused = q.enqueue("a4", owner: "A") else { return XCTFail("A is over its share") }
        // B comes: A's newest waiting job makes room.
        guard case .admittedEvicting(let evicted) = q.enqueue("b0", owner: "B") else { return XCTFail("B is under its share") }
        XCTAssertEqual(evicted, "a3")
        XCTAssertEqual(q.waiting(for: "A"), 3)
        guard case .admittedEvicting(let again) = q.enqueue("b1", owner: "B") else { return XCTFail() }
        XCTAssertEqual(again, "a2")
        // Now both hold their share of 2: nobody is evicted for a third of either.
        guard case .refused = q.enqueue("b2", owner: "B") else { return XCTFail("B is at its share") }
        guard case .refused = q.enqueue("a5", owner: "A") else { return XCTFail() }
        XCTAssertEqual(q.count, 4)
    }

    func testZeroLimitRefusesEverything() {
        var q = FairQueue<Int>(limit: 0)
        guard case .refused = q.enqueue(1, owner: "A") else { return XCTFail() }
        XCTAssertNil(q.dequeue())
    }

    /// Through the real pool: while a heavy session fills the queue behind a busy thread, a
    /// light session's render is admitted, runs before the heavy session's backlog, and the
    /// heavy session gets the 503s.
    func testPoolServesALightSessionBeforeAHeavyBacklog() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let pool = RenderPool(threads: 1, queueLimit: 4)
        defer { pool.shutdown() }
        let loop = group.next()
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let order = NIOLockedValueBox<[String]>([])
        func job(_ name: String) -> RenderPool.Job { { _ in order.withLockedValue { $0.append(name) }; return [] } }
        let busy = pool.submit(on: loop, budgetMs: 10_000, owner: "heavy") { _ in started.signal(); gate.wait(); return [] }
        started.wait()
        let heavy = (0..<4).map { pool.submit(on: loop, budgetMs: 10_000, owner: "heavy", job("h\($0)")) }
        let refused = pool.submit(on: loop, budgetMs: 10_000, owner: "heavy", job("h-extra"))
        let light = pool.submit(on: loop, budgetMs: 10_000, owner: "light", job("l0"))
        XCTAssertThrowsError(try refused.wait()) { XCTAssertEqual(APIError(mapping: $0)?.status.code, 503) }
        XCTAssertThrowsError(try heavy[3].wait()) { XCTAssertEqual(APIError(mapping: $0)?.status.code, 503) }
        gate.signal()
        try busy.wait(); try light.wait()
        for f in heavy.prefix(3) { try f.wait() }
        XCTAssertEqual(order.withLockedValue { $0 }, ["h0", "l0", "h1", "h2"])
    }
}
