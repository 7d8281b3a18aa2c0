import Foundation

/// The scheme, host and path every absolute URL the server writes starts with (TileJSON
/// `tiles`, style.json sources, glyphs and sprites, WMTS capabilities, catalogs). A configured
/// `publicUrl` wins; else, only when the config trusts the proxy in front, what the proxy says
/// (`Forwarded`, then `X-Forwarded-Proto`/`-Host`), so a client cannot make the server write
/// URLs to another host; else `http://` + the request's `Host`.
enum PublicBaseURL {
    /// `s` as a base URL (an absolute http(s) URL without query or fragment), its trailing
    /// slashes taken off so paths are appended as `/styles/…`; nil for anything else.
    static func normalized(_ s: String) -> String? {
        guard let url = URL(string: s), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil, url.user == nil,
              !s.contains(where: { $0.isWhitespace || $0.isNewline }) else { return nil }
        var out = s
        while out.hasSuffix("/") { out.removeLast() }
        return out
    }

    /// The base of a request's URLs.
    static func base(publicURL: String?, trustProxy: Bool, request: HTTPRequest, fallbackHost: String) -> String {
        if let publicURL { return publicURL }
        let host = request.header("Host").flatMap(validHost) ?? fallbackHost
        guard trustProxy else { return "http://" + host }
        let (proto, forwardedHost) = forwarded(request)
        return (proto ?? "http") + "://" + (forwardedHost ?? host)
    }

    /// The scheme and host a trusted proxy says the client used: the first element of
    /// `Forwarded` (RFC 7239), else `X-Forwarded-Proto` / `X-Forwarded-Host` (first of a list).
    /// A value that is not http/https or not a plain host is ignored.
    static func forwarded(_ request: HTTPRequest) -> (proto: String?, host: String?) {
        var proto: String?, host: String?
        if let header = request.header("Forwarded"), let first = header.split(separator: ",").first {
            for pair in first.split(separator: ";") {
                let kv = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard kv.count == 2 else { continue }
                let value = unquoted(kv[1])
                switch kv[0].lowercased() {
                case "proto": proto = validProto(value)
                case "host": host = validHost(value)
                default: continue
                }
            }
        }
        if proto == nil, let v = request.header("X-Forwarded-Proto") { proto = validProto(firstOfList(v)) }
        if host == nil, let v = request.header("X-Forwarded-Host") { host = validHost(firstOfList(v)) }
        return (proto, host)
    }

    static func firstOfList(_ v: String) -> String {
        String(v.split(separator: ",").first ?? "").trimmingCharacters(in: .whitespaces)
    }

    static func unquoted(_ v: String) -> String {
        v.count >= 2 && v.hasPrefix("\"") && v.hasSuffix("\"") ? String(v.dropFirst().dropLast()) : v
    }

    static func validProto(_ v: String) -> String? {
        let p = v.lowercased()
        return p == "http" || p == "https" ? p : nil
    }

    /// A host[:port] (name, IPv4 or bracketed IPv6): nothing that could add a path, a user or
    /// another header to a URL.
    static func validHost(_ v: String) -> String? {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-_:[]"))
        guard !v.isEmpty, v.count <= 255, v.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else { return nil }
        return v
    }
}
