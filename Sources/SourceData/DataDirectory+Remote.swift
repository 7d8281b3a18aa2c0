import Foundation

/// Reading what a URL resolved to, local or remote, through one door: the renderer asks for
/// bytes and never cares where they live.
extension DataDirectory {
    /// The bytes of a resolved resource: a file's (nil when it does not exist), or a remote
    /// body (nil for a permanent absence). A remote body not fetched yet throws
    /// `RemoteResourceMissing` and one that failed throws `RemoteResourceFailed`; both are
    /// recorded in `RemoteNeeds.current` so the server can fetch or report them.
    public func bytes(of resource: ResolvedResource, kind: RemoteKind, limit: Int) throws -> [UInt8]? {
        switch resource {
        case .file(let path): return try read(path, limit: limit)
        case .remote(let url): return try remoteBytes(url, kind: kind)
        case .archive: throw DataPathError(code: "unsupported_url", "a \(kind.rawValue) cannot come from a tile archive")
        }
    }

    /// A remote body through `remote`, recording what is missing or failed.
    public func remoteBytes(_ url: String, kind: RemoteKind) throws -> [UInt8]? {
        try throughRemote(url) { try $0.bytes(url, kind: kind) }
    }

    /// The version of the remote body of `url` the server holds (changes when its content
    /// does), recording a miss or failure as `remoteBytes` does.
    public func remoteVersion(_ url: String, kind: RemoteKind) throws -> UInt64 {
        try throughRemote(url) { try $0.version(url, kind: kind) }
    }

    /// A suffix for the keys of caches of what is built from remote TileJSON, sprites, glyphs,
    /// GeoJSON and images: it changes when one of those bodies does (empty without remote).
    public var remoteGenerationKey: String {
        guard let remote else { return "" }
        return "|g" + String(remote.generation)
    }

    /// Tells the server a render uses the remote body of `url` through something built from it
    /// and cached: the body is revalidated once stale, the image is kept no longer than the body
    /// is usable, and one no longer held is fetched again (recorded as missing). An upstream
    /// failing with no copy held is not recorded: what was built from the last copy still serves.
    public func touchRemote(_ url: String, kind: RemoteKind) {
        guard let remote else { return }
        do {
            _ = try remote.version(url, kind: kind)
        } catch let e as RemoteResourceMissing {
            RemoteNeeds.current?.record(e)
        } catch {}
    }

    /// Asks `remote`, recording in `RemoteNeeds.current` what it does not hold yet or could not get.
    private func throughRemote<T>(_ url: String, _ ask: (any RemoteResources) throws -> T) throws -> T {
        guard let remote else {
            throw DataPathError(code: "forbidden_remote", "remote resources are not fetched here (\(DataPathError.printable(url)))")
        }
        do {
            return try ask(remote)
        } catch let e as RemoteResourceMissing {
            RemoteNeeds.current?.record(e)
            throw e
        } catch let e as RemoteResourceFailed {
            RemoteNeeds.current?.record(e)
            throw e
        }
    }

    /// `reference` read relative to the remote document `base` (a TileJSON's relative tile
    /// URLs, RFC 3986 style: "//host/…", "/path", "a/b", "../a"). Absolute references, and
    /// everything when `base` is not an http(s) URL, stay as they are. Done by hand, not by
    /// `URL`: template braces ({z}) must survive untouched.
    public static func absolute(_ reference: String, base: String) -> String {
        guard scheme(of: reference) == nil, host(of: base) != nil, let sep = base.range(of: "://") else { return reference }
        let schemePart = base[..<sep.upperBound]                                  // "https://"
        let rest = base[sep.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if reference.hasPrefix("//") { return String(schemePart.dropLast(2)) + reference }
        if reference.hasPrefix("/") { return schemePart + authority + reference }
        var path = rest.dropFirst(authority.count).prefix { $0 != "?" && $0 != "#" }
        if let slash = path.lastIndex(of: "/") { path = path[...slash] } else { path = "/" }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().dropLast().map(String.init)
        var ref = Substring(reference)
        while true {
            if ref.hasPrefix("./") { ref = ref.dropFirst(2) }
            else if ref.hasPrefix("../") { ref = ref.dropFirst(3); if !segments.isEmpty { segments.removeLast() } }
            else { break }
        }
        let dir = segments.isEmpty ? "/" : "/" + segments.joined(separator: "/") + "/"
        return schemePart + authority + dir + ref
    }
}
