#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOPosix
import PostgresNIO

/// Sorts what postgres-nio throws into the store's errors: unreachable (503 and reconnect),
/// wrong credentials or database (start-up errors), and the rest. Messages come from the
/// server's fields and the SQLSTATE, never from the connection configuration, so no password.
enum PostgresErrors {
    /// SQLSTATE of a server error, if it is one.
    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }

    /// Connection-level trouble: refused, reset, closed, server starting up or shutting down.
    static func isUnavailable(_ error: any Error) -> Bool {
        if let e = error as? PSQLError {
            switch e.code {
            case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .poolClosed:
                return true
            case .server:
                // 08: connection exception, 57: operator intervention (shutdown, starting up),
                // 53: insufficient resources (too many connections).
                let state = sqlState(e) ?? ""
                return state.hasPrefix("08") || state.hasPrefix("57") || state.hasPrefix("53")
            default:
                return false
            }
        }
        return error is IOError || error is ChannelError || error is NIOConnectionError
    }

    /// A one-line reason for logs, `/health` and start-up errors.
    static func describe(_ error: any Error) -> String {
        if let e = error as? PSQLError {
            if let info = e.serverInfo {
                let state = info[.sqlState] ?? "?"
                let message = info[.message] ?? "server error"
                switch state {
                case "28P01", "28000": return "authentication failed (\(message)) [SQLSTATE \(state)]"
                case "3D000": return "\(message) [SQLSTATE \(state)]"
                default: return "\(message) [SQLSTATE \(state)]"
                }
            }
            switch e.code {
            case .connectionError:
                return "cannot connect: \(e.underlying.map(Self.describeUnderlying) ?? "connection failed")"
            case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
            case .authMechanismRequiresPassword: return "the server asks for a password and none was given (put it in the URL or in \(PostgresURL.passwordVariable))"
            case .unsupportedAuthMechanism: return "the server asks for an authentication method this client does not support"
            case .sslUnsupported:
                return "the server does not offer TLS, which sslmode=require (or verify-full) needs: enable ssl on the server, or use sslmode=prefer or disable"
            default: return "PostgreSQL client error \(e.code)"
            }
        }
        if let u = error as? StoreUnavailable { return u.description }
        return describeUnderlying(error)
    }

    private static func describeUnderlying(_ error: any Error) -> String {
        if let e = error as? NIOConnectionError {
            if let first = e.connectionErrors.first { return describeUnderlying(first.error) }
            return (e.dnsAError ?? e.dnsAAAAError).map { "cannot resolve the host: \($0)" } ?? "connection failed"
        }
        if let e = error as? IOError { return String(cString: strerror(e.errnoCode)) }
        if let e = error as? ChannelError, case .connectTimeout = e { return "connection timed out" }
        return "\(error)"
    }

    /// The store error a failed call becomes.
    static func translate(_ error: any Error) -> any Error {
        if error is StoreConflict || error is StoreError || error is StoreUnavailable || error is ConfigError { return error }
        if isUnavailable(error) { return StoreUnavailable("PostgreSQL unavailable: \(describe(error))") }
        return StoreError("PostgreSQL: \(describe(error))")
    }
}
