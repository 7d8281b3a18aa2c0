import Foundation

/// Why a URL in a style may not be used. `code` is the HTTP error code of the contract.
public struct DataPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// "forbidden_path", "forbidden_remote", "unsupported_url" or "unknown_archive".
    public let code: String
    public let message: String
    public init(code: String, _ message: String) { self.code = code; self.message = message }
    public var description: String { "\(code): \(message)" }

    static func forbidden(_ url: String, _ why: String) -> DataPathError {
        DataPathError(code: "forbidden_path", "\"\(printable(url))\" is not allowed: \(why)")
    }

    /// The URL with control characters shown as escapes (a NUL must not end up in a log line).
    static func printable(_ s: String) -> String {
        String(s.unicodeScalars.prefix(200).map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined())
    }
}

/// The kinds of tile archive a `scheme://NAME` URL can name.
public enum ArchiveKind: String, Sendable, Equatable { case mbtiles, pmtiles }

/// What a URL of a style resolves to.
public enum ResolvedResource: Sendable, Equatable {
    /// An absolute path inside the data directory (it may not exist: a missing tile).
    case file(path: String)
    /// A tile archive declared in the config.
    case archive(kind: ArchiveKind, name: String, path: String)
    /// A remote URL whose host the config allows.
    case remote(url: String)
}

/// The server's data directory: every relative URL a style can carry (geojson `data`,
/// source `url` / `tiles` / `urls`, image `url`, `sprite`, `glyphs`, a TileJSON's `tiles`)
/// resolves against its root and may never leave it — no `..`, no absolute paths, no
/// `file://`, no symlinks that lead outside (checked on the real path), no NUL bytes, no
/// percent-encoded tricks. `mbtiles://NAME` / `pmtiles://NAME` name archives of the config;
/// `http(s)` URLs only reach hosts on the allow-list.
public struct DataDirectory: Sendable {
    /// The real (symlink-free) path of the root.
    public let root: String
    public let archives: [String: String]
    /// Allowed remote hosts, lowercased; "*.example.com" allows every subdomain, "*" any host.
    public let remoteHosts: Set<String>
    /// Where remote bodies come from (the server's fetcher and cache); nil: http(s) URLs are
    /// refused even for allowed hosts (tools without a network client).
    public var remote: (any RemoteResources)?

    /// Throws when `root` is not an existing directory.
    public init(root: String, archives: [String: String] = [:], remoteHosts: [String] = []) throws {
        guard let real = DataDirectory.realPath(root) else {
            throw DataPathError(code: "forbidden_path", "data directory \"\(DataPathError.printable(root))\" does not exist")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DataPathError(code: "forbidden_path", "data directory \"\(DataPathError.printable(root))\" is not a directory")
        }
        self.root = real
        self.archives = archives
        self.remoteHosts = Set(remoteHosts.map { $0.lowercased() })
    }

    /// Resolves a URL of a style (or of a TileJSON read from the data directory).
    public func resolve(_ url: String) throws -> ResolvedResource {
        guard !url.isEmpty else { throw DataPathError.forbidden(url, "the URL is empty") }
        guard !url.utf8.contains(0) else { throw DataPathError.forbidden(url, "it contains a NUL byte") }
        if let scheme = DataDirectory.scheme(of: url) {
            switch scheme {
            case "http", "https": return try remote(url)
            case "mapbox":
                guard let https = MapboxURL.normalize(url) else {
                    throw DataPathError(code: "unsupported_url", "\"\(DataPathError.printable(url))\" is not a mapbox:// URL this server knows")
                }
                return try remote(https)
            case "mbtiles", "pmtiles": return try archive(url, kind: ArchiveKind(rawValue: scheme)!)
            case "file": throw DataPathError.forbidden(url, "file:// URLs are refused; use a path relative to the data directory")
            default: throw DataPathError(code: "unsupported_url", "\"\(DataPathError.printable(url))\": the URL scheme \"\(scheme)\" is not supported")
            }
        }
        return .file(path: try filePath(url))
    }

    /// Resolves a tile URL template (`{z}`, `{x}`, `{y}`, `{quadkey}`, `{ratio}`) for one tile.
    /// The result is checked like any URL (a symlink to outside is refused per tile).
    public func resolveTile(_ template: String, z: Int, x: Int, y: Int, ratio: Int = 1) throws -> ResolvedResource {
        var quadkey = ""
        if z > 0 {
            for i in stride(from: z, to: 0, by: -1) {
                let mask = 1 << (i - 1)
                quadkey.append(String((x & mask != 0 ? 1 : 0) + (y & mask != 0 ? 2 : 0)))
            }
        }
        let url = template
            .replacingOccurrences(of: "{z}", with: String(z))
            .replacingOccurrences(of: "{x}", with: String(x))
            .replacingOccurrences(of: "{y}", with: String(y))
            .replacingOccurrences(of: "{quadkey}", with: quadkey)
            .replacingOccurrences(of: "{ratio}", with: ratio > 1 ? "@\(ratio)x" : "")
            .replacingOccurrences(of: "{prefix}", with: String(x % 16, radix: 16) + String(y % 16, radix: 16))
        return try resolve(url.contains("{bbox-epsg-3857}")
            ? url.replacingOccurrences(of: "{bbox-epsg-3857}", with: Self.bbox3857(z: z, x: x, y: y)) : url)
    }

