import Foundation
import Geo
import JSON

/// A `vector` or `raster` source resolved against the data directory: where its tiles come
/// from (URL templates inside the data directory, or an archive), its zoom range, bounds,
/// scheme and tile size — the style source's own values over those of its TileJSON (`url`:
/// a TileJSON file in the data directory, or `mbtiles://` / `pmtiles://` archive metadata).
public struct TiledSource: Sendable {
    public enum Origin: Sendable {
        /// URL templates, resolved per tile against the data-directory root.
        case templates([String])
        case archive(any TileArchive)
    }

    public let origin: Origin
    /// Tiles exist from `minzoom` to `maxzoom`; deeper views over-zoom `maxzoom` tiles.
    public let minzoom: Int
    public let maxzoom: Int
    /// [west, south, east, north] degrees when the source limits its tiles (MapLibre's
    /// TileBounds: tiles outside are never requested).
    public let bounds: [Double]?
    public let scheme: TileScheme
    public let tileSize: Int
    public let vectorLayers: [String]?
    /// Archive tile format ("pbf", "png", ...) when known.
    public let format: String?
    /// Identity of the tile data, for caches of decoded tiles.
    public let dataKey: String
    /// Resolved URLs of remote tiles, when the templates are remote (nil: local files or an archive).
    let remoteURLs: RemoteTileURLs?
    /// The remote TileJSON the source was read from (nil: none, or a local one).
    public private(set) var remoteTileJSON: String?

    /// Largest TileJSON file read.
    public static let maxTileJSONBytes = 4 << 20

    /// Resolves a style source object. Throws `DataPathError` for URLs the data directory
    /// refuses (hostile `tiles` entries included, also those inside a TileJSON) and
    /// `TileSourceError` for unreadable TileJSON or archives.
    public static func resolve(_ source: JSONObject, directory: DataDirectory, archives: TileArchiveRegistry) throws -> TiledSource {
        let own = try TileJSON.parse(.object(source))
        var base = TileJSON()
        var archive: (any TileArchive)?
        var remoteTileJSON: String?
        if let url = source["url"] {
            guard case .string(let u) = url else { throw TileSourceError("url must be a string", path: JSONPointer(["url"])) }
            switch try directory.resolve(u) {
            case .file(let path):
                guard let bytes = try directory.read(path, limit: maxTileJSONBytes) else {
                    throw TileSourceError("TileJSON \"\(DataPathError.printable(u))\" does not exist", path: JSONPointer(["url"]))
                }
                do {
                    base = try TileJSON.parse(JSONParser.parse(bytes))
                } catch let e as TileSourceError {
                    throw TileSourceError("TileJSON \"\(DataPathError.printable(u))\": \(e.description)", path: JSONPointer(["url"]))
                } catch {
                    throw TileSourceError("TileJSON \"\(DataPathError.printable(u))\": \(error)", path: JSONPointer(["url"]))
                }
            case .archive(let kind, _, let path):
                let a = try archives.archive(kind: kind, path: path, directory: directory)
                archive = a
                base = a.metadata
            case .remote(let remoteURL):
                // Not held yet: RemoteResourceMissing goes up to the server, which fetches it.
                guard let bytes = try directory.remoteBytes(remoteURL, kind: .tileJSON) else {
                    throw TileSourceError("TileJSON \"\(DataPathError.printable(u))\" does not exist (404)", path: JSONPointer(["url"]))
                }
                do {
                    base = try TileJSON.parse(JSONParser.parse(bytes))
                } catch {
                    throw TileSourceError("TileJSON \"\(DataPathError.printable(u))\": \(error)", path: JSONPointer(["url"]))
                }
                // Relative tile URLs are relative to the TileJSON, as a browser reads them.
                base.tiles = base.tiles?.map { DataDirectory.absolute($0, base: remoteURL) }
                remoteTileJSON = remoteURL
            }
        }
        let merged = base.overriding(with: own)
        let origin: Origin
        let key: String
        var remote = false
        if let tiles = merged.tiles, !tiles.isEmpty, own.tiles != nil || archive == nil {
            for (i, t) in tiles.enumerated() {
                do {
                    switch try directory.resolveTile(t, z: 0, x: 0, y: 0) {
                    case .file: break
                    case .remote:
                        guard directory.remote != nil else {
                            throw DataPathError(code: "forbidden_remote", "remote tile URLs are not fetched here")
                        }
                        remote = true
                    case .archive:
                        throw TileSourceError("an archive is named by the source's \"url\", not by \"tiles\"", path: JSONPointer(["tiles", String(i)]))
                    }
                } catch let e as DataPathError {
                    throw DataPathError(code: e.code, "tiles/\(i): \(e.message)")
                }
            }
            origin = .templates(tiles)
            key = "tiles:" + (merged.scheme ?? .xyz).rawValue + ":" + tiles.joined(separator: "\n")
        } else if let archive {
            origin = .archive(archive)
            key = "archive:" + archive.path
        } else {
            throw TileSourceError("the source has neither \"tiles\" nor a \"url\" giving them")
        }
        let minzoom = Int((merged.minzoom ?? 0).rounded(.up))
        let maxzoom = Int((merged.maxzoom ?? 22).rounded(.down))
        var resolved = TiledSource(origin: origin, minzoom: max(0, min(TileID.maxZoom, minzoom)), maxzoom: max(0, min(TileID.maxZoom, maxzoom)),
                                   bounds: merged.bounds, scheme: archive != nil && own.tiles == nil ? .xyz : (merged.scheme ?? .xyz),
                                   tileSize: merged.tileSize ?? 512, vectorLayers: merged.vectorLayers, format: merged.format, dataKey: key,
                                   remoteURLs: remote ? RemoteTileURLs() : nil)
        resolved.remoteTileJSON = remoteTileJSON
        return resolved
    }

