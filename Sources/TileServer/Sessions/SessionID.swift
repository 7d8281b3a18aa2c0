/// Session ids: 128 bits from the system CSPRNG, as 32 lowercase hex digits — unguessable, and
/// safe in headers, query strings and file names.
public enum SessionID {
    public static let defaultID = "default"

    public static func generate() -> String {
        var rng = SystemRandomNumberGenerator()
        let a = rng.next() as UInt64, b = rng.next() as UInt64
        return hex(a) + hex(b)
    }

    static func hex(_ v: UInt64) -> String {
        let d = String(v, radix: 16)
        return String(repeating: "0", count: 16 - d.count) + d
    }

    /// Shape check before any lookup (ids from clients are untrusted input).
    public static func isWellFormed(_ s: String) -> Bool {
        if s == defaultID { return true }
        return s.utf8.count == 32 && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
