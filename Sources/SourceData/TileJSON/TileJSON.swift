import Geo
import JSON

/// Tile addressing of a source: XYZ (rows from the north, the default) or TMS (rows from
/// the south, as MBTiles stores them).
public enum TileScheme: String, Sendable, Equatable { case xyz, tms }

/// Why a tiled source cannot be used: its TileJSON or archive is unreadable, or a value has
/// the wrong type. `path` is a JSON pointer into the document named in the message.
public struct TileSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let path: JSONPointer
    public init(_ message: String, path: JSONPointer = .root) { self.message = message; self.path = path }
    public var description: String { path.tokens.isEmpty ? message : "\(path): \(message)" }
}

/// The TileJSON fields MapLibre reads (`tiles`, `minzoom`, `maxzoom`, `bounds`, `scheme`,
/// `tileSize`, `encoding`, `vector_layers`) plus MBTiles' `format`. Every field is optional
/// so a style source's own values can be laid over it (`overriding(with:)`), as MapLibre does.
public struct TileJSON: Sendable, Equatable {
    public var tiles: [String]?
    public var minzoom: Double?
    public var maxzoom: Double?
    /// [west, south, east, north] in degrees.
    public var bounds: [Double]?
    public var scheme: TileScheme?
    public var tileSize: Int?
    public var encoding: String?
    /// Tile format of an archive ("pbf", "png", "jpg", "webp").
    public var format: String?
    /// Ids of `vector_layers`.
    public var vectorLayers: [String]?

    public init() {}

    /// Reads the fields from a TileJSON document (or a style source object). Fields of the
    /// wrong type throw with their JSON pointer; unknown fields are ignored.
    public static func parse(_ json: JSONValue) throws -> TileJSON {
        guard case .object(let o) = json else { throw TileSourceError("a TileJSON must be an object, not \(json.typeName)") }
        var t = TileJSON()
        func number(_ key: String) throws -> Double? {
            guard let v = o[key] else { return nil }
            guard case .number(let n) = v, n.isFinite else { throw TileSourceError("number expected, \(v.typeName) found", path: JSONPointer([key])) }
            return n
        }
        if let v = o["tiles"] {
            guard case .array(let a) = v else { throw TileSourceError("array of URL templates expected, \(v.typeName) found", path: JSONPointer(["tiles"])) }
            t.tiles = try a.enumerated().map { i, e in
                guard case .string(let s) = e else { throw TileSourceError("string expected, \(e.typeName) found", path: JSONPointer(["tiles", String(i)])) }
                return s
            }
        }
        t.minzoom = try number("minzoom")
        t.maxzoom = try number("maxzoom")
        if let v = o["bounds"] {
            guard case .array(let a) = v, a.count == 4, a.allSatisfy({ $0.numberValue?.isFinite == true }) else {
                throw TileSourceError("bounds must be [west, south, east, north] in degrees", path: JSONPointer(["bounds"]))
            }
            t.bounds = a.map { $0.numberValue! }
        }
        if let v = o["scheme"] {
            guard case .string(let s) = v, let scheme = TileScheme(rawValue: s) else {
                throw TileSourceError("scheme must be \"xyz\" or \"tms\"", path: JSONPointer(["scheme"]))
            }
            t.scheme = scheme
        }
        if let n = try number("tileSize") {
            guard n >= 1, n <= 4096, n.rounded() == n else { throw TileSourceError("tileSize must be an integer in 1...4096", path: JSONPointer(["tileSize"])) }
            t.tileSize = Int(n)
        }
        t.encoding = o["encoding"]?.stringValue
        t.format = o["format"]?.stringValue
        if case .array(let layers)? = o["vector_layers"] {
            t.vectorLayers = layers.compactMap { $0["id"]?.stringValue }
        }
        return t
    }

    /// This TileJSON with the fields `other` sets taking precedence (a style source's own
    /// `tiles`, `minzoom`, `maxzoom`, `bounds`, `scheme`, `tileSize`, `encoding` win over the
    /// TileJSON it points to, as in MapLibre's `loadTileJson`).
    public func overriding(with other: TileJSON) -> TileJSON {
        var t = self
        if let v = other.tiles { t.tiles = v }
        if let v = other.minzoom { t.minzoom = v }
        if let v = other.maxzoom { t.maxzoom = v }
        if let v = other.bounds { t.bounds = v }
        if let v = other.scheme { t.scheme = v }
        if let v = other.tileSize { t.tileSize = v }
        if let v = other.encoding { t.encoding = v }
        return t
    }
}
