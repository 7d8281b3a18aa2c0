import AsyncHTTPClient
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import SourceData

/// Fetches the remote resources styles name (TileJSON, tiles, sprites, glyphs, GeoJSON,
/// images) with AsyncHTTPClient on NIO event loops, and serves render threads from what it
/// holds (`RemoteResources`). Renders never wait on the network: a render records what it
/// lacks, the server awaits `fetch` here, then renders again.
///
/// Safety: every URL (and every redirect) is checked against the allow-list, its host is
/// resolved off the event loops and each address checked (`AddressPolicy`) before anything
/// connects, and the connection goes to the checked address (a client per host and address,
/// pinned with AsyncHTTPClient's `dnsOverride`, so TLS still verifies the host name).
public final class RemoteFetcher: RemoteResources, @unchecked Sendable {
    let settings: RemoteSettings
    let store: RemoteStore
    /// The allow-list (`remoteHosts`), asked of every URL and every redirect.
    private let allows: @Sendable (String) -> Bool
    private let group: any EventLoopGroup
    private let logger: Logger
    /// One fetch per URL at a time: later askers join it.
    private let inflight = NIOLockedValueBox([String: EventLoopFuture<Void>]())
    /// Fetches each session may still start.
    private let budget: NIOLockedValueBox<FetchBudget>
    /// Clients by "host|address" (each pinned to its checked address).
    private let clients = NIOLockedValueBox([String: HTTPClient]())
    /// Every fetch's outcome, for metrics: (kind, host, result).
    let onFetch: (@Sendable (RemoteKind, String, String) -> Void)?
    /// Bodies saved across restarts (`remoteCacheDir`); nil: memory only.
    let disk: RemoteDiskCache?
    /// Differs between runs of the server: rendered tiles' ETags carry it, so a tag given
    /// before a restart never vouches for data fetched after it.
    let boot = UInt64.random(in: .min ... .max)

    /// `disk` is opened by the caller (a directory that cannot be created is a configuration
    /// error); `onFetch` receives every fetch's outcome for metrics.
    public init(settings: RemoteSettings, allows: @escaping @Sendable (String) -> Bool,
                group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger = Logger(label: "strata.remote"),
                disk: RemoteDiskCache? = nil, onFetch: (@Sendable (RemoteKind, String, String) -> Void)? = nil) {
        self.settings = settings
        self.store = RemoteStore(cacheBytes: settings.cacheBytes)
        self.budget = NIOLockedValueBox(FetchBudget(perMinute: settings.fetchesPerMinute))
        self.allows = allows
        self.group = group
        self.logger = logger
        self.disk = disk
        self.onFetch = onFetch
    }

    // MARK: RemoteResources (render threads)

    public func bytes(_ url: String, kind: RemoteKind) throws -> [UInt8]? {
        try held(url, kind: kind).body
    }

    public func version(_ url: String, kind: RemoteKind) throws -> UInt64 {
        try held(url, kind: kind).version
    }

    /// The entry a render may use now; a stale one is revalidated in the background (the
    /// render goes on with it, and its image is kept only until then).
    private func held(_ url: String, kind: RemoteKind) throws -> RemoteStore.Entry {
        let (entry, until, revalidate) = try store.entry(url, kind: kind, now: Date().timeIntervalSince1970)
        RemoteNeeds.current?.used(version: entry.version, kind: kind, until: until)
        if revalidate { _ = start(RemoteResourceMissing(url: url, kind: kind), on: group.next()) }
        return entry
    }

    public var generation: UInt64 { store.generation }

    /// Hosts failing now, for `/health`.
    public var failingHosts: [String] { store.failingHosts(now: Date().timeIntervalSince1970) }

    // MARK: fetching (event loops)

    /// Fetches every resource of `needs` for session `owner` (joining fetches already under
    /// way, which cost nothing); the future succeeds when all have an outcome in the store,
    /// failures included, and fails with a 429 when the session's fetch budget is spent.
    public func fetch(_ needs: [RemoteResourceMissing], owner: String = "", on loop: any EventLoop) -> EventLoopFuture<Void> {
        let fresh = inflight.withLockedValue { d in needs.filter { d[$0.url] == nil }.count }
        let now = Date().timeIntervalSince1970
        let granted = budget.withLockedValue { b -> Double? in
            b.take(fresh, owner: owner, now: now) ? nil : b.wait(for: min(fresh, settings.fetchesPerMinute), owner: owner, now: now)
        }
        if let wait = granted {
            logger.warning("session \(owner.prefix(8)) spent its upstream fetch budget")
            return loop.makeFailedFuture(RemoteError.budgetSpent(perMinute: settings.fetchesPerMinute,
                                                                 retryAfter: Int(wait.rounded(.up)) + 1))
        }
        return EventLoopFuture.andAllComplete(needs.map { start($0, on: loop) }, on: loop)
    }

