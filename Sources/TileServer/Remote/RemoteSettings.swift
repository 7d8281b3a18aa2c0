import SourceData

/// What the operator allows remote fetching to do (config keys `remote*`).
public struct RemoteSettings: Sendable, Equatable {
    /// Hosts whose names may resolve to loopback or private addresses (a test upstream, a
    /// tile server on the operator's own network). Exact names, lowercased.
    public var privateHosts: Set<String> = []
    /// Query parameters added per host (API keys: `{"api.maptiler.com": {"key": "…"}}`),
    /// never logged or shown in errors.
    public var parameters: [String: [String: String]] = [:]
    /// Headers added per host (`Authorization`, …), never logged.
    public var headers: [String: [String: String]] = [:]
    /// Connect and whole-request timeouts.
    public var connectTimeoutMs = 5_000
    public var requestTimeoutMs = 15_000
    /// Bytes of remote bodies kept in memory (LRU).
    public var cacheBytes = 256 << 20
    /// A folder where remote bodies are also kept across restarts (`remoteCacheDir`); empty: none.
    public var cacheDir = ""
    /// Bytes of files that folder may hold (least recently used removed first).
    public var cacheDirBytes = 1 << 30
    /// Redirects followed, each checked like the first URL.
    public var maxRedirects = 3
    /// How long a failed fetch is remembered before it is tried again (a failing upstream is
    /// not asked once per render).
    public var failureSeconds = 5.0
    /// Upstream fetches one session may start per minute (429 beyond).
    public var fetchesPerMinute = 1200

    public init() {}
}
