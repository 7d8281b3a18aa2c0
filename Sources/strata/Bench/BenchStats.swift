import Foundation

/// Order statistics over a sample.
enum BenchStats {
    /// Median (mean of the middle two for an even count); 0 for an empty sample.
    static func median(_ xs: [Double]) -> Double { xs.isEmpty ? 0 : BenchClock.median(xs) }

    /// Nearest-rank percentile (p in 0...1); 0 for an empty sample.
    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return 0 }
        let sorted = xs.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func mean(_ xs: [Double]) -> Double { xs.isEmpty ? 0 : xs.reduce(0, +) / Double(xs.count) }

    static func round(_ v: Double, _ digits: Int = 4) -> Double {
        guard v.isFinite else { return 0 }
        let f = pow(10, Double(digits))
        return (v * f).rounded() / f
    }
}

/// Resident memory of this process, from /proc (Linux).
enum ProcessMemory {
    /// Current resident set size in bytes (0 when /proc is unavailable).
    static var residentBytes: Int { statusField("VmRSS:") }
    /// Peak resident set size in bytes.
    static var peakResidentBytes: Int { statusField("VmHWM:") }

    private static func statusField(_ name: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let kb = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) } ?? 0
            return kb * 1024
        }
        return 0
    }

    /// Returns freed heap pages to the OS so that RSS deltas show what is still held.
    static func trim() { _ = strata_malloc_trim(0) }
}

/// glibc's malloc_trim (not exported by the Glibc module).
@_silgen_name("malloc_trim")
private func strata_malloc_trim(_ pad: Int) -> Int32

/// Prints the machine-readable result line (sorted keys) that every bench command ends with.
enum BenchOutput {
    static func printJSONLine(_ object: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }
}
