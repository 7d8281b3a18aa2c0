/// SplitMix64: a tiny, fast random generator that gives the same sequence on every platform,
/// so synthetic workloads (benchmarks, tests, fuzz-style tests) are reproducible from a seed.
/// The project's only pseudo-random generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in 0..<n (0 when n ≤ 0).
    public mutating func int(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

    /// A random element of a non-empty array.
    public mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
}
