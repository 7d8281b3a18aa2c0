import Fonts
import Dispatch
import Foundation
import JSON
import Logging
import StyleSpec
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import Renderer
import SourceData

/// A route handler: answers on the event loop or returns a future from a pool.
public typealias RouteHandler = @Sendable (StrataApp, RouteContext) throws -> EventLoopFuture<HTTPResponse>

/// The whole server behind the HTTP spine: routing, sessions, rendering, metrics.
public final class StrataApp: HTTPResponder {
    public let config: ServerConfig
    public let sessions: SessionManager
    /// The renderer's custom layers: every style the server loads is validated against them.
    public var customLayers: CustomLayerRegistry? { renderer.customLayers }
    public let tiles: TileService
    public let renderer: any TileRenderer
    public let metrics: ServerMetrics
    /// Store writes, style (de)serialization and other blocking work; never the event loop.
    public let blockingPool: NIOThreadPool
    let router: Router<RouteHandler>
    let logger = Logger(label: "strata.http")
    private let ready = NIOLockedValueBox(false)
    /// The web viewer, read once at start-up.
    let indexHTML: [UInt8]?
    /// Where style URLs may lead (nil when `dataDir` is not a directory; `start()` then fails).
    let urlPolicy: StyleURLPolicy?
    /// The fonts directory's glyphs (nil without `fontsDir`).
    let glyphs: GlyphService?
    /// The fetcher of remote resources (nil when no remote host is allowed).
    let remote: RemoteFetcher?
    /// What each session's renders could not use (`GET /sessions/{id}/warnings`).
    let warnings: SessionWarnings
    /// The styles of `stylesDir`, read-only at `/styles/{id}/…` (loaded by `start()`).
    let published: PublishedStyles
    /// Reads the styles that `imports` name by URL (published styles, style names, data files).
    let importLoader: StyleImportLoader
    /// The data directory's tile archives, read-only at `/data/{id}/…` (opened by `start()`).
    let publishedData = PublishedData()

    /// `dataDirectory` is the object the renderer resolves through (nil: made from `config`).
    /// `tileDisk`: the disk tile cache (`tileCacheDir`; nil: none, see `TileDiskCache.configured`).
    public init(config: ServerConfig, dataDirectory: DataDirectory? = nil, store: any SessionStore, renderer: any TileRenderer,
                metrics: ServerMetrics = ServerMetrics(), tileDisk: TileDiskCache? = nil) {
        self.config = config
        self.metrics = metrics
        self.renderer = renderer
        let published = PublishedStyles()
        self.published = published
        let importLoader = StyleImportLoader(config: config, published: published,
                                             directory: dataDirectory ?? (try? config.makeDataDirectory()),
                                             remote: dataDirectory?.remote as? RemoteFetcher)
        self.importLoader = importLoader
        self.sessions = SessionManager(store: store, limits: SessionLimits(
            maxSessions: config.maxSessions, idleSeconds: config.sessionIdleSeconds,
            maxStyleBytes: config.maxStyleBytes, historyLimit: config.historyLimit,
            snapshotEvery: config.revisionSnapshotEvery), customLayers: renderer.customLayers, importLoader: importLoader)
        let pool = RenderPool(threads: config.effectiveRenderThreads, queueLimit: config.queueLimit,
                              onQueueDepth: { [metrics] d in metrics.queueDepth.record(d) },
                              onRender: { [metrics] cost in
                                  metrics.renderTime.recordNanoseconds(Int64(cost.seconds * 1e9))
                                  metrics.renderCPUSeconds.increment(by: cost.cpuSeconds)
                                  (cost.succeeded ? metrics.renders : metrics.renderFailures).increment()
                              })
        let remote = dataDirectory?.remote as? RemoteFetcher
        self.remote = remote
        // Each distinct thing renders could not use: logged once and counted by kind.
        renderer.warnings?.onNew { [metrics] message in
            Logger(label: "strata.render").warning("render skipped: \(message)")
            metrics.renderWarning(kind: TileWarnings.kind(of: message))
        }
        let warnings = SessionWarnings()
        self.warnings = warnings
        self.tiles = TileService(pool: pool, cacheBytes: config.tileCacheBytes, budgetMs: config.renderTimeoutMs, metrics: metrics,
                                 remote: remote, disk: tileDisk, onWarnings: { owner, messages in warnings.add(messages, session: owner) })
        self.blockingPool = NIOThreadPool(numberOfThreads: config.storeThreads)
        self.blockingPool.start()
        self.indexHTML = FileManager.default.contents(atPath: config.publicDir + "/index.html").map { Array($0) }
        self.urlPolicy = (dataDirectory ?? (try? config.makeDataDirectory())).map(StyleURLPolicy.init(directory:))
        // The renderer's fonts library when it reads the same folder: one scan for both.
        let fonts = renderer.fonts?.path == config.fontsDir ? renderer.fonts : nil
        self.glyphs = config.fontsDir.isEmpty ? nil
            : GlyphService(fonts: fonts ?? FontLibrary(path: config.fontsDir), cacheBytes: config.glyphCacheBytes)
        var r = Router<RouteHandler>()
        Self.registerRoutes(&r)
        self.router = r
    }

