import NIOConcurrencyHelpers
import NIOCore

/// A promise that may be completed from several places (a job, its timeout) where only the
/// first completion counts.
public final class OncePromise<Value: Sendable>: Sendable {
    private let promise: EventLoopPromise<Value>
    private let done = NIOLockedValueBox(false)

    public init(_ promise: EventLoopPromise<Value>) { self.promise = promise }

    public var futureResult: EventLoopFuture<Value> { promise.futureResult }

    private func claim() -> Bool {
        done.withLockedValue { d in
            if d { return false }
            d = true
            return true
        }
    }

    public func succeed(_ v: Value) { if claim() { promise.succeed(v) } }
    public func fail(_ e: any Error) { if claim() { promise.fail(e) } }
}
