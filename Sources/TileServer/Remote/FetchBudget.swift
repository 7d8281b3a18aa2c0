/// Upstream fetches a session may start per minute (a token bucket per session, refilled
/// continuously): any client can POST a style, and no style may make the server hammer an
/// upstream. Joining a fetch already under way costs nothing. A pure state machine over
/// explicit times, tested without I/O.
struct FetchBudget {
    let perMinute: Int
    private var buckets: [String: (tokens: Double, at: Double)] = [:]
    /// Sessions tracked at most; beyond, idle (full) buckets are forgotten.
    static let maxTracked = 10_000

    init(perMinute: Int) { self.perMinute = max(1, perMinute) }

    /// Takes `n` fetches for `owner` at time `now` (seconds) if its bucket holds them.
    mutating func take(_ n: Int, owner: String, now: Double) -> Bool {
        let capacity = Double(perMinute)
        var b = buckets[owner] ?? (capacity, now)
        b.tokens = min(capacity, b.tokens + (now - b.at) * capacity / 60)
        b.at = now
        guard b.tokens >= Double(n) else { buckets[owner] = b; return false }
        b.tokens -= Double(n)
        if buckets.count >= Self.maxTracked { buckets = buckets.filter { $0.value.tokens < capacity } }
        buckets[owner] = b
        return true
    }

    /// Seconds until `owner` has `n` fetches again.
    func wait(for n: Int, owner: String, now: Double) -> Double {
        guard let b = buckets[owner] else { return 0 }
        let tokens = min(Double(perMinute), b.tokens + (now - b.at) * Double(perMinute) / 60)
        return max(0, (Double(n) - tokens) * 60 / Double(perMinute))
    }
}
