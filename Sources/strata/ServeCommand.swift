import ArgumentParser
import Foundation
import TileServer

/// `strata serve [--config PATH] [--port N] [--host H] [--data-dir DIR]`
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the tile server.")

    @Option(help: "Config file (default: config/server.json in the working directory, else in the package root).")
    var config: String?
    @Option(help: "Port to listen on (overrides the config; 0 = any free port).")
    var port: Int?
    @Option(help: "Address to listen on (overrides the config).")
    var host: String?
    @Option(help: "Data directory (overrides the config).")
    var dataDir: String?
    @Option(help: "Session store: an SQLite file, :memory:, or postgres://user[:password]@host[:port]/db (overrides the config; the password may come from STRATA_PG_PASSWORD).")
    var store: String?
    @Option(help: "A render's time budget in milliseconds (overrides the config's renderTimeoutMs; then 503 render_timeout).")
    var renderTimeoutMs: Int?
    @Option(help: "Fonts directory of TTF/OTF files for /fonts and labels (overrides the config; \"\" = none).")
    var fontsDir: String?

    func run() async throws {
        let path = try ServeConfigLocator.locate(explicit: config)
        do {
            var cfg = try ServerConfig.load(path: path)
            let cwd = FileManager.default.currentDirectoryPath
            if let port {
                guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535") }
                cfg.port = port
            }
            if let host { cfg.host = host }
            if let dataDir {
                let old = cfg.dataDir
                cfg.dataDir = Self.absolute(dataDir, cwd)
                // A store inside the old data directory follows it.
                if cfg.store.hasPrefix(old + "/") { cfg.store = cfg.dataDir + cfg.store.dropFirst(old.count) }
            }
            if let store { cfg.store = store == ":memory:" || PostgresURL.isPostgres(store) ? store : Self.absolute(store, cwd) }
            if let renderTimeoutMs {
                guard renderTimeoutMs >= 1 else { throw ValidationError("--render-timeout-ms must be at least 1") }
                cfg.renderTimeoutMs = renderTimeoutMs
            }
            if let fontsDir { cfg.fontsDir = fontsDir.isEmpty ? "" : Self.absolute(fontsDir, cwd) }
            try cfg.validateFilesystem(configFile: path)
            var directory = try cfg.makeDataDirectory()
            let metrics = ServerMetrics()
            if !cfg.remoteHosts.isEmpty {
                // Remote sources: fetched on NIO event loops, held in memory (and on disk), checked for SSRF.
                let hosts = directory
                directory.remote = RemoteFetcher(settings: cfg.remote, allows: { hosts.allows($0) }, disk: try RemoteDiskCache.configured(cfg.remote, configFile: path),
                                                 onFetch: { kind, host, result in metrics.remoteFetch(kind: kind.rawValue, host: host, result: result) })
            }
            try await ServerRunner.run(config: cfg, dataDirectory: directory, renderer: ServeRendererFactory.make(
                directory: directory, fontsDirectory: cfg.fontsDir, renderCacheBytes: cfg.renderCacheBytes,
                geoJSONCacheBytes: cfg.geoJSONCacheBytes, crossSourceCollisions: cfg.crossSourceCollisions), metrics: metrics)
        } catch let e as ConfigError {
            FileHandle.standardError.write(Data("strata: configuration error: \(e)\n".utf8))
            throw ExitCode(2)
        }
    }

    static func absolute(_ p: String, _ base: String) -> String {
        p.hasPrefix("/") ? p : URL(fileURLWithPath: base).appendingPathComponent(p).standardizedFileURL.path
    }
}
