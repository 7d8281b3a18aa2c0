import Foundation
import ImageCodec
import JSON

extension ServerConfig {
    /// Reads and validates a config file, Strata's or tileserver-gl's `config.json` (told apart
    /// by its `options`/`styles`/`data` objects); relative paths become absolute against its folder.
    public static func load(path: String) throws -> ServerConfig {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ConfigError(file: url.path, message: FileManager.default.fileExists(atPath: url.path)
                              ? "cannot read the file" : "file not found")
        }
        let json: JSONValue
        do { json = try JSONParser.parse(Array(data)) } catch let e as JSONParseError {
            throw ConfigError(file: url.path, message: "malformed JSON: \(e.message) at line \(e.line), column \(e.column)")
        }
        let folder = url.deletingLastPathComponent().path
        var c: ServerConfig
        if case .object(let o) = json, TileserverGLConfig.matches(o) {
            c = try TileserverGLConfig.config(o, file: url.path, folder: folder)
        } else {
            c = try ServerConfig(json: json, file: url.path)
        }
        c.resolvePaths(relativeTo: folder)
        return c
    }

    /// Parses the JSON object; unknown keys are errors (a typo must not silently fall back).
    public init(json: JSONValue, file: String) throws {
        self.init()
        guard case .object(let o) = json else { throw ConfigError(file: file, message: "the config must be a JSON object") }
        let r = ConfigValueReader(file: file)
        for (key, v) in o {
            guard try loadServing(key, v, r) || loadLimits(key, v, r) || loadRendering(key, v, r) || loadOutput(key, v, r)
                || remote.load(key, v, r.err) || loadPublishing(key, v, r.err) else { throw r.err(key, "unknown key") }
        }
    }

    /// Where it listens, what it serves and keeps: addresses, folders, the store, sessions.
    private mutating func loadServing(_ key: String, _ v: JSONValue, _ r: ConfigValueReader) throws -> Bool {
        switch key {
        case "host": host = try r.string(key, v)
        case "port": port = try r.int(key, v, max: 65535)
        case "dataDir": dataDir = try r.string(key, v)
        case "defaultStyle": defaultStyle = try r.string(key, v)
        case "stylesDir", "styles": stylesDir = try r.string(key, v)
        case "publicDir": publicDir = try r.string(key, v)
        case "fontsDir": fontsDir = try r.string(key, v)
        case "iconsDir": iconsDir = try r.string(key, v)
        case "store": store = try r.string(key, v)
        case "defaultSessionReadOnly": defaultSessionReadOnly = try r.bool(key, v)
        case "stylePollSeconds": stylePollSeconds = try r.seconds(key, v, max: 3600, what: "0 (only on SIGHUP) to 3600")
        case "archives":
            guard case .object(let a) = v else { throw r.err(key, "expected an object of NAME → path") }
            archives = try a.reduce(into: [:]) { out, entry in out[entry.key] = try r.string("\(key)/\(entry.key)", entry.value) }
        case "remoteHosts": remoteHosts = try r.strings(key, v, what: "an array of host names")
        case "corsOrigins": cors.readOrigins = try r.strings(key, v, what: Self.originsHint)
        case "corsMutationOrigins": cors.mutationOrigins = try r.strings(key, v, what: Self.originsHint)
        default: return false
        }
        return true
    }

    private static let originsHint = "an array of origins like \"https://maps.example.com\" or \"*\""

    /// Request, session and history bounds.
    private mutating func loadLimits(_ key: String, _ v: JSONValue, _ r: ConfigValueReader) throws -> Bool {
        switch key {
        case "maxBodyBytes": maxBodyBytes = try r.int(key, v, min: 1)
        case "maxSessions": maxSessions = try r.int(key, v, min: 1)
        case "sessionIdleSeconds":
            guard let d = v.numberValue, d > 0 else { throw r.err(key, "expected a positive number") }
            sessionIdleSeconds = d
        case "maxStyleBytes": maxStyleBytes = try r.int(key, v, min: 1)
        case "maxGeoJSONBytes": maxGeoJSONBytes = try r.int(key, v, min: 1)
        case "historyLimit": historyLimit = try r.int(key, v, min: 1)
        case "revisionSnapshotEvery": revisionSnapshotEvery = try r.int(key, v, min: 1)
        case "maxAnnotations": maxAnnotations = try r.int(key, v, min: 0)
        case "maxAnnotationTextLength": maxAnnotationTextLength = try r.int(key, v, min: 0)
        case "maxPixelRatio": maxPixelRatio = try r.int(key, v, min: 1)
        case "maxStaticSide": maxStaticSide = try r.int(key, v, min: 1)
        case "maxPitch": maxPitch = Double(try r.int(key, v, min: 0, max: Int(StaticView.maxPitch)))
        default: return false
        }
        return true
    }

    /// Threads, queues, budgets and caches of rendering.
    private mutating func loadRendering(_ key: String, _ v: JSONValue, _ r: ConfigValueReader) throws -> Bool {
        switch key {
        case "renderThreads": renderThreads = try r.int(key, v)
        case "queueLimit": queueLimit = try r.int(key, v)
        case "renderTimeoutMs": renderTimeoutMs = try r.int(key, v, min: 1)
        case "tileCacheBytes": tileCacheBytes = try r.int(key, v)
        case "tileCacheDir": tileCacheDir = try r.string(key, v)
        case "tileCacheDirBytes": tileCacheDirBytes = try r.int(key, v, min: 1)
        case "renderCacheBytes", "geoJSONCacheBytes":
            // Below 1 MiB the caches would hold next to nothing and every render would
            // decode and tessellate again: almost surely a value meant in MiB.
            let n = try r.int(key, v)
            guard n >= 1 << 20 else { throw r.err(key, "must be at least 1 MiB (1048576 bytes; the value is in bytes), got \(n)") }
            if key == "renderCacheBytes" { renderCacheBytes = n } else { geoJSONCacheBytes = n }
        case "heapTrimSeconds": heapTrimSeconds = try r.seconds(key, v, max: 86400, what: "0 (never) to 86400")
        case "storeThreads": storeThreads = try r.int(key, v, min: 1)
        case "eventLoopThreads": eventLoopThreads = try r.int(key, v)
        case "glyphCacheBytes": glyphCacheBytes = try r.int(key, v)
        case "crossSourceCollisions": crossSourceCollisions = try r.bool(key, v)
        default: return false
        }
        return true
    }

    /// How images come out.
    private mutating func loadOutput(_ key: String, _ v: JSONValue, _ r: ConfigValueReader) throws -> Bool {
        switch key {
        case "staticAttribution": staticAttribution = try r.bool(key, v)
        case "jpegBackground":
            guard let c = Self.hexColour(try r.string(key, v)) else { throw r.err(key, "expected an opaque colour \"#rrggbb\"") }
            jpegBackground = c
        default: return false
        }
        return true
    }

    /// `#rrggbb` (case-insensitive) as an opaque colour; nil for anything else.
    static func hexColour(_ s: String) -> JPEGEncoder.Background? {
        let digits = s.utf8.dropFirst()
        guard s.hasPrefix("#"), digits.count == 6, let v = UInt32(String(s.dropFirst()), radix: 16) else { return nil }
        return JPEGEncoder.Background(red: UInt8(v >> 16), green: UInt8((v >> 8) & 0xFF), blue: UInt8(v & 0xFF))
    }

    /// Makes dataDir, stylesDir and publicDir absolute against `base`, and the store against dataDir.
    public mutating func resolvePaths(relativeTo base: String) {
        func abs(_ p: String, _ b: String) -> String {
            p.hasPrefix("/") ? p : URL(fileURLWithPath: b).appendingPathComponent(p).standardizedFileURL.path
        }
        dataDir = abs(dataDir, base)
        stylesDir = abs(stylesDir, base)
        publicDir = abs(publicDir, base)
        if !fontsDir.isEmpty { fontsDir = abs(fontsDir, base) }
        if !iconsDir.isEmpty { iconsDir = abs(iconsDir, base) }
        if !remote.cacheDir.isEmpty { remote.cacheDir = abs(remote.cacheDir, base) }
        if !tileCacheDir.isEmpty { tileCacheDir = abs(tileCacheDir, base) }
        if store != ":memory:" && !PostgresURL.isPostgres(store) { store = abs(store, dataDir) }
        archives = archives.mapValues { abs($0, dataDir) }
    }

    /// Checks what must exist before serving; each problem names the file or folder.
    public func validateFilesystem(configFile: String) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dataDir, isDirectory: &isDir), isDir.boolValue else {
            throw ConfigError(file: configFile, message: "/dataDir: directory not found: \(dataDir)")
        }
        if !fontsDir.isEmpty {
            guard FileManager.default.fileExists(atPath: fontsDir, isDirectory: &isDir), isDir.boolValue else {
                throw ConfigError(file: configFile, message: "/fontsDir: directory not found: \(fontsDir) (apt-get install fonts-noto-core)")
            }
        }
        if !iconsDir.isEmpty {
            guard FileManager.default.fileExists(atPath: iconsDir, isDirectory: &isDir), isDir.boolValue else {
                throw ConfigError(file: configFile, message: "/iconsDir: directory not found: \(iconsDir)")
            }
        }
        let style = stylePath(named: defaultStyle)
        guard FileManager.default.fileExists(atPath: style) else {
            throw ConfigError(file: configFile, message: "/defaultStyle: style file not found: \(style)")
        }
    }

    /// The file of the style listed as `name` in a tileserver-gl config, else `styles/NAME.json`;
    /// names are plain (letters, digits, `-`, `_`, `.` not leading).
    public func stylePath(named name: String) -> String {
        styleFiles[name] ?? URL(fileURLWithPath: stylesDir).appendingPathComponent(name + ".json").path
    }

    public static func isValidStyleName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 128 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
    }
}
