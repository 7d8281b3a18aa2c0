import JSON
import NIOCore
import NIOHTTP1

extension StrataApp {
    func health(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let body: JSONValue = isReady ? ["status": "ok"] : ["status": "starting"]
        return ctx.loop.makeSucceededFuture(.json(body, status: isReady ? .ok : .serviceUnavailable))
    }

    func metricsText(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        metrics.sessions.record(sessions.count)
        let stats = tiles.cacheStats
        metrics.cacheEntries.record(stats.entries)
        metrics.cacheBytes.record(stats.bytes)
        metrics.queueDepth.record(tiles.pool.queueDepth)
        return ctx.loop.makeSucceededFuture(.bytes(metrics.exposition(), contentType: "text/plain; version=0.0.4; charset=utf-8"))
    }

    func index(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        guard let html = indexHTML else { throw APIError.notFound("the web viewer is not installed (\(config.publicDir)/index.html)") }
        return ctx.loop.makeSucceededFuture(.bytes(html, contentType: "text/html; charset=utf-8"))
    }
}