    /// Whether the source has tile `tile` by its bounds (MapLibre's TileBounds.contains:
    /// the tile range covering the bounds, edges rounded outwards).
    public func covers(_ tile: TileID) -> Bool {
        guard let b = bounds else { return true }
        let n = Double(tile.tilesPerSide)
        let west = max(-180, b[0]), south = max(-90, b[1]), east = min(180, b[2]), north = min(90, b[3])
        let minX = (Self.mercatorX(west) * n).rounded(.down), maxX = (Self.mercatorX(east) * n).rounded(.up)
        let minY = (Self.mercatorY(north) * n).rounded(.down), maxY = (Self.mercatorY(south) * n).rounded(.up)
        let x = Double(tile.x), y = Double(tile.y)
        return x >= minX && x < maxX && y >= minY && y < maxY
    }

    static func mercatorX(_ lon: Double) -> Double { (180 + lon) / 360 }
    /// Unclamped, as MapLibre's mercatorYfromLat (±90° give ∓infinity).
    static func mercatorY(_ lat: Double) -> Double {
        (180 - (180 / Double.pi) * log(tan(Double.pi / 4 + lat * Double.pi / 360))) / 360
    }

    /// The identity of `tile`'s data, for caches of what is built from it: the source's data
    /// key and the tile, plus, for a remote tile, the version of the body the server holds (a
    /// changed body after revalidation is new data; one not held throws, as `tileBytes` does).
    public func tileKey(_ tile: TileID, directory: DataDirectory) throws -> String {
        let key = dataKey + "|" + tile.description
        guard let remoteURLs, case .templates(let templates) = origin else { return key }
        let url = try remoteURLs.url(tile) {
            let template = templates[(tile.x + tile.y) % templates.count]
            let y = scheme == .tms ? tile.tilesPerSide - 1 - tile.y : tile.y
            guard case .remote(let u) = try directory.resolveTile(template, z: tile.z, x: tile.x, y: y) else { return nil }
            return u
        }
        guard let url else { return key }
        return key + "|v" + String(try directory.remoteVersion(url, kind: .tile))
    }

    /// The stored bytes of `tile`: nil when the tile does not exist (missing file or not in
    /// the archive), empty for an empty tile. Throws for hostile paths and read errors.
    public func tileBytes(_ tile: TileID, directory: DataDirectory, limit: Int = 64 << 20) throws -> [UInt8]? {
        switch origin {
        case .archive(let a):
            return try a.tile(z: tile.z, x: tile.x, y: tile.y)
        case .templates(let templates):
            let template = templates[(tile.x + tile.y) % templates.count]
            let y = scheme == .tms ? tile.tilesPerSide - 1 - tile.y : tile.y
            switch try directory.resolveTile(template, z: tile.z, x: tile.x, y: y) {
            case .file(let path): return try directory.read(path, limit: limit)
            case .remote(let url): return try directory.remoteBytes(url, kind: .tile)
            case .archive: return nil      // refused when the source was resolved
            }
        }
    }
}
