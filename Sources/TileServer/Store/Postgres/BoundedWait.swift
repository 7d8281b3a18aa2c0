import Dispatch
import NIOConcurrencyHelpers
import NIOCore

extension EventLoopFuture {
    /// `wait()`, but giving up after `seconds`: a store call must never hang a request when
    /// the server vanished without the connection noticing (it then becomes a 503).
    func wait(seconds: Double) throws -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = NIOLockedValueBox<Result<Value, any Error>?>(nil)
        whenComplete { result in
            box.withLockedValue { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success, let result = box.withLockedValue({ $0 }) else {
            throw StoreUnavailable("PostgreSQL did not answer within \(Int(seconds)) s")
        }
        return try result.get()
    }
}
