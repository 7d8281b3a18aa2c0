import Crypto
import Foundation
import NIOConcurrencyHelpers
import SourceData

/// The remote bodies the server holds, and what render threads may use of them: a pure
/// state machine over a byte-bounded LRU (tested without I/O). A fresh entry is used; a
/// stale one is fetched again (revalidated with its ETag / Last-Modified) unless the upstream
/// is failing, when it is used as it is (stale-if-error); a failure with no entry is reported.
final class RemoteStore: Sendable {
    struct Entry: Sendable {
        /// nil: an absence (404, 410); empty: no content (204).
        var body: [UInt8]?
        var etag: String?
        var lastModified: String?
        var freshUntil: Double
        /// Revalidated before any use once stale (the upstream said so); otherwise a stale body
        /// serves renders while it is revalidated in the background.
        var strict = false
        /// Changes when the body does (a 304 keeps it): caches of derived data key on it. A
        /// digest of the content (`contentVersion`), so it is the same after a restart.
        var version: UInt64 = 0
    }

    struct Failure: Sendable {
        let error: RemoteResourceFailed
        let until: Double
    }

    private struct State {
        var entries: LRUCache<String, Entry>
        var failures: [String: Failure] = [:]
        /// The last version seen of each TileJSON, sprite, glyph, GeoJSON and image URL (kept
        /// past the LRU's evictions), so a changed body is noticed even when its entry was evicted.
        var styleVersions: [String: UInt64] = [:]
        var generation: UInt64 = 0
    }

    private let state: NIOLockedValueBox<State>

    init(cacheBytes: Int) {
        state = NIOLockedValueBox(State(entries: LRUCache(budget: max(1 << 20, cacheBytes))))
    }

    /// How long past its freshness a body may serve renders while it is revalidated in the
    /// background (stale-while-revalidate), unless the upstream asked for strict revalidation.
    static let staleWhileRevalidateSeconds = 86_400.0

    /// What a render may use of `url` at time `now`, until when, and whether to revalidate
    /// it in the background: its own freshness; a stale copy's until the failure is tried
    /// again (stale-if-error); or a stale copy now, while it is revalidated.
    func entry(_ url: String, kind: RemoteKind, now: Double) throws -> (entry: Entry, usableUntil: Double, revalidate: Bool) {
        try state.withLockedValue { s in
            let failure = s.failures[url].flatMap { $0.until > now ? $0 : nil }
            if let e = s.entries.get(url) {
                if e.freshUntil > now { return (e, e.freshUntil, false) }
                if let failure { return (e, failure.until, false) }                // stale-if-error
                if !e.strict, now < e.freshUntil + Self.staleWhileRevalidateSeconds { return (e, now, true) }
            } else if let failure {
                throw failure.error
            }
            throw RemoteResourceMissing(url: url, kind: kind)
        }
    }

    func lookup(_ url: String, kind: RemoteKind, now: Double) throws -> [UInt8]? {
        try entry(url, kind: kind, now: now).entry.body
    }

    /// The validators to send when fetching `url` again.
    func validators(_ url: String) -> (etag: String?, lastModified: String?)? {
        state.withLockedValue { s in s.entries.get(url).map { ($0.etag, $0.lastModified) } }
    }

    /// The version of a body: 64 bits of its SHA-256 (an absence and an empty body differ).
    static func contentVersion(_ body: [UInt8]?) -> UInt64 {
        var hash = SHA256()
        hash.update(data: [body == nil ? 0 : 1])
        if let body { hash.update(data: body) }
        return hash.finalize().withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    /// A 200 (or an absence) arrived; returns the entry as kept (with its version).
    @discardableResult
    func store(_ url: String, _ entry: Entry, kind: RemoteKind = .tile) -> Entry {
        var entry = entry
        entry.version = Self.contentVersion(entry.body)
        state.withLockedValue { s in
            s.failures[url] = nil
            Self.noteVersion(&s, url, entry.version, kind: kind)
            _ = s.entries.set(url, entry, cost: Self.cost(url, entry))
        }
        return entry
    }

    /// An entry read back from the disk cache, kept as it was saved (version included) unless
    /// memory already holds the URL.
    func restore(_ url: String, _ entry: Entry, kind: RemoteKind) {
        state.withLockedValue { s in
            guard !s.entries.contains(url) else { return }
            Self.noteVersion(&s, url, entry.version, kind: kind)
            _ = s.entries.set(url, entry, cost: Self.cost(url, entry))
        }
    }

    /// Whether memory holds `url` (fresh or not).
    func holds(_ url: String) -> Bool { state.withLockedValue { $0.entries.contains(url) } }

    /// What memory holds of `url` (to save it to disk after a store or revalidation).
    func peek(_ url: String) -> Entry? { state.withLockedValue { $0.entries.get(url) } }

    /// Changes whenever a TileJSON, sprite, glyph, GeoJSON or image body the server held
    /// before changes: the caches of what is built from them (parsed TileJSON, sprite sheets,
    /// glyph ranges, label layouts, GeoJSON and images) key on it.
    var generation: UInt64 { state.withLockedValue { $0.generation } }

    private static func noteVersion(_ s: inout State, _ url: String, _ version: UInt64, kind: RemoteKind) {
        guard kind != .tile else { return }        // tiles carry their own version in their keys
        if let old = s.styleVersions.updateValue(version, forKey: url), old != version { s.generation += 1 }
        if s.styleVersions.count > 100_000 {         // bounded: forgetting may hide a change, so count one
            s.styleVersions = [:]
            s.generation += 1
        }
    }

    private static func cost(_ url: String, _ e: Entry) -> Int { (e.body?.count ?? 0) + 2 * url.utf8.count + 256 }

    /// A 304 arrived: the held body is fresh again.
    func revalidated(_ url: String, freshUntil: Double) {
        state.withLockedValue { s in
            s.failures[url] = nil
            guard var e = s.entries.get(url) else { return }
            e.freshUntil = freshUntil
            _ = s.entries.set(url, e, cost: Self.cost(url, e))
        }
    }

    /// A fetch failed: remembered until `until` (renders meanwhile use a stale entry or report it).
    func failed(_ url: String, _ error: RemoteResourceFailed, until: Double) {
        state.withLockedValue { s in
            s.failures[url] = Failure(error: error, until: until)
            if s.failures.count > 10_000 {             // bounded: forget the expired ones
                s.failures = s.failures.filter { $0.value.until > until - 3600 }
            }
        }
    }

    /// Hosts whose fetches are failing now (for `/health`).
    func failingHosts(now: Double) -> [String] {
        state.withLockedValue { s in Array(Set(s.failures.values.filter { $0.until > now }.map(\.error.host))).sorted() }
    }

    var usage: (entries: Int, bytes: Int) { state.withLockedValue { ($0.entries.count, $0.entries.totalCost) } }
}
