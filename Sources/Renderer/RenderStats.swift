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

/// Accumulates phase times into optional stats with minimal overhead when disabled.
struct PhaseClock {
    enum Phase { case prepare, style, raster }
    private(set) var stats: RenderStats?
    private var last: UInt64 = 0

    init(enabled: Bool) {
        stats = enabled ? RenderStats() : nil
        if enabled { last = threadCPUNanos() }
    }

    /// Charges the time since the previous mark to `phase`.
    @inline(__always)
    mutating func mark(_ phase: Phase) {
        guard stats != nil else { return }
        let now = threadCPUNanos()
        let d = now &- last
        last = now
        switch phase {
        case .prepare: stats!.prepareNanos &+= d
        case .style: stats!.styleNanos &+= d
        case .raster: stats!.rasterNanos &+= d
        }
    }

    mutating func countFeature() { if stats != nil { stats!.features += 1 } }
}
