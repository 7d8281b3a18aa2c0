import Foundation

/// `mbtiles://` / `pmtiles://` archives and `http(s)` URLs.
extension DataDirectory {
    func archive(_ url: String, kind: ArchiveKind) throws -> ResolvedResource {
        let name = String(url.dropFirst(kind.rawValue.count + 3))   // after "scheme://"
        guard url.dropFirst(kind.rawValue.count).hasPrefix("://"), !name.isEmpty else {
            throw DataPathError(code: "unknown_archive", "\"\(DataPathError.printable(url))\": expected \(kind.rawValue)://NAME")
        }
        // pmtiles://https://host/file.pmtiles: a remote archive read by ranges, allowed as any remote URL.
        if kind == .pmtiles, DataDirectory.scheme(of: name) == "http" || DataDirectory.scheme(of: name) == "https" {
            guard case .remote = try remote(name) else { throw DataPathError(code: "forbidden_remote", "not a remote URL") }
            guard self.remote != nil else { throw DataPathError(code: "forbidden_remote", "remote archives are not fetched here") }
            return .archive(kind: kind, name: name, path: name)
        }
        guard let id = archiveID(name), let path = archives[id] else {
            let known = archives.keys.sorted().joined(separator: ", ")
            throw DataPathError(code: "unknown_archive",
                                "no archive named \"\(DataPathError.printable(name))\" in the config" + (known.isEmpty ? "" : " (known: \(known))"))
        }
        return .archive(kind: kind, name: id, path: path)
    }

    /// The archive NAME of `mbtiles://NAME` / `pmtiles://NAME` names: NAME itself, `{NAME}`
    /// (tileserver-gl's reference to a data id of its config) or an archive's file name
    /// (`mbtiles://city.mbtiles`, as tileserver-gl styles name files); nil for none.
    public func archiveID(_ name: String) -> String? {
        if archives[name] != nil { return name }
        if name.hasPrefix("{"), name.hasSuffix("}"), name.count > 2 {
            let inner = String(name.dropFirst().dropLast())
            return archives[inner] != nil ? inner : nil
        }
        return archives.keys.sorted().first { (archives[$0]! as NSString).lastPathComponent == name }
    }

    func remote(_ url: String) throws -> ResolvedResource {
        guard let host = DataDirectory.host(of: url) else {
            throw DataPathError(code: "forbidden_remote", "\"\(DataPathError.printable(url))\" is not a valid http(s) URL with a host")
        }
        guard allows(url) else {
            throw DataPathError(code: "forbidden_remote",
                                "remote sources are not allowed for host \"\(host)\" (config remoteHosts)")
        }
        return .remote(url: url)
    }

    /// Whether the allow-list admits `url`: its host, or its host and explicit port
    /// ("tiles.example.com:8443" admits that port only).
    public func allows(_ url: String) -> Bool {
        guard let host = DataDirectory.host(of: url) else { return false }
        if allowsHost(host) { return true }
        guard let port = DataDirectory.port(of: url) else { return false }
        return remoteHosts.contains("\(host):\(port)")
    }

    /// The explicit port of an http(s) URL, nil when it has none.
    static func port(of url: String) -> Int? {
        guard let sep = url.range(of: "://") else { return nil }
        let authority = url[sep.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let afterHost = authority.hasPrefix("[") ? authority.drop { $0 != "]" }.dropFirst() : authority.drop { $0 != ":" }
        guard afterHost.hasPrefix(":") else { return nil }
        return Int(afterHost.dropFirst())
    }

    public func allowsHost(_ host: String) -> Bool {
        if remoteHosts.contains("*") || remoteHosts.contains(host) { return true }
        for pattern in remoteHosts where pattern.hasPrefix("*.") {
            if host.hasSuffix(pattern.dropFirst(1)) { return true }
        }
        return false
    }

    /// The lowercased host of an http(s) URL; nil for anything unusual: no "//", empty host,
    /// credentials ("user@host" hides the real host from a casual reader), bad characters.
    public static func host(of url: String) -> String? {
        guard let sep = url.range(of: "://") else { return nil }
        let rest = url[sep.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@"), !authority.contains("\\") else { return nil }
        var host = Substring(authority)
        if host.hasPrefix("[") {                       // IPv6 literal
            guard let close = host.firstIndex(of: "]") else { return nil }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            let port = host[host.index(after: colon)...]
            guard port.allSatisfy(\.isNumber) else { return nil }
            host = host[..<colon]
        }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "%" }) else { return nil }
        return host.lowercased()
    }
}
