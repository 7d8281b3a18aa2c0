import Dispatch
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// A small blocking pool of PostgreSQL connections for the store's calls, which run on the
/// blocking thread pool (never an event loop). Connections are opened on demand and dropped
/// when they fail, so the pool reconnects by itself once the server is back; every failure
/// to reach the server is a `StoreUnavailable` and flips `health` until the next success.
final class PostgresConnectionPool: Sendable {
    let url: PostgresURL
    let group: MultiThreadedEventLoopGroup
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private let slots: DispatchSemaphore

    private struct State {
        var idle: [PostgresConnection] = []
        var nextID = 1
        var closed = false
        var health: StoreHealth = .up
        /// Failures before the first success are start-up errors, reported once by the caller.
        var everUp = false
    }
    private let state = NIOLockedValueBox(State())

    init(url: PostgresURL, maxConnections: Int, connectTimeout: TimeAmount = .seconds(3), logger: Logger) throws {
        self.url = url
        self.logger = logger
        var c = PostgresConnection.Configuration(host: url.host, port: url.port, username: url.user,
                                                 password: url.password, database: url.database, tls: try Self.tls(url.sslMode))
        self.group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        c.options.connectTimeout = connectTimeout
        self.configuration = c
        self.slots = DispatchSemaphore(value: max(1, maxConnections))
    }

    var health: StoreHealth { state.withLockedValue { $0.health } }

    /// postgres-nio's TLS setting for an `sslmode` (NIOSSL, already postgres-nio's dependency).
    static func tls(_ mode: PostgresURL.SSLMode) throws -> PostgresConnection.Configuration.TLS {
        var config = TLSConfiguration.makeClientConfiguration()
        switch mode {
        case .disable: return .disable
        case .prefer, .require:
            config.certificateVerification = .none
            let context = try NIOSSLContext(configuration: config)
            return mode == .prefer ? .prefer(context) : .require(context)
        case .verifyFull: return .require(try NIOSSLContext(configuration: config))
        }
    }

    /// The longest any one store call (a connection, a free slot, a statement) may take
    /// before it counts as the store being unavailable.
    static let callSeconds = 5.0

    /// A fresh connection outside the pool (the notification listener keeps its own).
    func connect() throws -> PostgresConnection {
        let id = state.withLockedValue { s -> Int in s.nextID += 1; return s.nextID }
        return try PostgresConnection.connect(on: group.next(), configuration: configuration, id: id, logger: logger)
            .wait(seconds: Self.callSeconds)
    }

    /// Runs `body` with a pooled connection. A connection that failed is closed, not reused.
    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        guard slots.wait(timeout: .now() + Self.callSeconds) == .success else {
            let error = StoreUnavailable("PostgreSQL: no connection free within \(Int(Self.callSeconds)) s")
            markDown(error)
            throw error
        }
        defer { slots.signal() }
        let pooled = state.withLockedValue { s -> PostgresConnection? in s.idle.popLast() }
        let conn: PostgresConnection
        if let pooled, !pooled.isClosed {
            conn = pooled
        } else {
            if let pooled { try? pooled.close().wait(seconds: 1) }
            do { conn = try connect() } catch {
                markDown(error)
                throw PostgresErrors.translate(error)
            }
        }
        do {
            let result = try body(conn)
            checkIn(conn)
            markUp()
            return result
        } catch {
            if conn.isClosed || PostgresErrors.isUnavailable(error) || error is StoreUnavailable {
                try? conn.close().wait(seconds: 1)
                markDown(error)
            } else {
                checkIn(conn)
            }
            throw PostgresErrors.translate(error)
        }
    }

    /// `body` inside BEGIN … COMMIT on one connection; any error rolls back and is rethrown.
    func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { conn in
            try conn.run("BEGIN", logger)
            do {
                let result = try body(conn)
                try conn.run("COMMIT", logger)
                return result
            } catch {
                if !conn.isClosed { _ = try? conn.run("ROLLBACK", logger) }
                throw error
            }
        }
    }

    func close() {
        let conns = state.withLockedValue { s -> [PostgresConnection] in
            s.closed = true
            defer { s.idle = [] }
            return s.idle
        }
        for c in conns { try? c.close().wait(seconds: 1) }
        try? group.syncShutdownGracefully()
    }

    private func checkIn(_ conn: PostgresConnection) {
        let keep = state.withLockedValue { s -> Bool in
            guard !s.closed else { return false }
            s.idle.append(conn)
            return true
        }
        if !keep { try? conn.close().wait(seconds: 1) }
    }

    func markUp() {
        let was = state.withLockedValue { s -> StoreHealth in defer { s.health = .up; s.everUp = true }; return s.health }
        if !was.isUp { logger.notice("PostgreSQL store reachable again (\(url))") }
    }

    func markDown(_ error: any Error) {
        let reason = PostgresErrors.describe(error)
        let wasUp = state.withLockedValue { s -> Bool in
            let wasUp = s.health.isUp
            if wasUp { s.health = .down(reason: reason, since: Date().timeIntervalSince1970) }
            else if case .down(_, let since) = s.health { s.health = .down(reason: reason, since: since) }
            return wasUp && s.everUp
        }
        if wasUp { logger.error("PostgreSQL store unreachable (\(url)): \(reason)") }
    }
}

extension PostgresConnection {
    /// Runs one statement and returns its rows (blocking; never on an event loop).
    @discardableResult
    func run(_ query: PostgresQuery, _ logger: Logger) throws -> [PostgresRow] {
        try self.query(query, logger: logger).wait(seconds: PostgresConnectionPool.callSeconds).rows
    }

    /// Rows affected by an UPDATE/DELETE/INSERT.
    func affected(_ query: PostgresQuery, _ logger: Logger) throws -> Int {
        try self.query(query, logger: logger).wait(seconds: PostgresConnectionPool.callSeconds).metadata.rows ?? 0
    }
}
