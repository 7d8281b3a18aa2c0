import NIOHTTP1

/// Cross-origin headers, decided in one place for every response. Reads (GET/HEAD of tiles,
/// TileJSON, styles, fonts, sprites, static images, data) are open to `readOrigins` (default
/// `*`, so MapLibre GL JS and OpenLayers can load tiles and TileJSON from any page); mutations
/// are open only to origins listed in `mutationOrigins`, echoed with `Vary: Origin`, so a page
/// on an unlisted site cannot restyle a session from a visitor's browser.
public struct CORSPolicy: Sendable, Equatable {
    /// Origins allowed to read; `"*"` allows any.
    public var readOrigins: [String]
    /// Origins allowed to send POST/PUT/PATCH/DELETE; `"*"` allows any (echoed, never `*`).
    public var mutationOrigins: [String]
    /// How long a browser may cache a preflight answer.
    public var maxAgeSeconds: Int

    static let readMethods = "GET, HEAD, OPTIONS"
    static let allMethods = "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE"
    /// Request headers clients of the contract send (sessions, revisions, conditional GETs).
    static let allowedHeaders = "Content-Type, X-Session-ID, If-Match, If-None-Match"
    /// Response headers a script may read (revisions, sessions, caching).
    static let exposedHeaders = "ETag, Location, X-Session-ID"

    public init(readOrigins: [String] = ["*"], mutationOrigins: [String] = [], maxAgeSeconds: Int = 86400) {
        self.readOrigins = readOrigins
        self.mutationOrigins = mutationOrigins
        self.maxAgeSeconds = maxAgeSeconds
    }

    static func isRead(_ method: HTTPMethod) -> Bool { method == .GET || method == .HEAD }

    /// The `Access-Control-Allow-Origin` value for a request, or nil when it gets none.
    func allowedOrigin(method: HTTPMethod, origin: String?) -> String? {
        if Self.isRead(method) {
            if readOrigins.contains("*") { return "*" }
            guard let origin, readOrigins.contains(origin) else { return nil }
            return origin
        }
        guard let origin, mutationOrigins.contains(origin) || mutationOrigins.contains("*") else { return nil }
        return origin
    }

    /// Adds the CORS headers to an actual (non-preflight) response.
    func apply(to headers: inout HTTPHeaders, method: HTTPMethod, origin: String?) {
        let allowed = allowedOrigin(method: method, origin: origin)
        // Whenever the answer depends on the Origin header, caches must key on it.
        if allowed != "*" { Self.addVary("Origin", to: &headers) }
        guard let allowed else { return }
        headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: allowed)
        headers.replaceOrAdd(name: "Access-Control-Expose-Headers", value: Self.exposedHeaders)
    }

    /// The 204 answer to `OPTIONS` on a known path. The methods offered depend on the origin:
    /// mutation methods only to listed mutation origins.
    func preflight(origin: String?, requestedMethod: String?) -> HTTPResponse {
        var headers = HTTPHeaders()
        let mayMutate = origin.map { mutationOrigins.contains($0) || mutationOrigins.contains("*") } ?? false
        let requested = requestedMethod.map { HTTPMethod(rawValue: $0.uppercased()) } ?? .GET
        let asked = Self.isRead(requested) || requested == .OPTIONS ? HTTPMethod.GET : requested
        if let allowed = allowedOrigin(method: asked, origin: origin) {
            headers.add(name: "Access-Control-Allow-Origin", value: allowed)
            headers.add(name: "Access-Control-Allow-Methods", value: mayMutate ? Self.allMethods : Self.readMethods)
            headers.add(name: "Access-Control-Allow-Headers", value: Self.allowedHeaders)
            headers.add(name: "Access-Control-Max-Age", value: String(maxAgeSeconds))
        }
        headers.add(name: "Allow", value: Self.allMethods)
        Self.addVary("Origin", to: &headers)
        return HTTPResponse(status: .noContent, headers: headers)
    }

    /// Appends a field to `Vary` (one header, comma-separated) unless it is already named.
    static func addVary(_ field: String, to headers: inout HTTPHeaders) {
        let existing = headers[canonicalForm: "Vary"].map(String.init)
        guard !existing.contains(where: { $0.caseInsensitiveCompare(field) == .orderedSame }) else { return }
        headers.replaceOrAdd(name: "Vary", value: (existing + [field]).joined(separator: ", "))
    }
}
