import Dispatch
import Foundation

/// A render's time budget, the one form every caller uses: the renderer asks it between
/// layers and every 64 features and stops with `RenderError.timeout` once it has passed or
/// was cancelled (the HTTP request was answered or abandoned).
public final class Deadline: @unchecked Sendable {
    /// Monotonic deadline in nanoseconds (`DispatchTime.now().uptimeNanoseconds` scale).
    public let uptimeNanoseconds: UInt64
    private let lock = NSLock()
    private var cancelled = false

    public init(milliseconds: Int) {
        uptimeNanoseconds = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, milliseconds)) &* 1_000_000
    }

    /// A deadline an hour away (benchmarks and tools: production renders always carry one,
    /// so the checks are paid there too).
    public static var distant: Deadline { Deadline(milliseconds: 3_600_000) }

    /// Ends the budget now.
    public func cancel() { lock.lock(); cancelled = true; lock.unlock() }

    public var isExpired: Bool {
        lock.lock(); let c = cancelled; lock.unlock()
        return c || DispatchTime.now().uptimeNanoseconds >= uptimeNanoseconds
    }

    /// Throws `RenderError.timeout` once expired.
    public func check() throws {
        if isExpired { throw RenderError.timeout }
    }
}
