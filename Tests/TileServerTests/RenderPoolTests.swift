import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import XCTest
@testable import TileServer

final class RenderPoolTests: XCTestCase {
    var group: MultiThreadedEventLoopGroup!
    override func setUp() { group = MultiThreadedEventLoopGroup(numberOfThreads: 1) }
    override func tearDown() { try? group.syncShutdownGracefully() }

    func testQueueAdmissionRefusesBeyondLimitWith503() throws {
        let pool = RenderPool(threads: 1, queueLimit: 1)
        defer { pool.shutdown() }
        let loop = group.next()
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let running = pool.submit(on: loop, budgetMs: 10_000) { _ in started.signal(); gate.wait(); return [1] }
        started.wait()
        let queued = pool.submit(on: loop, budgetMs: 10_000) { _ in [2] }
        XCTAssertEqual(pool.queueDepth, 1)
        let refused = pool.submit(on: loop, budgetMs: 10_000) { _ in [3] }
        XCTAssertThrowsError(try refused.wait()) { e in
            XCTAssertEqual(APIError(mapping: e)?.status.code, 503)
            XCTAssertEqual(APIError(mapping: e)?.headers.first?.0, "Retry-After")
        }
        gate.signal()
        XCTAssertEqual(try running.wait(), [1])
        XCTAssertEqual(try queued.wait(), [2])
    }

    func testBudgetExceededIs503AndCancelsTheJob() throws {
        let pool = RenderPool(threads: 1, queueLimit: 4)
        defer { pool.shutdown() }
        let sawExpiry = NIOLockedValueBox(false)
        let f = pool.submit(on: group.next(), budgetMs: 50) { budget in
            while !budget.isExpired { usleep(1000) }
            sawExpiry.withLockedValue { $0 = true }
            try budget.check()
            return []
        }
        XCTAssertThrowsError(try f.wait()) { e in
            XCTAssertEqual(APIError(mapping: e)?.status.code, 503)
            XCTAssertEqual(APIError(mapping: e)?.code, "render_timeout")
        }
        // The job sees its budget end at its next check, however busy the machine is.
        let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
        while !sawExpiry.withLockedValue({ $0 }), DispatchTime.now().uptimeNanoseconds < deadline { usleep(1000) }
        XCTAssertTrue(sawExpiry.withLockedValue { $0 })
    }

    func testJobErrorsPropagate() {
        struct Boom: Error {}
        let pool = RenderPool(threads: 2, queueLimit: 4)
        defer { pool.shutdown() }
        XCTAssertThrowsError(try pool.submit(on: group.next(), budgetMs: 1000) { _ in throw Boom() }.wait()) { e in
            XCTAssertTrue(e is Boom)
        }
    }

    func testSingleFlightRendersIdenticalConcurrentRequestsOnce() throws {
        let pool = RenderPool(threads: 2, queueLimit: 64)
        defer { pool.shutdown() }
        let service = TileService(pool: pool, cacheBytes: 1 << 20, budgetMs: 10_000)
        let renders = NIOLockedValueBox(0)
        let gate = DispatchSemaphore(value: 0)
        let job: RenderPool.Job = { _ in
            renders.withLockedValue { $0 += 1 }
            gate.wait()
            return [7, 7, 7]
        }
        let futures = (0..<20).map { _ in service.tile(key: "k", on: self.group.next(), render: job) }
        usleep(20_000)
        gate.signal()
        for f in futures { XCTAssertEqual(try f.wait().bytes, [7, 7, 7]) }
        XCTAssertEqual(renders.withLockedValue { $0 }, 1)
        // Now cached: no render at all.
        XCTAssertEqual(service.cached("k")?.bytes, [7, 7, 7])
        XCTAssertEqual(try service.tile(key: "k", on: group.next(), render: job).wait().etag, TileService.etag(forKey: "k"))
        XCTAssertEqual(renders.withLockedValue { $0 }, 1)
    }
}
