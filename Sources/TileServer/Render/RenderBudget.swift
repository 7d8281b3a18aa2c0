import Dispatch
import NIOConcurrencyHelpers

/// A render's time budget: the renderer calls `check()` between features/layers and stops
/// with `RenderBudget.Exceeded` once the deadline passes or the request was abandoned.
public final class RenderBudget: Sendable {
    public struct Exceeded: Error, Sendable {}

    /// Monotonic deadline in nanoseconds (`DispatchTime.now().uptimeNanoseconds` scale).
    public let deadline: UInt64
    private let cancelled = NIOLockedValueBox(false)

    public init(milliseconds: Int) {
        deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, milliseconds)) &* 1_000_000
    }

    /// A budget that never runs out (benchmarks, tests).
    public static var unlimited: RenderBudget { RenderBudget(milliseconds: Int(Int32.max)) }

    public func cancel() { cancelled.withLockedValue { $0 = true } }

    public var isExpired: Bool {
        cancelled.withLockedValue { $0 } || DispatchTime.now().uptimeNanoseconds >= deadline
    }

    public func check() throws {
        if isExpired { throw Exceeded() }
    }
}
