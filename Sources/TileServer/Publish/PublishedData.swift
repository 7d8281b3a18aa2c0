import Foundation
import JSON
import Logging
import NIOConcurrencyHelpers
import SourceData

/// The tile archives of the data directory (found by name, or declared in the config's
/// `archives`), published at `/data/{id}/…` for GL clients: their tiles as stored and their
/// metadata as TileJSON. Opened once at start-up; remote archives are not republished.
public final class PublishedData: Sendable {
    private let archives = NIOLockedValueBox<[String: any TileArchive]>([:])

    public init() {}

    /// Ids in a stable order (the catalogs list them so).
    public var ids: [String] { archives.withLockedValue { $0.keys.sorted() } }

    /// The archive published as `id`, or nil.
    public func archive(_ id: String) -> (any TileArchive)? { archives.withLockedValue { $0[id] } }

    /// A source's attribution as a GL client shows it: its own `attribution`, else, for a
    /// source naming a published archive (`mbtiles://NAME`), the archive's (what the client
    /// reads from `/data/NAME.json`, and tileserver-gl from the MBTiles metadata).
    func attribution(ofSource source: JSONValue) -> String? {
        if let own = source["attribution"]?.stringValue { return own }
        guard let url = source["url"]?.stringValue, let name = GLStyleDocument.archiveName(url) else { return nil }
        return archive(name).flatMap(Self.attribution(of:))
    }

    /// An archive's attribution: its metadata's `attribution`; when that is missing or empty,
    /// its `description` if that is a credit (holds "©" or names OpenStreetMap, as tilemaker's
    /// OpenMapTiles archives write "© OpenStreetMap contributors (ODbL)" there), so an OSM map
    /// still shows its credit. Nil otherwise.
    static func attribution(of archive: any TileArchive) -> String? {
        let doc = archive.metadataDocument
        if let a = doc["attribution"]?.stringValue, !a.trimmingCharacters(in: .whitespaces).isEmpty { return a }
        guard let d = doc["description"]?.stringValue, d.contains("©") || d.contains("OpenStreetMap") else { return nil }
        return d
    }

    /// Opens every local archive of `named` (id → path); one that does not open is logged and
    /// left out.
    func publish(_ named: [String: String]) {
        let log = Logger(label: "strata.publish")
        var opened: [String: any TileArchive] = [:]
        for (id, path) in named where DataDirectory.host(of: path) == nil {
            let kind: ArchiveKind = path.hasSuffix(".pmtiles") ? .pmtiles : .mbtiles
            do {
                opened[id] = kind == .pmtiles ? try PMTilesArchive(path: path) : try MBTilesArchive(path: path)
            } catch {
                log.warning("archive \(path) is not published: \(error)")
            }
        }
        archives.withLockedValue { $0 = opened }
    }

    /// The file extension and content type of an archive's tiles (MBTiles' `format`,
    /// PMTiles' tile type; vector tiles when it does not say).
    static func tileFormat(_ archive: any TileArchive) -> (fileExtension: String, contentType: String) {
        switch archive.metadata.format?.lowercased() {
        case "png": return ("png", "image/png")
        case "jpg", "jpeg": return ("jpg", "image/jpeg")
        case "webp": return ("webp", "image/webp")
        default: return ("pbf", "application/x-protobuf")
        }
    }

    /// TileJSON 3.0.0 of archive `id` under `baseURL`: its tiles URL on this server, and
    /// bounds, zooms, format from the archive; name, description, attribution and the full
    /// `vector_layers` from its metadata document.
    static func tileJSON(id: String, archive: any TileArchive, baseURL: String) -> JSONValue {
        let m = archive.metadata, doc = archive.metadataDocument
        let format = tileFormat(archive).fileExtension
        let bounds = m.bounds ?? PublishedTileJSON.worldBounds
        let minzoom = m.minzoom ?? 0, maxzoom = m.maxzoom ?? 14
        var o = JSONObject()
        o["tilejson"] = "3.0.0"
        o["id"] = .string(id)
        o["name"] = doc["name"] ?? .string(id)
        if let d = doc["description"] { o["description"] = d }
        if let v = doc["version"] { o["version"] = v }
        o["attribution"] = .string(attribution(of: archive) ?? "")
        o["scheme"] = "xyz"
        o["tiles"] = [.string("\(baseURL)/data/\(id)/{z}/{x}/{y}.\(format)")]
        o["format"] = .string(format)
        o["minzoom"] = .number(minzoom)
        o["maxzoom"] = .number(maxzoom)
        o["bounds"] = .array(bounds.map { .number($0) })
        o["center"] = .array(center(doc["center"], bounds: bounds, minzoom: minzoom).map { .number($0) })
        if case .array(let layers)? = doc["vector_layers"] { o["vector_layers"] = .array(layers) }
        return .object(o)
    }

    /// The metadata's `center` ("lon,lat,zoom" in MBTiles, an array in PMTiles), else the
    /// middle of `bounds` at `minzoom`.
    static func center(_ value: JSONValue?, bounds: [Double], minzoom: Double) -> [Double] {
        let parts: [Double]
        switch value {
        case .string(let s)?: parts = s.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        case .array(let a)?: parts = a.compactMap(\.numberValue)
        default: parts = []
        }
        guard parts.count == 3, parts.allSatisfy(\.isFinite) else {
            return [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, minzoom]
        }
        return parts
    }
}