    /// A tile's bounds in EPSG:3857 metres, "minX,minY,maxX,maxY" (WMS GetMap URLs).
    static func bbox3857(z: Int, x: Int, y: Int) -> String {
        let half = 20037508.342789244, size = 2 * half / Double(1 << z)
        let minX = -half + Double(x) * size, maxY = half - Double(y) * size
        return [minX, maxY - size, minX + size, maxY].map { String($0) }.joined(separator: ",")
    }

    /// Reads a resolved file: nil when it does not exist (a missing tile), the bytes
    /// otherwise (possibly none: an empty tile). Throws past `limit` bytes.
    public func read(_ path: String, limit: Int = 512 << 20) throws -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: limit + 1) ?? Data()
        guard data.count <= limit else {
            throw DataPathError(code: "too_large", "\"\(path)\" is larger than \(limit) bytes")
        }
        return [UInt8](data)
    }

    // MARK: relative paths

    /// The absolute path inside the root for a relative URL, or a forbidden_path error.
    func filePath(_ url: String) throws -> String {
        // Drop a query or fragment (a relative URL may carry a cache-busting "?v=").
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        guard !path.isEmpty else { throw DataPathError.forbidden(url, "the path is empty") }
        guard !path.hasPrefix("/") else { throw DataPathError.forbidden(url, "absolute paths are refused; use a path relative to the data directory") }
        let decoded = try DataDirectory.percentDecoded(path, url)
        guard !decoded.contains("\u{0}") else { throw DataPathError.forbidden(url, "it contains an encoded NUL byte") }
        guard !decoded.contains("\\") else { throw DataPathError.forbidden(url, "backslashes are refused in paths") }
        guard !decoded.hasPrefix("/") else { throw DataPathError.forbidden(url, "it decodes to an absolute path") }
        if DataDirectory.hasPercentEscape(decoded) {
            throw DataPathError.forbidden(url, "it is percent-encoded twice")
        }
        var components: [Substring] = []
        for c in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." { continue }
            if c == ".." { throw DataPathError.forbidden(url, "'..' may not be used to leave or climb the data directory") }
            components.append(c)
        }
        guard !components.isEmpty else { throw DataPathError.forbidden(url, "it names the data directory itself") }
        let joined = root + "/" + components.joined(separator: "/")
        try checkNoEscape(joined, url)
        return joined
    }

    /// Follows symlinks: the longest existing prefix of `path` must really lie in the root.
    private func checkNoEscape(_ path: String, _ url: String) throws {
        var probe = path
        while true {
            if let real = DataDirectory.realPath(probe) {
                guard real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                    throw DataPathError.forbidden(url, "it leads outside the data directory through a symbolic link")
                }
                return
            }
            // Not there (yet): check the parent. A dangling symlink is refused too: it
            // points somewhere we cannot vouch for.
            if DataDirectory.isSymlink(probe) {
                throw DataPathError.forbidden(url, "it goes through a symbolic link that leads nowhere")
            }
            guard let slash = probe.lastIndex(of: "/"), probe.distance(from: probe.startIndex, to: slash) > 0 else { return }
            probe = String(probe[..<slash])
            if probe.count < root.count { return }
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    static func isSymlink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// The scheme of an absolute URL ("http", …), nil for a relative reference. RFC 3986:
    /// a letter, then letters, digits, "+", "-" or ".", then ":" before any "/", "?" or "#".
    static func scheme(of url: String) -> String? {
        let b = Array(url.utf8.prefix(64))
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
        guard let first = b.first, isLetter(first) else { return nil }
        for (i, c) in b.enumerated().dropFirst() {
            if c == UInt8(ascii: ":") { return String(decoding: b[..<i], as: UTF8.self).lowercased() }
            let ok = isLetter(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "+")
                || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            if !ok { return nil }
        }
        return nil
    }

    static func percentDecoded(_ s: Substring, _ url: String) throws -> String {
        guard s.contains("%") else { return String(s) }
        var bytes: [UInt8] = []
        var it = Array(s.utf8)[...]
        while let c = it.popFirst() {
            if c != UInt8(ascii: "%") { bytes.append(c); continue }
            guard let h = it.popFirst(), let l = it.popFirst(), let hv = hexValue(h), let lv = hexValue(l) else {
                throw DataPathError.forbidden(url, "it has a malformed percent escape")
            }
            bytes.append(hv << 4 | lv)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DataPathError.forbidden(url, "it decodes to invalid UTF-8")
        }
        return text
    }

    static func hasPercentEscape(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count >= 3 else { return false }
        for i in 0..<(b.count - 2) where b[i] == UInt8(ascii: "%") && hexValue(b[i + 1]) != nil && hexValue(b[i + 2]) != nil { return true }
        return false
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - 55
        default: return nil
        }
    }
}
