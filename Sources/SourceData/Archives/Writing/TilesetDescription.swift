import JSON

/// What a written tile pyramid says about itself: the metadata both archive writers record
/// (MBTiles' `metadata` rows, PMTiles' header and metadata document).
public struct TilesetDescription: Sendable, Equatable {
    public var name: String
    /// The tiles' file format as MBTiles names it: `png`, `jpg` or `webp`.
    public var format: String
    /// Degrees: west, south, east, north.
    public var bounds: [Double]
    /// Degrees and zoom: the default view.
    public var center: (lon: Double, lat: Double, zoom: Int)
    public var minZoom: Int
    public var maxZoom: Int
    public var attribution: String?
    /// The tiles' CSS size (256 or 512) and pixel ratio, recorded for clients that need them.
    public var tileSize: Int
    public var pixelRatio: Int

    public init(name: String, format: String, bounds: [Double], center: (lon: Double, lat: Double, zoom: Int),
                minZoom: Int, maxZoom: Int, attribution: String?, tileSize: Int = 256, pixelRatio: Int = 1) {
        self.name = name; self.format = format; self.bounds = bounds; self.center = center
        self.minZoom = minZoom; self.maxZoom = maxZoom; self.attribution = attribution
        self.tileSize = tileSize; self.pixelRatio = pixelRatio
    }

    public static func == (a: TilesetDescription, b: TilesetDescription) -> Bool {
        a.name == b.name && a.format == b.format && a.bounds == b.bounds && a.center == b.center && a.minZoom == b.minZoom
            && a.maxZoom == b.maxZoom && a.attribution == b.attribution && a.tileSize == b.tileSize && a.pixelRatio == b.pixelRatio
    }

    /// The metadata as MBTiles' name/value rows (the spec's names; numbers as text).
    public var metadataRows: [(String, String)] {
        var rows: [(String, String)] = [
            ("name", name), ("format", format), ("type", "baselayer"), ("version", "1"),
            ("bounds", bounds.map(JSONValue.format).joined(separator: ",")),
            ("center", "\(JSONValue.format(center.lon)),\(JSONValue.format(center.lat)),\(center.zoom)"),
            ("minzoom", String(minZoom)), ("maxzoom", String(maxZoom)),
            ("tileSize", String(tileSize)), ("scale", String(pixelRatio)),
        ]
        if let attribution { rows.append(("attribution", attribution)) }
        return rows
    }

    /// The metadata as one JSON document (PMTiles' metadata section).
    public var metadataJSON: JSONValue {
        var o = JSONObject()
        for (k, v) in metadataRows {
            switch k {
            case "minzoom", "maxzoom", "tileSize", "scale": o[k] = .number(Double(v) ?? 0)
            case "bounds": o[k] = .array(bounds.map { .number($0) })
            case "center": o[k] = .array([.number(center.lon), .number(center.lat), .number(Double(center.zoom))])
            default: o[k] = .string(v)
            }
        }
        return .object(o)
    }
}

/// One tile to write: its address and the id of its bytes (equal ids: equal bytes, stored once).
public struct ArchiveTile: Sendable, Equatable {
    public var z: Int, x: Int, y: Int
    public var content: Int64
    public init(z: Int, x: Int, y: Int, content: Int64) { self.z = z; self.x = x; self.y = y; self.content = content }
}

/// Why an archive could not be written (a file system error, bad input to a writer).
public struct ArchiveWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
