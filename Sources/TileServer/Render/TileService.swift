import Foundation
import NIOConcurrencyHelpers
import Renderer
import SourceData
import NIOCore

/// An encoded image and its entity tag.
public struct CachedTile: Sendable {
    /// The encoded image, built once and shared by every response that serves it.
    public let buffer: ByteBuffer
    public let etag: String
    /// Seconds since 1970 after which the image is drawn again (its remote data may have
    /// changed); nil: kept until evicted.
    public let expires: Double?

    public init(bytes: [UInt8], etag: String, expires: Double? = nil) {
        buffer = ByteBuffer(bytes: bytes)
        self.etag = etag
        self.expires = expires
    }

    public var bytes: [UInt8] { Array(buffer.readableBytesView) }
}

/// Cache → single flight → render pool. Keys are content keys (style render hash + tile +
/// scale + format), so sessions with equal styles share entries and renders, and a style
/// change simply stops hitting the old keys (they age out of the LRU).
public final class TileService: Sendable {
    public let pool: RenderPool
    private let cache: NIOLockedValueBox<LRUCache<String, CachedTile>>
    private let inflight = NIOLockedValueBox([String: [EventLoopPromise<CachedTile>]]())
    private let budgetMs: Int
    private let metrics: ServerMetrics?
    /// Fetches what renders lack of remote data (nil: nothing remote is fetched).
    private let remote: RemoteFetcher?
    /// Render, fetch, render again: a TileJSON, then its tiles, then their labels' glyphs,
    /// a sprite's @2x then its 1x files. Beyond this many rounds the tile is a 502.
    static let maxFetchRounds = 8

    /// Receives what each render could not use, with the session it rendered for.
    private let onWarnings: (@Sendable (_ owner: String, _ messages: [String]) -> Void)?
    /// Tiles kept on disk behind the memory cache (`tileCacheDir`; nil: none).
    public let disk: TileDiskCache?

    public init(pool: RenderPool, cacheBytes: Int, budgetMs: Int, metrics: ServerMetrics? = nil, remote: RemoteFetcher? = nil,
                disk: TileDiskCache? = nil, onWarnings: (@Sendable (_ owner: String, _ messages: [String]) -> Void)? = nil) {
        self.pool = pool
        self.disk = disk
        self.onWarnings = onWarnings
        self.remote = remote
        self.cache = NIOLockedValueBox(LRUCache(budget: cacheBytes))
        self.budgetMs = budgetMs
        self.metrics = metrics
    }

    /// The ETag of a content key: an image drawn without remote data is known without
    /// rendering (so 304s need no render).
    public static func etag(forKey key: String) -> String { StableHash.hex(key) }

    /// The ETag of an image drawn with remote data: its key, the versions of the bodies it used,
    /// the generation of the style-level ones (TileJSON, sprites, glyphs) and the server's run,
    /// so a changed upstream body never answers 304 to a tag given for the old one.
    static func etag(forKey key: String, remoteVersions: [UInt64], generation: UInt64, boot: UInt64) -> String {
        StableHash.hex(key + "|r" + remoteVersions.map { String($0, radix: 16) }.joined(separator: ",")
                       + "|g" + String(generation) + "|b" + String(boot, radix: 16))
    }

    /// Whether every image's ETag follows from its key (no remote data is fetched here).
    public var etagsFollowKeys: Bool { remote == nil }

    /// A cached tile without touching the pool (the event-loop fast path).
    public func cached(_ key: String) -> CachedTile? {
        let hit = cache.withLockedValue { c -> CachedTile? in
            guard let t = c.get(key) else { return nil }
            if let e = t.expires, e <= Date().timeIntervalSince1970 { _ = c.remove(key); return nil }
            return t
        }
        if hit != nil { metrics?.cacheHits.increment() }
        return hit
    }

    /// Bytes an entry keeps alive, as charged against `tileCacheBytes`.
    static func entryCost(_ tile: CachedTile, key: String) -> Int {
        tile.buffer.capacity + 2 * key.utf8.count + tile.etag.utf8.count + 512
    }

    public var cacheStats: (entries: Int, bytes: Int) { cache.withLockedValue { ($0.count, $0.totalCost) } }

