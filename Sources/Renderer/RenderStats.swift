import Foundation

/// Where a render's CPU time went (thread CPU time, nanoseconds), for `strata bench tiles`.
/// Collected only when asked for: production renders pass nil and pay nothing.
public struct RenderStats: Sendable {
    /// Finding features, clipping, simplifying, projecting to paths.
    public var prepareNanos: UInt64 = 0
    /// Evaluating filters and properties.
    public var styleNanos: UInt64 = 0
    /// Rasterizing and compositing.
    public var rasterNanos: UInt64 = 0
    public var features = 0
    public init() {}

    public mutating func add(_ o: RenderStats) {
        prepareNanos += o.prepareNanos; styleNanos += o.styleNanos; rasterNanos += o.rasterNanos
        features += o.features
    }
}

/// The calling thread's CPU clock.
@inline(__always)
func threadCPUNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Accumulates phase times into optional stats with minimal overhead when disabled. A class
/// held by a `let`, so a disabled mark is one test of a constant: no exclusive access to the
/// frame per feature.
final class PhaseClock {
    enum Phase { case prepare, style, raster }
    let enabled: Bool
    private(set) var stats: RenderStats?
    private var last: UInt64 = 0

    init(enabled: Bool) {
        self.enabled = enabled
        stats = enabled ? RenderStats() : nil
        if enabled { last = threadCPUNanos() }
    }

    /// Charges the time since the previous mark to `phase`.
    @inline(__always)
    func mark(_ phase: Phase) {
        guard enabled else { return }
        let now = threadCPUNanos()
        let d = now &- last
        last = now
        switch phase {
        case .prepare: stats!.prepareNanos &+= d
        case .style: stats!.styleNanos &+= d
        case .raster: stats!.rasterNanos &+= d
        }
    }

    @inline(__always)
    func countFeature() { if enabled { stats!.features += 1 } }
}
