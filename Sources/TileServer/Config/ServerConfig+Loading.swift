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
        func err(_ key: String, _ what: String) -> ConfigError { ConfigError(file: file, message: "/\(key): \(what)") }
        func int(_ key: String, _ v: JSONValue, min: Int = 0) throws -> Int {
            guard let i = v.intValue else { throw err(key, "expected an integer, got \(v.typeName)") }
            guard i >= min else { throw err(key, "must be ≥ \(min)") }
            return i
        }
        func str(_ key: String, _ v: JSONValue) throws -> String {
            guard let s = v.stringValue else { throw err(key, "expected a string, got \(v.typeName)") }
            return s
        }
        for (key, v) in o {
            switch key {
            case "host": host = try str(key, v)
            case "port": port = try int(key, v); if port > 65535 { throw err(key, "must be ≤ 65535") }
            case "dataDir": dataDir = try str(key, v)
            case "defaultStyle": defaultStyle = try str(key, v)
            case "stylesDir", "styles": stylesDir = try str(key, v)
            case "maxBodyBytes": maxBodyBytes = try int(key, v, min: 1)
            case "maxSessions": maxSessions = try int(key, v, min: 1)
            case "sessionIdleSeconds":
                guard let d = v.numberValue, d > 0 else { throw err(key, "expected a positive number") }
                sessionIdleSeconds = d
            case "maxStyleBytes": maxStyleBytes = try int(key, v, min: 1)
            case "maxGeoJSONBytes": maxGeoJSONBytes = try int(key, v, min: 1)
            case "renderThreads": renderThreads = try int(key, v)
            case "queueLimit": queueLimit = try int(key, v)
            case "renderTimeoutMs": renderTimeoutMs = try int(key, v, min: 1)
            case "tileCacheBytes": tileCacheBytes = try int(key, v)
            case "renderCacheBytes", "geoJSONCacheBytes":
                // Below 1 MiB the caches would hold next to nothing and every render would
                // decode and tessellate again: almost surely a value meant in MiB.
                let n = try int(key, v)
                guard n >= 1 << 20 else { throw err(key, "must be at least 1 MiB (1048576 bytes; the value is in bytes), got \(n)") }
                if key == "renderCacheBytes" { renderCacheBytes = n } else { geoJSONCacheBytes = n }
            case "heapTrimSeconds":
                guard let d = v.numberValue, d >= 0, d <= 86400 else { throw err(key, "expected seconds from 0 (never) to 86400") }
                heapTrimSeconds = d
            case "stylePollSeconds":
                guard let d = v.numberValue, d >= 0, d <= 3600 else { throw err(key, "expected seconds from 0 (only on SIGHUP) to 3600") }
                stylePollSeconds = d
            case "maxPixelRatio": maxPixelRatio = try int(key, v, min: 1)
            case "maxStaticSide": maxStaticSide = try int(key, v, min: 1)
            case "archives":
                guard case .object(let a) = v else { throw err(key, "expected an object of NAME → path") }
                archives = [:]
                for (name, p) in a {
                    guard let s = p.stringValue else { throw err("\(key)/\(name)", "expected a path string") }
                    archives[name] = s
                }
            case "remoteHosts":
                guard case .array(let a) = v else { throw err(key, "expected an array of host names") }
                remoteHosts = try a.enumerated().map { try str("\(key)/\($0.offset)", $0.element) }
            case "store": store = try str(key, v)
            case "defaultSessionReadOnly":
                guard let b = v.boolValue else { throw err(key, "expected a boolean") }
                defaultSessionReadOnly = b
            case "historyLimit": historyLimit = try int(key, v, min: 1)
            case "revisionSnapshotEvery": revisionSnapshotEvery = try int(key, v, min: 1)
            case "maxAnnotations": maxAnnotations = try int(key, v, min: 0)
            case "maxAnnotationTextLength": maxAnnotationTextLength = try int(key, v, min: 0)
            case "storeThreads": storeThreads = try int(key, v, min: 1)
            case "eventLoopThreads": eventLoopThreads = try int(key, v)
            case "publicDir": publicDir = try str(key, v)
            case "fontsDir": fontsDir = try str(key, v)
            case "glyphCacheBytes": glyphCacheBytes = try int(key, v)
            case "crossSourceCollisions":
                guard let b = v.boolValue else { throw err(key, "expected a boolean") }
                crossSourceCollisions = b
            case "staticAttribution":
                guard let b = v.boolValue else { throw err(key, "expected a boolean") }
                staticAttribution = b
            case "jpegBackground":
                guard let c = Self.hexColour(try str(key, v)) else { throw err(key, "expected an opaque colour \"#rrggbb\"") }
                jpegBackground = c
            case "corsOrigins", "corsMutationOrigins":
                guard case .array(let a) = v else { throw err(key, "expected an array of origins like \"https://maps.example.com\" or \"*\"") }
                let origins = try a.enumerated().map { try str("\(key)/\($0.offset)", $0.element) }
                if key == "corsOrigins" { cors.readOrigins = origins } else { cors.mutationOrigins = origins }
            default:
                guard try remote.load(key, v, err) || loadPublishing(key, v, err) else { throw err(key, "unknown key") }
            }
        }
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
        if !remote.cacheDir.isEmpty { remote.cacheDir = abs(remote.cacheDir, base) }
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
