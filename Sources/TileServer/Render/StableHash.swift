/// FNV-1a 64-bit: a stable (not per-process-seeded) hash for ETags and cache keys, so the
/// same content gives the same tag across restarts and servers.
public enum StableHash {
    public static func fnv1a64<S: Sequence>(_ bytes: S, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 where S.Element == UInt8 {
        var h = seed
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    public static func hex(_ s: String) -> String { hex(fnv1a64(s.utf8)) }

    public static func hex(_ v: UInt64) -> String {
        let digits = String(v, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
