import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// Keeps one connection LISTENing on the store's channel and turns notifications into
/// `StoreChange`s. When the connection drops it reconnects every second, and after each
/// (re)connection it reports `.resynchronize`: notifications sent while it was away are lost,
/// so the sessions a node holds are re-checked against the store — a lost notification costs
/// freshness, never correctness (mutations check the revision anyway).
final class PostgresChangeListener: Sendable {
    private let pool: PostgresConnectionPool
    private let channel: String
    private let logger: Logger
    private let handler: @Sendable (StoreChange) -> Void
    private let state = NIOLockedValueBox<(stopped: Bool, connection: PostgresConnection?)>((false, nil))
    private let done = DispatchSemaphore(value: 0)

    init(pool: PostgresConnectionPool, channel: String, logger: Logger, handler: @escaping @Sendable (StoreChange) -> Void) {
        self.pool = pool; self.channel = channel; self.logger = logger; self.handler = handler
    }

    func start() {
        let t = Thread { [self] in run() }
        t.name = "strata.store-listener"
        t.start()
    }

    func stop() {
        let conn = state.withLockedValue { s -> PostgresConnection? in s.stopped = true; return s.connection }
        try? conn?.close().wait()
        _ = done.wait(timeout: .now() + 5)
    }

    private var stopped: Bool { state.withLockedValue { $0.stopped } }

    private func run() {
        defer { done.signal() }
        while !stopped {
            do {
                let conn = try pool.connect()
                let keep = state.withLockedValue { s -> Bool in
                    guard !s.stopped else { return false }
                    s.connection = conn
                    return true
                }
                guard keep else { try? conn.close().wait(); return }
                conn.addListener(channel: channel) { [handler] _, note in
                    if let change = Self.parse(note.payload) { handler(change) }
                }
                try conn.run(PostgresQuery(unsafeSQL: "LISTEN \(channel)"), logger)
                pool.markUp()
                handler(.resynchronize)
                // Until the server or the network ends it (or stop() closes it).
                try? conn.closeFuture.wait()
                state.withLockedValue { $0.connection = nil }
                if !stopped { pool.markDown(StoreUnavailable("the notification connection was closed")) }
            } catch {
                pool.markDown(error)
            }
            if !stopped { Thread.sleep(forTimeInterval: 1) }
        }
    }

    /// `r <revision> <created> <id>` or `d 0 0 <id>`; anything else is ignored.
    static func parse(_ payload: String) -> StoreChange? {
        let parts = payload.split(separator: " ")
        guard parts.count == 4 else { return nil }
        let id = String(parts[3])
        switch parts[0] {
        case "r":
            guard let rev = Int(parts[1]), let created = Double(parts[2]) else { return nil }
            return .revision(sessionID: id, revision: rev, created: created)
        case "d":
            return .deleted(sessionID: id)
        default:
            return nil
        }
    }
}