    /// The tile for `key`: from the cache, by joining an identical render in flight, or by
    /// rendering it on the pool.
    /// `owner` (the session) shares the render queue fairly with other sessions.
    public func tile(key: String, on loop: any EventLoop, owner: String = "", render: @escaping RenderPool.Job) -> EventLoopFuture<CachedTile> {
        if let hit = cached(key) { return loop.makeSucceededFuture(hit) }
        let promise = loop.makePromise(of: CachedTile.self)
        let leader = inflight.withLockedValue { d -> Bool in
            if d[key] != nil { d[key]!.append(promise); return false }
            d[key] = [promise]
            return true
        }
        guard leader else {
            metrics?.coalesced.increment()
            return promise.futureResult
        }
        metrics?.cacheMisses.increment()
        // What the render lacks of remote data is fetched, then drawn again (`renderFetching`).
        let use = RenderRemoteUse()
        let generation = remote?.generation ?? 0
        let job: RenderPool.Job = { [onWarnings] budget in
            let warnings = RenderWarnings()
            defer { onWarnings?(owner, warnings.messages) }
            return try RenderWarnings.$current.withValue(warnings) {
                try RemoteNeeds.collecting(use: use) { try render(budget) }
            }
        }
        // The disk cache first (off the loop), then a render, whose image is saved there when it
        // used no remote data (those expire; a key alone does not name their version).
        let produced: EventLoopFuture<(bytes: [UInt8], fromDisk: Bool)> = (disk?.load(key, on: loop) ?? loop.makeSucceededFuture(nil))
            .flatMap { hit in
                if let hit { return loop.makeSucceededFuture((hit, true)) }
                return self.renderFetching(on: loop, owner: owner, job, round: 1).map { ($0, false) }
            }
        produced.whenComplete { result in
            let waiters = self.inflight.withLockedValue { $0.removeValue(forKey: key) ?? [] }
            switch result {
            case .success(let (bytes, fromDisk)):
                if fromDisk { self.metrics?.diskCacheHits.increment() } else if use.time == nil { self.disk?.save(key, bytes) }
                let tile = CachedTile(bytes: bytes, etag: self.etag(key, use, generationBefore: generation), expires: use.time)
                let stats = self.cache.withLockedValue { c -> (Int, Int) in
                    // Charge what the entry really holds: the buffer's storage (NIO rounds it up),
                    // the key twice (index + node) and ~512 B of node, header and allocator
                    // overhead measured with `bench/memory.sh`, so RSS stays within the budget.
                    c.set(key, tile, cost: Self.entryCost(tile, key: key))
                    return (c.count, c.totalCost)
                }
                self.metrics?.cacheEntries.record(stats.0)
                self.metrics?.cacheBytes.record(stats.1)
                for w in waiters { w.succeed(tile) }
            case .failure(let e):
                for w in waiters { w.fail(e) }
            }
        }
        return promise.futureResult
    }

    /// The ETag of a finished render. A style-level remote body that changed while it was
    /// drawn makes it unique: which of the bodies the image shows is not known.
    private func etag(_ key: String, _ use: RenderRemoteUse, generationBefore: UInt64) -> String {
        guard use.time != nil, let remote else { return Self.etag(forKey: key) }
        let now = remote.generation
        return Self.etag(forKey: key, remoteVersions: use.versions, generation: now == generationBefore ? now : .random(in: .min ... .max),
                         boot: remote.boot)
    }

    /// Renders on the pool; when the render lacked remote data, fetches it on the event loop
    /// (no render thread waits for the network) and renders again.
    private func renderFetching(on loop: any EventLoop, owner: String, _ render: @escaping RenderPool.Job, round: Int) -> EventLoopFuture<[UInt8]> {
        pool.submit(on: loop, budgetMs: budgetMs, owner: owner, render).flatMapError { error in
            guard let needed = error as? RemoteFetchNeeded else { return loop.makeFailedFuture(error) }
            guard let remote = self.remote, round < Self.maxFetchRounds else {
                let what = needed.missing.first.map { "\($0.kind.rawValue) from \(DataDirectory.host(of: $0.url) ?? "?")" } ?? "remote data"
                return loop.makeFailedFuture(RemoteError.stillMissing(what: what, rounds: round))
            }
            return remote.fetch(needed.missing, owner: owner, on: loop).flatMap { self.renderFetching(on: loop, owner: owner, render, round: round + 1) }
        }
    }
}
