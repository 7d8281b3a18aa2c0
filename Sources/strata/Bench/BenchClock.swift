import Foundation

/// Wall, process-CPU and thread-CPU clocks for the benchmarks, and medians. Process CPU is
/// the steadier measure on the shared 2-core machine; wall time is kept next to it.
enum BenchClock {
    static func wall() -> Double { seconds(CLOCK_MONOTONIC) }
    static func cpu() -> Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }
    /// The calling thread's CPU time (per-tile figures with several render threads).
    static func threadCPU() -> Double { seconds(CLOCK_THREAD_CPUTIME_ID) }

    private static func seconds(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    static func median(_ xs: [Double]) -> Double {
        guard !xs.isEmpty else { return .nan }
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// Runs `body` `reps` times; returns (wall, cpu) seconds of each run.
    static func measure(reps: Int, _ body: () throws -> Void) rethrows -> [(wall: Double, cpu: Double)] {
        var out: [(Double, Double)] = []
        for _ in 0..<reps {
            let w0 = wall(), c0 = cpu()
            try body()
            out.append((wall() - w0, cpu() - c0))
        }
        return out
    }
}
