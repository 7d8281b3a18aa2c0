import Foundation

/// `postgres://user[:password]@host[:port]/database[?sslmode=MODE]` as given to `--store` or
/// `"store"`. The password may instead come from `STRATA_PG_PASSWORD`, so it need not appear in
/// a config file or a process list. `description` never shows the password.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var sslMode: SSLMode

    /// TLS to the server, named and defaulted as libpq does (`prefer`). `prefer` and `require`
    /// encrypt without checking the certificate (as libpq); `verify-full` checks it against the
    /// system's trust roots and the host name.
    public enum SSLMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyFull = "verify-full"
    }

    /// The environment variable read when the URL carries no password.
    public static let passwordVariable = "STRATA_PG_PASSWORD"

    /// Whether a store setting names PostgreSQL (rather than an SQLite file).
    public static func isPostgres(_ store: String) -> Bool {
        store.hasPrefix("postgres://") || store.hasPrefix("postgresql://")
    }

    /// Parses the URL; every problem is named without echoing the password.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let schemeEnd = text.range(of: "://"), Self.isPostgres(text) else {
            throw Self.error("expected postgres://user[:password]@host[:port]/database")
        }
        var rest = Substring(text[schemeEnd.upperBound...])
        guard let at = rest.lastIndex(of: "@") else {
            throw Self.error("a user is required: postgres://user[:password]@host[:port]/database")
        }
        let userInfo = rest[..<at]
        rest = rest[rest.index(after: at)...]
        let userPart: Substring, passwordPart: Substring?
        if let colon = userInfo.firstIndex(of: ":") {
            userPart = userInfo[..<colon]
            passwordPart = userInfo[userInfo.index(after: colon)...]
        } else {
            userPart = userInfo
            passwordPart = nil
        }
        guard let u = String(userPart).removingPercentEncoding, !u.isEmpty else { throw Self.error("the user name is empty or badly %-encoded") }
        user = u
        if let passwordPart {
            guard let p = String(passwordPart).removingPercentEncoding else { throw Self.error("the password is badly %-encoded") }
            password = p
        } else {
            password = environment[Self.passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let slash = rest.firstIndex(of: "/") else { throw Self.error("a database name is required after the host: …@host:port/database") }
        let hostPort = rest[..<slash]
        var dbPart = rest[rest.index(after: slash)...]
        if let q = dbPart.firstIndex(of: "?") {
            sslMode = try Self.parseQuery(dbPart[dbPart.index(after: q)...])
            dbPart = dbPart[..<q]
        } else {
            sslMode = .prefer
        }
        guard !dbPart.contains("/") else { throw Self.error("unexpected text after the database name") }
        guard let db = String(dbPart).removingPercentEncoding, !db.isEmpty else { throw Self.error("the database name is empty") }
        database = db
        var h = Substring(hostPort), portText: Substring?
        if h.hasPrefix("[") {  // [IPv6]:port
            guard let close = h.firstIndex(of: "]") else { throw Self.error("unterminated [IPv6] host") }
            let after = h[h.index(after: close)...]
            h = h[h.index(after: h.startIndex)..<close]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw Self.error("unexpected text after the host") }
        } else if let colon = h.lastIndex(of: ":") {
            portText = h[h.index(after: colon)...]
            h = h[..<colon]
        }
        guard !h.isEmpty else { throw Self.error("the host is empty") }
        host = String(h)
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else { throw Self.error("the port must be a number in 1...65535, got \"\(portText)\"") }
            port = p
        } else {
            port = 5432
        }
    }

    /// `sslmode=MODE`, the one query parameter the URL may carry.
    private static func parseQuery(_ query: Substring) throws -> SSLMode {
        let expected = SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false)
        guard pairs.count == 1, let eq = pairs[0].firstIndex(of: "="), pairs[0][..<eq] == "sslmode" else {
            throw error("the only query parameter is sslmode=MODE (one of \(expected)), got \"?\(query)\"")
        }
        let value = pairs[0][pairs[0].index(after: eq)...]
        guard let mode = SSLMode(rawValue: String(value)) else {
            throw error("sslmode must be one of \(expected), got \"\(value)\"")
        }
        return mode
    }

    /// The URL with the password left out (and `sslmode` when it is not the default).
    public var description: String {
        let h = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(h):\(port)/\(database)" + (sslMode == .prefer ? "" : "?sslmode=\(sslMode.rawValue)")
    }

    static func error(_ message: String) -> ConfigError {
        ConfigError(file: "store", message: "malformed PostgreSQL URL: \(message)")
    }
}
