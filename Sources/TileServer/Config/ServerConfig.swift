import ImageCodec
import Renderer
import SourceData
import Foundation
import JSON

/// Everything `config/server.json` can say. Relative paths are resolved against the config
/// file's directory when loaded, so the server can be started from anywhere.
public struct ServerConfig: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Root of every relative URL a style may carry (and of the default store).
    public var dataDir = "data"
    /// Name of the style in `stylesDir` the default session starts from.
    public var defaultStyle = "default"
    public var stylesDir = "styles"
    /// Style id → file, from a tileserver-gl config's `styles` list: published under these ids
    /// (and found by `POST /sessions {"style": id}`) whatever the files are called.
    public var styleFiles: [String: String] = [:]
    /// Whether every `*.json` of `stylesDir` is published too, id = file name (a tileserver-gl
    /// config's `options.serveAllStyles`; always for Strata's own format).
    public var serveAllStyles = true
    /// How style files of a tileserver-gl config name their sprite and glyphs (nil: as Strata).
    public var tileserverGLURLs: TileserverGLStyleURLs?
    /// Style id → members a tileserver-gl config's `tilejson` adds to the style's TileJSON.
    public var styleTileJSON: [String: JSONObject] = [:]
    /// Seconds between looks at the published style files (an edited one is republished);
    /// 0 = only on SIGHUP.
    public var stylePollSeconds = 1.5
    /// What the config said that Strata does not do (logged once at start-up).
    public var warnings: [String] = []
    // Defaults here are the README's Configuration table and what `config/server.json` writes
    // out: one source, a key left out of a config file means the same as the table says.
    public var maxBodyBytes = 32 << 20
    public var maxSessions = 1000
    public var sessionIdleSeconds = 86400.0
    public var maxStyleBytes = 32 << 20
    public var maxGeoJSONBytes = 16 << 20
    /// Render threads; 0 = one per core.
    public var renderThreads = 0
    /// Render jobs waiting beyond the running ones before 503.
    public var queueLimit = 256
    public var renderTimeoutMs = 10_000
    public var tileCacheBytes = 256 << 20
    /// A folder of rendered tiles kept across restarts behind the memory cache ("" = none).
    public var tileCacheDir = ""
    /// Bytes the tile folder may hold (least recently used tiles removed first).
    public var tileCacheDirBytes = 1 << 30
    /// Bytes of the renderer's per-tile and per-style caches (decoded source tiles, line
    /// meshes, label layouts, placements, sprites, glyphs), shared out by `RenderCacheBudgets`.
    public var renderCacheBytes = RenderCacheBudgets.defaultTotal
    /// Bytes of parsed, indexed GeoJSON sources (a source larger than this is parsed per render).
    public var geoJSONCacheBytes = RenderResources.defaultGeoJSONCacheBytes
    /// Seconds between handing freed heap pages back to the OS (`HeapTrim`); 0 = never.
    public var heapTrimSeconds = 2.0
    public var maxPixelRatio = 4
    public var maxStaticSide = 8192
    /// The steepest pitch a static view may ask for, degrees (MapLibre's own limit, 85, at most).
    public var maxPitch = StaticView.maxPitch
    /// `mbtiles://NAME` / `pmtiles://NAME` → file path (relative to dataDir).
    public var archives: [String: String] = [:]
    /// Whether archives in dataDir's root are found by name too (not for a tileserver-gl
    /// config: it serves the archives of its `data` list).
    public var discoverArchives = true
    /// Hosts http(s) sources may name ("*.example.com", "*" for any public host); empty =
    /// remote sources refused.
    public var remoteHosts: [String] = []
    /// How remote resources are fetched: private hosts, keys, timeouts, cache (`remote*` keys).
    public var remote = RemoteSettings()
    /// SQLite file for sessions, relative to dataDir; ":memory:" keeps sessions in memory only;
    /// `postgres://user[:password]@host[:port]/db` shares them with other nodes (the password
    /// may come from STRATA_PG_PASSWORD instead).
    public var store = "strata.sqlite"
    /// Whether the default session (requests without a session id) refuses changes with a
    /// 403 `read_only`: the shared default map is not restyled by an anonymous client unless
    /// the config says so; clients style their own sessions (`POST /sessions`).
    public var defaultSessionReadOnly = true
    /// Revisions kept per session for history and undo.
    public var historyLimit = 50
    /// The store keeps a whole snapshot of the style at least every this many revisions; the
    /// others store only their operations (`RevisionLog`).
    public var revisionSnapshotEvery = RevisionLog.defaultSnapshotEvery
    /// Threads for store writes and other blocking work off the event loop.
    public var storeThreads = 4
    /// Event loop threads; 0 = one per core.
    public var eventLoopThreads = 0
    /// Directory of the web viewer (`GET /`).
    public var publicDir = "../Public"
    /// TTF/OTF/TTC fonts served as MapLibre glyph PBFs (`GET /fonts/{fontstack}/{range}.pbf`)
    /// and used for labels whose fontstack has no PBFs; empty = none (the shipped
    /// `config/server.json` names Debian's `fonts-noto-core` folder).
    public var fontsDir = ""
    /// Folder of the PNG icons static images' `marker=` may name (tileserver-gl's
    /// `options.paths.icons`); empty: none, only built-in pins and sprite images.
    public var iconsDir = ""
    /// Bytes of generated glyph ranges kept in memory.
    public var glyphCacheBytes = 32 << 20
    /// MapLibre's `crossSourceCollisions` map option: false lets labels of different sources
    /// overlap (each source places against its own labels only).
    public var crossSourceCollisions = true
    /// Static images draw the sources' attribution in the bottom-right corner unless the
    /// request says `attribution=false` (false: only when it says `attribution=true`).
    public var staticAttribution = false
    /// View annotations per session, and characters of one annotation's text (4xx beyond).
    public var maxAnnotations = 1000
    public var maxAnnotationTextLength = 1000
    /// Cross-origin access: `corsOrigins` may read (default any), `corsMutationOrigins` may
    /// also change sessions and styles (default none).
    public var cors = CORSPolicy()
    /// The colour JPEG tiles and static images are composited on (JPEG has no alpha);
    /// `"#rrggbb"` in the file.
    public var jpegBackground = JPEGEncoder.Background.white
    /// The base of every absolute URL the server writes (`https://maps.example.com/tiles`, no
    /// trailing slash; tileserver-gl's `publicUrl`); nil: from the request.
    public var publicURL: String?
    /// Whether `Forwarded` / `X-Forwarded-Proto` / `X-Forwarded-Host` decide the URLs' scheme
    /// and host (only behind a proxy that sets them: a client could send them too).
    public var trustProxyHeaders = false
    /// `Cache-Control` of published and data tiles, glyphs and sprites (nil: as before the key:
    /// tiles pinned by `?v=` immutable, others `no-cache`; data tiles 1 h; glyphs 1 day).
    public var publishedCacheControl: String?
    /// `Cache-Control` of published TileJSON, style.json, capabilities and catalogs (nil: `no-cache`).
    public var publishedMetadataCacheControl: String?

    public init() {}

    public var effectiveRenderThreads: Int { renderThreads > 0 ? renderThreads : ProcessInfo.processInfo.activeProcessorCount }

    /// The one data directory of a server: validation of session styles and the renderer
    /// both resolve URLs through it, so they agree on every path and archive. Archives in the
    /// directory's root are found by name (`mbtiles://NAME` → NAME.mbtiles); `archives`
    /// entries of the config win. A directory that cannot serve is a `ConfigError`.
    public func makeDataDirectory() throws -> DataDirectory {
        let found = (discoverArchives ? DataDirectory.discoverArchives(in: dataDir) : [:]).merging(archives) { $1 }
        do {
            return try DataDirectory(root: dataDir, archives: found, remoteHosts: remoteHosts)
        } catch {
            throw ConfigError(file: "config", message: "/dataDir: \(error)")
        }
    }
}

/// A config problem, always naming the file (and the key) so start-up failures are actionable.
public struct ConfigError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let message: String
    public var description: String { "\(file): \(message)" }
}
