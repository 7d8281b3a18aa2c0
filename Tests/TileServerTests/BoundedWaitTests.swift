import NIOCore
import NIOPosix
import XCTest
@testable import TileServer

/// Store calls wait on futures with a bound: a server that vanished without the connection
/// noticing makes a 503 (`StoreUnavailable`), never a request that hangs.
final class BoundedWaitTests: XCTestCase {
    func testAFutureThatNeverCompletesBecomesStoreUnavailable() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let promise = group.next().makePromise(of: Int.self)
        let start = DispatchTime.now()
        XCTAssertThrowsError(try promise.futureResult.wait(seconds: 0.2)) { error in
            XCTAssertTrue(error is StoreUnavailable, "\(error)")
        }
        // Bounded, not hung: 30 s leaves a busy machine 150 times the 0.2 s asked for.
        XCTAssertLessThan(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9, 30)
        promise.succeed(1)
    }

    func testCompletedFuturesGiveTheirValueOrError() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        XCTAssertEqual(try loop.makeSucceededFuture(7).wait(seconds: 1), 7)
        struct Boom: Error {}
        XCTAssertThrowsError(try loop.makeFailedFuture(Boom()).wait(seconds: 1) as Int) { XCTAssertTrue($0 is Boom) }
    }
}
