import Renderer
import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// A fixed set of render threads behind a bounded queue that serves sessions in turn
/// (`FairQueue`). Rendering never runs on an event loop; when the queue is full new work is
/// refused at once (the caller answers 503 with `Retry-After`) instead of piling up latency
/// and memory — the session holding the most waiting work is refused first.
public final class RenderPool: @unchecked Sendable {
    public typealias Job = @Sendable (Deadline) throws -> [UInt8]

    struct Pending {
        let job: Job
        let budget: Deadline
        let result: OncePromise<[UInt8]>
    }

    public let threadCount: Int
    public let queueLimit: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var queue: FairQueue<Pending>
    private var running = 0
    private var stopping = false
    private var workers: [Thread] = []

    /// What one job cost: wall seconds on its render thread, that thread's CPU seconds (the
    /// work done, which a busy machine does not inflate) and whether it produced an image.
    public struct JobCost: Sendable {
        public var seconds: Double
        public var cpuSeconds: Double
        public var succeeded: Bool
    }

    /// Observers for metrics (queue depth after each change, the cost of each job).
    public let onQueueDepth: @Sendable (Int) -> Void
    public let onRender: @Sendable (JobCost) -> Void

    public init(threads: Int, queueLimit: Int,
                onQueueDepth: @escaping @Sendable (Int) -> Void = { _ in },
                onRender: @escaping @Sendable (JobCost) -> Void = { _ in }) {
        self.threadCount = max(1, threads)
        self.queueLimit = max(0, queueLimit)
        self.queue = FairQueue(limit: max(0, queueLimit))
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
        return queue.count
    }

    /// Queues a job; the future fails with `RenderPoolError` (a 503) when the queue is full, and with
    /// a 503 `render_timeout` when the deadline passes before or while it runs.
    /// `owner` is the session the work is for: waiting work is served one session at a time.
    public func submit(on loop: any EventLoop, budgetMs: Int, owner: String = "", _ job: @escaping Job) -> EventLoopFuture<[UInt8]> {
        let promise = loop.makePromise(of: [UInt8].self)
        let budget = Deadline(milliseconds: budgetMs)
        let once = OncePromise(promise)
        let pending = Pending(job: job, budget: budget, result: once)
        condition.lock()
        let waiting = queue.count
        // Idle threads take work at once; only work beyond them has to wait in the queue.
        let idle = threadCount - running - waiting
        var evicted: Pending?
        var admitted = !stopping
        if admitted {
            if idle > 0 {
                queue.forceEnqueue(pending, owner: owner)
            } else {
                switch queue.enqueue(pending, owner: owner) {
                case .admitted: break
                case .admittedEvicting(let p): evicted = p
                case .refused: admitted = false
                }
            }
        }
        let depth = queue.count
        if admitted { condition.signal() }
        condition.unlock()
        guard admitted else {
            promise.fail(RenderPoolError.queueFull(limit: queueLimit, stopping: stopping))
            return promise.futureResult
        }
        evicted?.result.fail(RenderPoolError.shed)
        onQueueDepth(depth)
        // The client gets its answer at the deadline even if a job ignores its budget.
        let timeout = loop.scheduleTask(in: .milliseconds(Int64(budgetMs))) {
            budget.cancel()
            once.fail(RenderPoolError.timeout(budgetMs: budgetMs, waited: false))
        }
        promise.futureResult.whenComplete { _ in timeout.cancel() }
        return promise.futureResult
    }

    private func workerLoop() {
        while true {
            condition.lock()
            while queue.count == 0 && !stopping { condition.wait() }
            guard let p = queue.dequeue() else { condition.unlock(); return }   // stopping, drained
            running += 1
            let depth = queue.count
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
            p.result.fail(RenderPoolError.timeout(budgetMs: nil, waited: true))
            return
        }
        let start = DispatchTime.now().uptimeNanoseconds, cpuStart = Self.threadCPUNanos()
        func cost(_ ok: Bool) -> JobCost {
            JobCost(seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                    cpuSeconds: Double(Self.threadCPUNanos() &- cpuStart) / 1e9, succeeded: ok)
        }
        do {
            let bytes = try p.job(p.budget)
            onRender(cost(true))
            p.result.succeed(bytes)
        } catch RenderError.timeout {
            onRender(cost(false))
            p.result.fail(RenderPoolError.timeout(budgetMs: nil, waited: false))
        } catch {
            onRender(cost(false))
            p.result.fail(error)
        }
    }

    /// The calling thread's CPU clock in nanoseconds.
    static func threadCPUNanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
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
