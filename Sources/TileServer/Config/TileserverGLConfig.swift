import Foundation
import JSON

/// A tileserver-gl `config.json` read as Strata's config, so a tileserver-gl deployment moves
/// over with its file: `options.paths` (relative to `root`, itself relative to the file's
/// folder), the `styles` list (ids of the config, not file names) and the `data` list (ids
/// that styles name as `mbtiles://{id}`). Strata's own keys may sit in a `strata` object
/// (tileserver-gl ignores it). What Strata does not do is a warning, never a failed start;
/// a key of the wrong type is a `ConfigError`.
enum TileserverGLConfig {
    /// Whether `o` is tileserver-gl's format: an `options` or `data` object, or `styles` as an
    /// object of ids (Strata's flat `styles` is a folder path).
    static func matches(_ o: JSONObject) -> Bool {
        o["options"]?.objectValue != nil || o["data"]?.objectValue != nil || o["styles"]?.objectValue != nil
    }

    /// The Strata config `o` says; `folder` is the config file's folder. Paths come out absolute.
    static func config(_ o: JSONObject, file: String, folder: String) throws -> ServerConfig {
        func err(_ key: String, _ what: String) -> ConfigError { ConfigError(file: file, message: "/\(key): \(what)") }
        var c = try ServerConfig(json: o["strata"] ?? .object(JSONObject()), file: file)
        // tileserver-gl publishes its lists (and with serveAllStyles the styles folder).
        c.serveAllStyles = false
        c.discoverArchives = false
        var warnings: [String] = []
        for key in o.keys where !["options", "styles", "data", "strata"].contains(key) {
            warnings.append("/\(key): not a tileserver-gl key Strata reads; ignored")
        }
        for key in ["dataDir", "stylesDir", "styles"] where o["strata"]?[key] != nil {
            warnings.append("/strata/\(key): options.paths says where the files are; ignored")
        }
        let options = try object(o["options"], "options", err) ?? JSONObject()
        let paths = try TileserverGLPaths(options["paths"], folder: folder, err: err)
        c.dataDir = paths.root
        c.tileserverGLURLs = TileserverGLStyleURLs(root: paths.root, sprites: paths.sprites, fonts: paths.fonts ?? paths.root)
        if paths.sprites != paths.root, !paths.sprites.hasPrefix(paths.root + "/") {
            warnings.append("/options/paths/sprites: outside paths.root, where styles cannot reach; sprite URLs are kept as written")
        }
        c.stylesDir = paths.styles
        if let fonts = paths.fonts { c.fontsDir = fonts }
        if let icons = paths.icons { c.iconsDir = icons }
        warnings += paths.ignored
        warnings += try applyOptions(options, to: &c, err: err)
        warnings += try applyData(try object(o["data"], "data", err) ?? JSONObject(), paths: paths, to: &c, err: err)
        let styles = try object(o["styles"], "styles", err) ?? JSONObject()
        warnings += try applyStyles(styles, paths: paths, to: &c, err: err)
        if o["strata"]?["defaultStyle"] == nil {
            // The first style of the list (JSON order), else the first file of the styles folder.
            let listed = styles.keys.first { c.styleFiles[$0] != nil }
            guard let first = listed ?? PublishedStyles.styleFiles(in: c.stylesDir).first?.id else {
                throw err("styles", "no style to start the default session from (list one in \"styles\" or set strata.defaultStyle)")
            }
            c.defaultStyle = first
        }
        c.warnings = warnings
        return c
    }

    static func object(_ v: JSONValue?, _ key: String, _ err: (String, String) -> ConfigError) throws -> JSONObject? {
        guard let v else { return nil }
        guard case .object(let o) = v else { throw err(key, "expected an object, got \(v.typeName)") }
        return o
    }

    static func bool(_ v: JSONValue, _ key: String, _ err: (String, String) -> ConfigError) throws -> Bool {
        guard let b = v.boolValue else { throw err(key, "expected a boolean, got \(v.typeName)") }
        return b
    }

    /// `options` other than `paths`: what maps onto Strata's keys, the rest as warnings.
    static func applyOptions(_ options: JSONObject, to c: inout ServerConfig, err: (String, String) -> ConfigError) throws -> [String] {
        var warnings: [String] = []
        for (key, v) in options {
            let at = "options/\(key)"
            switch key {
            case "paths": continue
            case "serveAllStyles": c.serveAllStyles = try bool(v, at, err)
            case "serveAllFonts":
                // Strata always serves every font of its fonts directory.
                if try !bool(v, at, err) { warnings.append("/\(at): false is not supported; every font of the fonts directory is served") }
            case "maxScaleFactor":
                guard let n = v.intValue, (1...9).contains(n) else { throw err(at, "expected an integer from 1 to 9") }
                c.maxPixelRatio = n
            case "publicUrl":
                let bad = err(at, "expected an absolute http(s) URL like \"https://maps.example.com/\" (no query)")
                guard let s = v.stringValue else { throw bad }
                c.publicURL = try ServerConfig.publicURL(s, bad)
            case "maxSize":
                guard let n = v.intValue, n >= 1 else { throw err(at, "expected a positive integer") }
                c.maxStaticSide = n
            default: warnings.append("/\(at): not supported by Strata; ignored")
            }
        }
        return warnings
    }

