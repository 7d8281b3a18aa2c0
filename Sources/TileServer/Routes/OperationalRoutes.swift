import JSON
import NIOCore
import NIOHTTP1

extension StrataApp {
    /// 200 once sessions are loaded, even with the store down (held sessions still render;
    /// mutations answer 503): `status` is then `degraded` and `store` says why and since when.
    func health(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let storeHealth = sessions.store.health
        var store = JSONObject([("kind", .string(storeKind))])
        switch storeHealth {
        case .up: store["state"] = "up"
        case .down(let reason, let since):
            store["state"] = "down"
            store["reason"] = .string(reason)
            store["since"] = .number(since)
        }
        let failing = remote?.failingHosts ?? []
        let status: String = !isReady ? "starting" : storeHealth.isUp && failing.isEmpty ? "ok" : "degraded"
        var fields = JSONObject([("status", .string(status)), ("store", .object(store))])
        // Upstreams whose fetches are failing now: their tiles answer 502/504 or stale copies.
        if !failing.isEmpty { fields["upstreams"] = .object(JSONObject([("failing", .array(failing.map { .string($0) }))])) }
        let body: JSONValue = .object(fields)
        return ctx.loop.makeSucceededFuture(.json(body, status: isReady ? .ok : .serviceUnavailable))
    }

    var storeKind: String {
        switch sessions.store {
        case is PostgresSessionStore: return "postgres"
        case is SQLiteSessionStore: return "sqlite"
        default: return "memory"
        }
    }

    func metricsText(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        metrics.sessions.record(sessions.count)
        let stats = tiles.cacheStats
        metrics.cacheEntries.record(stats.entries)
        metrics.cacheBytes.record(stats.bytes)
        metrics.queueDepth.record(tiles.pool.queueDepth)
        metrics.recordRenderCaches(renderer.cacheUsage)
        metrics.storeUp.record(sessions.store.health.isUp ? 1 : 0)
        return ctx.loop.makeSucceededFuture(.bytes(metrics.exposition(), contentType: "text/plain; version=0.0.4; charset=utf-8"))
    }

    func index(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        guard let html = indexHTML else { throw APIError.notFound("the web viewer is not installed (\(config.publicDir)/index.html)") }
        return ctx.loop.makeSucceededFuture(.bytes(html, contentType: "text/html; charset=utf-8"))
    }
}