    /// The fetch of `need`: the one under way, or a new one.
    private func start(_ need: RemoteResourceMissing, on loop: any EventLoop) -> EventLoopFuture<Void> {
        inflight.withLockedValue { d in
            if let f = d[need.url] { return f }
            let promise = loop.makePromise(of: Void.self)
            promise.completeWithTask { await self.fetchOne(need.url, kind: need.kind) }
            let f = promise.futureResult
            d[need.url] = f
            f.whenComplete { _ in _ = self.inflight.withLockedValue { $0.removeValue(forKey: need.url) } }
            return f
        }
    }

    /// One resource, following redirects; the outcome goes to the store under `original`
    /// (a key `URL#bytes=OFFSET-COUNT` is that range of URL: `RemoteRange`).
    func fetchOne(_ original: String, kind: RemoteKind) async {
        if await restoredFresh(original, kind: kind) { return }
        let range = RemoteRange.parse(original)
        var url = range?.url ?? original
        for _ in 0...settings.maxRedirects {
            switch await attempt(url, original: original, kind: kind, range: range.map { ($0.offset, $0.count) }) {
            case .done: return
            case .redirect(let next): url = next
            }
        }
        fail(original, kind: kind, host: DataDirectory.host(of: url) ?? "?", "more than \(settings.maxRedirects) redirects", transient: false)
    }

    enum Outcome { case done, redirect(String) }

    /// Checks `url`, then requests it (one retry after a transient failure).
    private func attempt(_ url: String, original: String, kind: RemoteKind, range: (UInt64, Int)?) async -> Outcome {
        guard let host = DataDirectory.host(of: url), let scheme = url.split(separator: ":").first?.lowercased(),
              scheme == "http" || scheme == "https" else {
            fail(original, kind: kind, host: "?", "not an http(s) URL", transient: false); return .done
        }
        guard allows(url) else {
            fail(original, kind: kind, host: host, "host \(host) is not in remoteHosts", transient: false); return .done
        }
        let address: String
        switch await checkedAddress(host) {
        case .success(let a): address = a
        case .failure(let e): fail(original, kind: kind, host: host, e.reason, transient: e.transient); return .done
        }
        var outcome = await request(url, original: original, kind: kind, host: host, address: address, range: range)
        if case .retry = outcome {
            try? await Task.sleep(nanoseconds: 250_000_000)
            outcome = await request(url, original: original, kind: kind, host: host, address: address, range: range, last: true)
        }
        if case .redirect(let next) = outcome { return .redirect(next) }
        return .done
    }

    struct AddressRefusal: Error { let reason: String; let transient: Bool }

    /// The address to connect to: every address the host resolves to must be public, unless
    /// the operator listed the host in `remotePrivateHosts`.
    private func checkedAddress(_ host: String) async -> Result<String, AddressRefusal> {
        let addresses = (try? await NIOThreadPool.singleton.runIfActive { AddressPolicy.resolve(host) }) ?? []
        guard let first = addresses.first else { return .failure(AddressRefusal(reason: "\(host) does not resolve", transient: true)) }
        if !settings.privateHosts.contains(host) {
            for a in addresses {
                if let why = AddressPolicy.nonPublicReason(a) {
                    return .failure(AddressRefusal(reason: "\(host) resolves to \(a), \(why): refused (config remotePrivateHosts)", transient: false))
                }
            }
        }
        return .success(first)
    }

    func fail(_ url: String, kind: RemoteKind, host: String, _ reason: String, transient: Bool) {
        let error = RemoteResourceFailed(url: url, kind: kind, host: host, reason: reason, transient: transient)
        store.failed(url, error, until: Date().timeIntervalSince1970 + settings.failureSeconds)
        logger.warning("remote \(kind.rawValue) from \(host) failed: \(reason)")
        onFetch?(kind, host, transient ? "failed" : "refused")
    }

    /// The client pinned to `address` for `host`.
    func client(host: String, address: String) -> HTTPClient {
        clients.withLockedValue { d in
            let key = host + "|" + address
            if let c = d[key] { return c }
            var config = HTTPClient.Configuration(redirectConfiguration: .disallow,
                timeout: .init(connect: .milliseconds(Int64(settings.connectTimeoutMs)), read: .milliseconds(Int64(settings.requestTimeoutMs))))
            config.dnsOverride = [host: address]
            let c = HTTPClient(eventLoopGroup: group, configuration: config)
            d[key] = c
            return c
        }
    }

    /// Stops every client (server shutdown) and lets the disk cache finish its writes.
    public func shutdown() async {
        let all = clients.withLockedValue { d -> [HTTPClient] in let v = Array(d.values); d = [:]; return v }
        for c in all { try? await c.shutdown() }
        await disk?.shutdown()
    }
}
