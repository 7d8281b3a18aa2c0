import Foundation
import JSON
import NIOConcurrencyHelpers

/// What renders of each session could not use (a missing sprite, an undecodable tile, an
/// unknown font), newest first and bounded, for `GET /sessions/{id}/warnings`: a map that
/// looks wrong says why without anyone reading the server's log.
final class SessionWarnings: Sendable {
    struct Entry: Sendable, Equatable {
        let time: Double
        let message: String
    }

    static let perSession = 100
    /// Sessions tracked at most (the oldest lists are dropped beyond, as sessions expire).
    static let sessions = 10_000

    private let lists = NIOLockedValueBox([String: [Entry]]())

    func add(_ messages: [String], session: String, now: Double = Date().timeIntervalSince1970) {
        guard !messages.isEmpty else { return }
        lists.withLockedValue { d in
            if d[session] == nil, d.count >= Self.sessions { d.removeAll() }
            var list = d[session] ?? []
            for m in messages {
                list.removeAll { $0.message == m }          // a repeat moves to the top
                list.insert(Entry(time: now, message: m), at: 0)
            }
            d[session] = Array(list.prefix(Self.perSession))
        }
    }

    func list(_ session: String) -> [Entry] { lists.withLockedValue { $0[session] ?? [] } }

    func remove(_ session: String) { _ = lists.withLockedValue { $0.removeValue(forKey: session) } }
}
