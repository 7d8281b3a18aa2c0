import Foundation

/// How long a fetched response may be used without asking the upstream again, from its
/// `Cache-Control` and `Expires` headers (RFC 9111, as a shared cache reads them). A pure
/// function of the headers and the clock, tested without I/O.
struct CacheControl: Equatable {
    /// `no-store`: never kept.
    var store = true
    /// Seconds the response is fresh from when it arrived; 0 with `no-cache` (kept, but
    /// revalidated before each use).
    var freshSeconds: Double
    /// The upstream asked for revalidation before every use once stale (`no-cache`,
    /// `must-revalidate`, `max-age=0`): never served stale while revalidating.
    var strict = false

    /// Freshness when the upstream says nothing: tiles of most servers change rarely, and a
    /// stale copy is revalidated cheaply with its ETag.
    static let defaultFreshSeconds: Double = 300
    /// 404/204 (a sparse tileset's missing tile) remembered this long without headers.
    static let absentFreshSeconds: Double = 60

    /// Reads `headers` (name lowercased → value); `now` is the arrival time.
    static func parse(_ headers: [(String, String)], absent: Bool = false, now: Date = Date()) -> CacheControl {
        var result = CacheControl(freshSeconds: absent ? absentFreshSeconds : defaultFreshSeconds)
        var maxAge: Double?
        var sharedMaxAge: Double?
        for (name, value) in headers where name.lowercased() == "cache-control" {
            for directive in value.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let key = parts.first else { continue }
                let number = parts.count > 1 ? Double(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))) : nil
                switch key {
                case "no-store": result.store = false
                case "no-cache": sharedMaxAge = 0; maxAge = 0; result.strict = true
                case "must-revalidate", "proxy-revalidate": result.strict = true
                case "max-age": if let n = number, n >= 0, maxAge != 0 { maxAge = n }
                case "s-maxage": if let n = number, n >= 0, sharedMaxAge != 0 { sharedMaxAge = n }
                default: break
                }
            }
        }
        if let age = sharedMaxAge ?? maxAge {
            result.freshSeconds = age
            if age == 0 { result.strict = true }
        } else if let expires = headers.first(where: { $0.0.lowercased() == "expires" })?.1 {
            // An unparseable Expires (often "0" or "-1") means already expired.
            result.freshSeconds = Self.httpDate(expires).map { max(0, $0.timeIntervalSince(now)) } ?? 0
        }
        return result
    }

    /// An IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the form HTTP dates take.
    static func httpDate(_ s: String) -> Date? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return f.date(from: s.trimmingCharacters(in: .whitespaces))
    }
}