    /// `data`: each id → its local MBTiles or PMTiles file (an archive of the config).
    static func applyData(_ data: JSONObject, paths: TileserverGLPaths, to c: inout ServerConfig,
                          err: (String, String) -> ConfigError) throws -> [String] {
        var warnings: [String] = []
        for (id, v) in data {
            let at = "data/\(id)"
            guard case .object(let entry) = v else { throw err(at, "expected an object like {\"mbtiles\": \"file.mbtiles\"}") }
            let kinds = ["mbtiles", "pmtiles"].filter { entry[$0] != nil }
            guard kinds.count == 1, let kind = kinds.first else { throw err(at, "expected exactly one of \"mbtiles\" or \"pmtiles\"") }
            guard let file = entry[kind]?.stringValue, !file.isEmpty else { throw err("\(at)/\(kind)", "expected a file name") }
            for key in entry.keys where key != kind { warnings.append("/\(at)/\(key): not supported by Strata; ignored") }
            if file.contains("://") {
                warnings.append("/\(at): remote archives are not published from the config; a style may name pmtiles://\(file)")
                continue
            }
            c.archives[id] = TileserverGLPaths.resolve(file, against: kind == "mbtiles" ? paths.mbtiles : paths.pmtiles)
        }
        return warnings
    }

    /// `styles`: each id → its style file (the ids are the published ones), its `tilejson`.
    static func applyStyles(_ styles: JSONObject, paths: TileserverGLPaths, to c: inout ServerConfig,
                            err: (String, String) -> ConfigError) throws -> [String] {
        var warnings: [String] = []
        for (id, v) in styles {
            let at = "styles/\(id)"
            guard ServerConfig.isValidStyleName(id) else { throw err(at, "a style id is letters, digits, '-', '_' and '.' (not leading)") }
            guard case .object(let entry) = v else { throw err(at, "expected an object like {\"style\": \"file.json\"}") }
            guard let style = entry["style"]?.stringValue, !style.isEmpty else { throw err("\(at)/style", "expected a style file name") }
            for (key, value) in entry {
                switch key {
                case "style": continue
                case "tilejson":
                    guard case .object(let t) = value else { throw err("\(at)/tilejson", "expected an object") }
                    if let f = t["format"], !(f.stringValue.map { ImageOutput.extensions.contains($0) } ?? false) {
                        throw err("\(at)/tilejson/format", "expected one of \(ImageOutput.extensions.sorted().joined(separator: ", "))")
                    }
                    c.styleTileJSON[id] = t
                case "serve_rendered", "serve_data":
                    if try !bool(value, "\(at)/\(key)", err) {
                        warnings.append("/\(at)/\(key): false is not supported; the style is published rendered and as style.json")
                    }
                default: warnings.append("/\(at)/\(key): not supported by Strata; ignored")
                }
            }
            if style.hasPrefix("http://") || style.hasPrefix("https://") {
                warnings.append("/\(at): remote style files are not published; save it in the styles folder")
                continue
            }
            c.styleFiles[id] = TileserverGLPaths.resolve(style, against: paths.styles)
        }
        return warnings
    }
}

/// tileserver-gl's `options.paths`: `root` against the config's folder, every other folder
/// against `root` (missing ones are `root` itself, as tileserver-gl resolves them).
struct TileserverGLPaths {
    var root: String, styles: String, mbtiles: String, pmtiles: String, sprites: String
    /// Only when the config names it: tileserver-gl's default (the root) is no fonts folder.
    var fonts: String?
    /// Marker icons (`marker=`), only when named.
    var icons: String?
    /// Keys Strata does not read, as warnings.
    var ignored: [String] = []

    init(_ value: JSONValue?, folder: String, err: (String, String) -> ConfigError) throws {
        let o = try TileserverGLConfig.object(value, "options/paths", err) ?? JSONObject()
        func path(_ key: String) throws -> String? {
            guard let v = o[key] else { return nil }
            guard let s = v.stringValue else { throw err("options/paths/\(key)", "expected a folder path, got \(v.typeName)") }
            return s
        }
        root = Self.resolve(try path("root") ?? "", against: folder)
        styles = Self.resolve(try path("styles") ?? "", against: root)
        mbtiles = Self.resolve(try path("mbtiles") ?? "", against: root)
        pmtiles = Self.resolve(try path("pmtiles") ?? "", against: root)
        sprites = Self.resolve(try path("sprites") ?? "", against: root)
        fonts = try path("fonts").map { Self.resolve($0, against: root) }
        icons = try path("icons").map { Self.resolve($0, against: root) }
        for key in o.keys where !["root", "styles", "mbtiles", "pmtiles", "fonts", "sprites", "icons"].contains(key) {
            _ = try path(key)
            ignored.append("/options/paths/\(key): not read by Strata")
        }
    }

    /// `p` made absolute against `base` (as Node's `path.resolve(base, p)`).
    static func resolve(_ p: String, against base: String) -> String {
        if p.hasPrefix("/") { return URL(fileURLWithPath: p).standardizedFileURL.path }
        return URL(fileURLWithPath: base).appendingPathComponent(p).standardizedFileURL.path
    }
}