    /// Loads sessions (and the default style); `/health` answers 200 afterwards.
    public func start() throws {
        let json = try readConfigStyle(config.stylePath(named: config.defaultStyle))
        guard urlPolicy != nil else { throw ConfigError(file: "config", message: "/dataDir: not a directory: \(config.dataDir)") }
        let style: LiveStyle
        do {
            style = try LiveStyle.load(json, customLayers: customLayers, importLoader: importLoader)
            try checkURLs(style)
        } catch let e as StyleError {
            throw ConfigError(file: config.stylePath(named: config.defaultStyle), message: e.description)
        }
        try sessions.restore(defaultStyle: style, defaultReadOnly: config.defaultSessionReadOnly)
        refreshPublishedStyles(force: true)
        publishedData.publish(urlPolicy?.directory.archives ?? [:])
        metrics.sessions.record(sessions.count)
        ready.withLockedValue { $0 = true }
    }

    public var isReady: Bool { ready.withLockedValue { $0 } }

    public func shutdown() {
        ready.withLockedValue { $0 = false }
        tiles.pool.shutdown()
        tiles.disk?.shutdown()
        try? blockingPool.syncShutdownGracefully()
        // After the last render: custom layers release what they hold.
        sessions.releaseCustomLayers()
        sessions.store.close()
    }

    /// A style file of the config (the default, a named or a published style), its sprite
    /// and glyph URLs made Strata's when a tileserver-gl config lists it.
    func readConfigStyle(_ path: String) throws -> JSONValue {
        let json = try Self.readStyleFile(path)
        return config.tileserverGLURLs?.adapt(json, file: path) ?? json
    }

