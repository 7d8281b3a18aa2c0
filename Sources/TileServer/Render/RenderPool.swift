import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// A fixed set of render threads behind a bounded FIFO queue. Rendering never runs on an
/// event loop; when the queue is full new work is refused at once (the caller answers 503 with
/// `Retry-After`) instead of piling up latency and memory.
public final class RenderPool: @unchecked Sendable {
    public typealias Job = @Sendable (RenderBudget) throws -> [UInt8]

    struct Pending {
        let job: Job
        let budget: RenderBudget
        let result: OncePromise<[UInt8]>
    }

    public let threadCount: Int
    public let queueLimit: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var queue: [Pending] = []
    private var head = 0
    private var running = 0
    private var stopping = false
    private var workers: [Thread] = []

    /// Observers for metrics (queue depth after each change, render seconds per job).
    public let onQueueDepth: @Sendable (Int) -> Void
    public let onRender: @Sendable (Double, Bool) -> Void

    public init(threads: Int, queueLimit: Int,
                onQueueDepth: @escaping @Sendable (Int) -> Void = { _ in },
                onRender: @escaping @Sendable (Double, Bool) -> Void = { _, _ in }) {
        self.threadCount = max(1, threads)
        self.queueLimit = max(0, queueLimit)
        self.onQueueDepth = onQueueDepth
        self.onRender = onRender
        for i in 0..<threadCount {
            let t = Thread { [unowned self] in self.workerLoop() }
            t.name = "strata-render-\(i)"
            t.stackSize = 8 << 20
            workers.append(t)
            t.start()
        }
    }

    /// Jobs waiting (not running).
    public var queueDepth: Int {
        condition.lock(); defer { condition.unlock() }
        return queue.count - head
    }

    /// Queues a job; the future fails with a 503 `APIError` when the queue is full, and with
    /// `RenderBudget.Exceeded` mapped to 503 when the budget runs out before or while it runs.
    public func submit(on loop: any EventLoop, budgetMs: Int, _ job: @escaping Job) -> EventLoopFuture<[UInt8]> {
        let promise = loop.makePromise(of: [UInt8].self)
        let budget = RenderBudget(milliseconds: budgetMs)
        condition.lock()
        let waiting = queue.count - head
        // Idle threads take work at once; only work beyond them has to wait in the queue.
        let idle = threadCount - running - waiting
        if stopping || (idle <= 0 && waiting >= queueLimit) {
            condition.unlock()
            promise.fail(APIError.unavailable(stopping ? "the server is shutting down" : "render queue is full (\(queueLimit) waiting)", retryAfter: 1))
            return promise.futureResult
        }
        let once = OncePromise(promise)
        queue.append(Pending(job: job, budget: budget, result: once))
        let depth = queue.count - head
        condition.signal()
        condition.unlock()
        onQueueDepth(depth)
        // The client gets its answer at the deadline even if a job ignores its budget.
        let timeout = loop.scheduleTask(in: .milliseconds(Int64(budgetMs))) {
            budget.cancel()
            once.fail(APIError.unavailable("render exceeded its time budget of \(budgetMs) ms", retryAfter: 1, code: "render_timeout"))
        }
        promise.futureResult.whenComplete { _ in timeout.cancel() }
        return promise.futureResult
    }

    private func workerLoop() {
        while true {
            condition.lock()
            while head >= queue.count && !stopping { condition.wait() }
            if head >= queue.count && stopping { condition.unlock(); return }
            let p = queue[head]
            head += 1
            if head > 64, head * 2 > queue.count { queue.removeFirst(head); head = 0 }
            running += 1
            let depth = queue.count - head
            condition.unlock()
            onQueueDepth(depth)
            run(p)
            condition.lock()
            running -= 1
            condition.unlock()
        }
    }

    private func run(_ p: Pending) {
        if p.budget.isExpired {
            p.result.fail(APIError.unavailable("render waited past its time budget", retryAfter: 1, code: "render_timeout"))
            return
        }
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let bytes = try p.job(p.budget)
            onRender(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, true)
            p.result.succeed(bytes)
        } catch is RenderBudget.Exceeded {
            onRender(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, false)
            p.result.fail(APIError.unavailable("render exceeded its time budget", retryAfter: 1, code: "render_timeout"))
        } catch {
            onRender(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, false)
            p.result.fail(error)
        }
    }

    /// Lets queued jobs finish, then stops the threads.
    public func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        for t in workers { while !t.isFinished { usleep(1000) } }
    }
}
