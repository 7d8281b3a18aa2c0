import CoreMetrics
import Renderer

import NIOConcurrencyHelpers
import Prometheus

/// The server's Prometheus metrics on a registry of its own (no global bootstrap, so tests can
/// make as many servers as they like). Handles per route/status are made once and reused.
public final class ServerMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// Handles per (route pattern, method, status), made on first use; one lock, no per-request
    /// string building.
    private struct RouteKey: Hashable { let route: String; let method: String; let status: Int }
    private struct RouteHandles { let counter: CoreMetrics.Counter; let timer: CoreMetrics.Timer }
    private let routeHandles = NIOLockedValueBox([RouteKey: RouteHandles]())
    private let timers = NIOLockedValueBox([String: CoreMetrics.Timer]())
    /// Gauges of the renderer's caches by cache name: budget, bytes, entries.
    private let renderCacheGauges = NIOLockedValueBox([String: (CoreMetrics.Gauge, CoreMetrics.Gauge, CoreMetrics.Gauge)]())

    public let renders: CoreMetrics.Counter
    public let renderFailures: CoreMetrics.Counter
    public let renderTime: CoreMetrics.Timer
    /// Render threads' CPU seconds, all renders: the work done, whatever the machine's load.
    public let renderCPUSeconds: CoreMetrics.FloatingPointCounter
    public let queueDepth: CoreMetrics.Gauge
    public let cacheHits: CoreMetrics.Counter
    public let cacheMisses: CoreMetrics.Counter
    /// Memory misses answered from the disk tile cache (`tileCacheDir`) without rendering.
    public let diskCacheHits: CoreMetrics.Counter
    public let cacheBytes: CoreMetrics.Gauge
    public let cacheEntries: CoreMetrics.Gauge
    public let sessions: CoreMetrics.Gauge
    public let coalesced: CoreMetrics.Counter
    public let storeWrites: CoreMetrics.Counter
    /// Store calls that failed (unreachable PostgreSQL, SQL errors), as answered to clients.
    public let storeErrors: CoreMetrics.Counter
    /// 1 while the store is reachable, 0 while it is down.
    public let storeUp: CoreMetrics.Gauge
    /// From another node's commit to this node hearing of it (LISTEN/NOTIFY).
    public let notificationLag: CoreMetrics.Timer

    public init() {
        var f = PrometheusMetricsFactory(registry: registry)
        f.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        factory = f
        renders = CoreMetrics.Counter(label: "strata_renders_total", dimensions: [("result", "ok")], factory: f)
        renderFailures = CoreMetrics.Counter(label: "strata_renders_total", dimensions: [("result", "failed")], factory: f)
        renderTime = CoreMetrics.Timer(label: "strata_render_seconds", factory: f)
        renderCPUSeconds = CoreMetrics.FloatingPointCounter(label: "strata_render_cpu_seconds_total", factory: f)
        queueDepth = CoreMetrics.Gauge(label: "strata_render_queue_depth", factory: f)
        cacheHits = CoreMetrics.Counter(label: "strata_tile_cache_hits_total", factory: f)
        cacheMisses = CoreMetrics.Counter(label: "strata_tile_cache_misses_total", factory: f)
        diskCacheHits = CoreMetrics.Counter(label: "strata_tile_disk_cache_hits_total", factory: f)
        cacheBytes = CoreMetrics.Gauge(label: "strata_tile_cache_bytes", factory: f)
        cacheEntries = CoreMetrics.Gauge(label: "strata_tile_cache_entries", factory: f)
        sessions = CoreMetrics.Gauge(label: "strata_sessions", factory: f)
        coalesced = CoreMetrics.Counter(label: "strata_renders_coalesced_total", factory: f)
        storeWrites = CoreMetrics.Counter(label: "strata_store_writes_total", factory: f)
        storeErrors = CoreMetrics.Counter(label: "strata_store_errors_total", factory: f)
        storeUp = CoreMetrics.Gauge(label: "strata_store_up", factory: f)
        notificationLag = CoreMetrics.Timer(label: "strata_store_notification_lag_seconds", factory: f)
    }

    /// Counts one remote fetch by resource kind, host and result (ok, absent, revalidated,
    /// failed, refused).
    public func remoteFetch(kind: String, host: String, result: String) {
        CoreMetrics.Counter(label: "strata_remote_fetches_total",
                            dimensions: [("kind", kind), ("host", host), ("result", result)], factory: factory).increment()
    }

    /// Counts one distinct thing renders could not use, by kind (sprite, glyphs, raster_tile, …).
    public func renderWarning(kind: String) {
        CoreMetrics.Counter(label: "strata_render_warnings_total", dimensions: [("kind", kind)], factory: factory).increment()
    }

    /// Counts one request and records its latency under its route pattern (not the raw path,
    /// which would make a series per tile).
    public func request(route: String, method: String, status: Int, seconds: Double) {
        let key = RouteKey(route: route, method: method, status: status)
        let handles = routeHandles.withLockedValue { d -> RouteHandles in
            if let h = d[key] { return h }
            let counter = CoreMetrics.Counter(label: "strata_http_requests_total",
                                              dimensions: [("route", route), ("method", method), ("status", String(status))], factory: factory)
            // One latency histogram per route and method (not per status).
            let timer = timers.withLockedValue { t -> CoreMetrics.Timer in
                if let x = t[method + " " + route] { return x }
                let x = CoreMetrics.Timer(label: "strata_http_request_duration_seconds",
                                          dimensions: [("route", route), ("method", method)], factory: factory)
                t[method + " " + route] = x
                return x
            }
            let h = RouteHandles(counter: counter, timer: timer)
            d[key] = h
            return h
        }
        handles.counter.increment()
        handles.timer.recordNanoseconds(Int64(seconds * 1e9))
    }

    /// Records the renderer's caches (`strata_render_cache_{budget_bytes,bytes,entries}{cache=…}`),
    /// so an operator can see which budget fills and what RSS is made of.
    public func recordRenderCaches(_ usage: [RenderCacheUsage]) {
        renderCacheGauges.withLockedValue { d in
            for u in usage {
                let g = d[u.name] ?? {
                    let dims = [("cache", u.name)]
                    let made = (CoreMetrics.Gauge(label: "strata_render_cache_budget_bytes", dimensions: dims, factory: factory),
                                CoreMetrics.Gauge(label: "strata_render_cache_bytes", dimensions: dims, factory: factory),
                                CoreMetrics.Gauge(label: "strata_render_cache_entries", dimensions: dims, factory: factory))
                    d[u.name] = made
                    return made
                }()
                g.0.record(u.budget); g.1.record(u.bytes); g.2.record(u.entries)
            }
        }
    }

    /// Prometheus text exposition.
    public func exposition() -> [UInt8] {
        var out: [UInt8] = []
        registry.emit(into: &out)
        return out
    }
}