    static func readStyleFile(_ path: String) throws -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, message: "style file not found or unreadable")
        }
        do { return try JSONParser.parse(Array(data)) } catch let e as JSONParseError {
            throw ConfigError(file: path, message: "malformed JSON: \(e.message) at line \(e.line), column \(e.column)")
        }
    }

    // MARK: HTTPResponder

    public func respond(to request: HTTPRequest, on loop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        let start = DispatchTime.now().uptimeNanoseconds
        let future: EventLoopFuture<HTTPResponse>
        let route: String
        var varies = false
        switch router.match(request.method, request.path) {
        case .found(let handler, let params, let pattern, let scope):
            route = pattern
            varies = scope.readsSession
            let ctx = RouteContext(request: request, params: params, loop: loop)
            // Routes that never read a session load nothing, whatever `?session=` says.
            if let id = Self.namedSession(ctx, scope: scope), sessions.store.isShared, !sessions.isHeld(id) {
                // Created or held by another node: load it from the shared store first (blocking).
                future = blocking(ctx) { [sessions] in try sessions.loadIfMissing(id) }.flatMap { [self] in
                    do { return try handler(self, ctx) } catch { return loop.makeFailedFuture(error) }
                }
            } else {
                do { future = try handler(self, ctx) } catch { future = loop.makeFailedFuture(error) }
            }
        case .methodNotAllowed where request.method == .OPTIONS:
            // A CORS preflight (or a plain OPTIONS) on a path that exists.
            route = "preflight"
            future = loop.makeSucceededFuture(config.cors.preflight(
                origin: request.header("Origin"), requestedMethod: request.header("Access-Control-Request-Method")))
        case .methodNotAllowed(let allowed):
            route = "unmatched"
            future = loop.makeSucceededFuture(APIError.methodNotAllowed(request.method, allow: allowed).response)
        case .notFound:
            route = "unmatched"
            future = loop.makeSucceededFuture(APIError.notFound("no route for \(request.method.rawValue) \(request.path)", code: "unknown_route").response)
        }
        let metrics = self.metrics
        let method = request.method.rawValue
        let cors = config.cors
        let origin = request.header("Origin")
        return future.flatMapErrorThrowing { error in
            if error is StoreUnavailable || error is StoreError { metrics.storeErrors.increment() }
            return Self.errorResponse(error)
        }.map { response in
            var response = response
            // Caches (browsers, CDNs) must key these on the session header too.
            if varies, !response.headers.contains(name: "Vary") { response.headers.add(name: "Vary", value: "X-Session-ID") }
            if route != "preflight" { cors.apply(to: &response.headers, method: request.method, origin: origin) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            metrics.request(route: route, method: method, status: Int(response.status.code), seconds: seconds)
            return response
        }
    }

    /// The session id a request names that is not the default: `X-Session-ID`/`?session=`,
    /// or the `{id}` of a route whose path names its session.
    static func namedSession(_ ctx: RouteContext, scope: RouteScope) -> String? {
        guard scope.readsSession else { return nil }
        if let id = ctx.sessionID { return id }
        if scope.pathNamesSession, let id = ctx.params["id"], !id.isEmpty { return id }
        return nil
    }

    static func errorResponse(_ error: any Error) -> HTTPResponse {
        if let e = APIError(mapping: error) { return e.response }
        switch error {
        case let e as JSONParseError: return APIError.malformedJSON(e).response
        case let e as StyleError: return APIError.style(e).response
        // Never a 2xx that was not stored: the client retries after the store is back.
        case let e as StoreUnavailable:
            return APIError.unavailable("the session store is unavailable: \(e.description); retry shortly",
                                        retryAfter: 2, code: "store_unavailable").response
        case StoreConflict.unknownSession(let id): return APIError.notFound("unknown session \(id)", code: "unknown_session").response
        case let e as StoreConflict: return APIError(.conflict, code: "store_conflict", message: e.description).response
        default: return APIError.internalError("\(error)").response
        }
    }

    // MARK: helpers for handlers

    /// Refuses styles whose URLs leave the data directory (see `StyleURLPolicy`).
    func checkURLs(_ style: LiveStyle, previous: LiveStyle? = nil) throws {
        guard let urlPolicy else { throw APIError.internalError("the data directory is unavailable") }
        try urlPolicy.check(style.style, previous: previous?.style)
    }

    /// Runs blocking work on the blocking pool and answers on the request's loop.
    func blocking<T: Sendable>(_ ctx: RouteContext, _ body: @escaping @Sendable () throws -> T) -> EventLoopFuture<T> {
        blockingPool.runIfActive(eventLoop: ctx.loop, body)
    }

    /// Parses a JSON body (call from the blocking pool for large bodies); malformed → 400 with position.
    static func jsonBody(_ ctx: RouteContext, required: Bool = true) throws -> JSONValue {
        if ctx.request.body.isEmpty {
            if required { throw APIError.badRequest("a JSON request body is required", code: "missing_body", path: "") }
            return .object(JSONObject())
        }
        do { return try JSONParser.parse(ctx.request.body) } catch let e as JSONParseError { throw APIError.malformedJSON(e) }
    }
}
