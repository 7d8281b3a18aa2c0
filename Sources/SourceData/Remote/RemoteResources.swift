/// What a remote resource is for: each kind has its own size limit, and warnings, metrics
/// and errors name it.
public enum RemoteKind: String, Sendable, Hashable, CaseIterable {
    case tileJSON = "tilejson", tile, sprite, glyphs, geojson, image
    /// A font file of a style's `font-faces`.
    case font

    /// Largest body accepted (a larger one is cut off and refused, never buffered whole).
    public var maxBytes: Int {
        switch self {
        case .tileJSON: return 4 << 20
        case .tile: return 16 << 20
        case .sprite: return 32 << 20
        case .glyphs: return 4 << 20
        case .geojson: return 64 << 20
        case .image: return 64 << 20
        case .font: return 32 << 20
        }
    }
}

/// Remote bodies as render threads see them: only what is already held. A render never
/// waits on the network; it asks, and what is not held yet is recorded (`RemoteNeeds`) so
/// the server fetches it on its event loops and renders again once the data is there.
public protocol RemoteResources: Sendable {
    /// The body of `url`: the bytes (none for a 204, an empty tile), nil for an absence (404,
    /// 410: a missing tile, as a missing file). Throws `RemoteResourceMissing` when it was not
    /// fetched yet and `RemoteResourceFailed` when the upstream failed with no copy held.
    func bytes(_ url: String, kind: RemoteKind) throws -> [UInt8]?
    /// The version of the body `bytes` would give now (a new number when the content changes):
    /// caches of what is built from remote data key on it. Throws as `bytes` does.
    func version(_ url: String, kind: RemoteKind) throws -> UInt64
    /// Changes whenever a TileJSON, sprite, glyph, GeoJSON or image body held before changes:
    /// caches of what is built from those (and of label layouts, made of glyphs and icons) key
    /// on it, so nothing built from an old body is served after the new one arrived.
    var generation: UInt64 { get }
}

/// A remote resource the render needs and no one has fetched yet.
public struct RemoteResourceMissing: Error, Sendable, Hashable {
    public let url: String
    public let kind: RemoteKind
    public init(url: String, kind: RemoteKind) { self.url = url; self.kind = kind }
}

/// A remote resource that could not be had: a transient failure (timeout, 5xx, refused
/// connection) with no stale copy to serve, or a refusal (a private address, a body over its
/// limit). The message names the host, never the URL's query (keys live there).
public struct RemoteResourceFailed: Error, Sendable, Hashable, CustomStringConvertible {
    public let url: String
    public let kind: RemoteKind
    public let host: String
    public let reason: String
    /// Worth retrying later (answered 502/504 with Retry-After, not cached).
    public let transient: Bool

    public init(url: String, kind: RemoteKind, host: String, reason: String, transient: Bool) {
        self.url = url; self.kind = kind; self.host = host; self.reason = reason; self.transient = transient
    }

    public var description: String { "\(kind.rawValue) from \(host): \(reason)" }
}
