import Dispatch
import Foundation
import Logging
import NIOCore
import NIOPosix
import SourceData

/// Starts the app and the HTTP server, sweeps idle sessions, and shuts everything down in
/// order on SIGINT/SIGTERM (stop accepting → finish renders → close the store's pool).
public enum ServerRunner {
    public static func run(config: ServerConfig, dataDirectory: DataDirectory? = nil, renderer: any TileRenderer,
                           metrics: ServerMetrics = ServerMetrics(), logger: Logger = Logger(label: "strata")) async throws {
        let store = try SessionStoreFactory.make(config.store, connections: config.storeThreads)
        let app = StrataApp(config: config, dataDirectory: dataDirectory, store: store, renderer: renderer, metrics: metrics,
                            tileDisk: try TileDiskCache.configured(config))
        let server: HTTPServer
        do {
            server = try await HTTPServer.start(host: config.host, port: config.port, responder: app,
                                                maxBodyBytes: config.maxBodyBytes,
                                                eventLoopThreads: config.eventLoopThreads > 0 ? config.eventLoopThreads : System.coreCount)
        } catch {
            app.shutdown()
            throw ConfigError(file: "server", message: "cannot listen on \(config.host):\(config.port): \(error)")
        }
        // /health answers 503 until sessions are loaded.
        do { try app.start() } catch {
            await server.shutdown(); app.shutdown()
            throw error
        }
        // After the sessions are loaded: the first (re)connection re-checks every held one.
        app.sessions.onNotificationLag.withLockedValue { $0 = { [metrics = app.metrics] lag in
            metrics.notificationLag.recordNanoseconds(Int64(lag * 1e9))
        } }
        store.observeChanges { [sessions = app.sessions] change in sessions.handle(change) }
        // Once: what a (tileserver-gl) config asked for that Strata does not do.
        for warning in config.warnings { logger.warning("config: \(warning)") }
        logger.info("strata listening on http://\(config.host):\(server.port) (data: \(config.dataDir), store: \(SessionStoreFactory.describe(config.store)), render threads: \(config.effectiveRenderThreads))")
        FileHandle.standardOutput.write(Data("strata listening on http://\(config.host):\(server.port)\n".utf8))

        let sweepEvery = max(1.0, min(60.0, config.sessionIdleSeconds / 4))
        let sweeper = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "strata.session-sweep"))
        sweeper.schedule(deadline: .now() + sweepEvery, repeating: sweepEvery)
        sweeper.setEventHandler {
            let expired = app.sessions.expire()
            if !expired.isEmpty { logger.info("expired \(expired.count) idle session(s)") }
            app.metrics.sessions.record(app.sessions.count)
        }
        sweeper.resume()
        let trimmer = HeapTrim.start(every: config.heapTrimSeconds)
        let styleWatch = StyleWatch.start(app, every: config.stylePollSeconds)

        let signalQueue = DispatchQueue(label: "strata.signals")
        let sources = [SIGINT, SIGTERM].map { sig -> any DispatchSourceSignal in
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: signalQueue)
            s.setEventHandler { server.stopAccepting() }
            s.resume()
            return s
        }
        await server.waitUntilClosed()
        logger.info("shutting down")
        sweeper.cancel()
        trimmer?.cancel()
        styleWatch.forEach { $0.cancel() }
        sources.forEach { $0.cancel() }
        await server.shutdown()
        app.shutdown()
        await app.remote?.shutdown()
    }
}
