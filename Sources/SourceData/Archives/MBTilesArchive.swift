import Foundation
import GRDB
import JSON

/// An MBTiles file (SQLite): tiles in `tiles(zoom_level, tile_column, tile_row, tile_data)`
/// with TMS rows (row 0 in the south), facts in `metadata(name, value)`. Opened read-only;
/// reads go through one connection, serialized (a tile read is an indexed lookup).
public final class MBTilesArchive: TileArchive {
    public let path: String
    public let metadata: TileJSON
    public let metadataDocument: JSONObject
    private let db: DatabaseQueue

    /// Throws when the file is missing or not an MBTiles database.
    public init(path: String) throws {
        self.path = path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw TileSourceError("MBTiles archive \"\(path)\" does not exist or is not readable")
        }
        var config = Configuration()
        config.readonly = true
        config.label = "mbtiles"
        do {
            db = try DatabaseQueue(path: path, configuration: config)
            let rows = try db.read { db in
                guard try db.tableExists("tiles") || db.viewExists("tiles") else {
                    throw TileSourceError("\"\(path)\" has no tiles table: not an MBTiles archive")
                }
                return try db.tableExists("metadata") || db.viewExists("metadata")
                    ? try Row.fetchAll(db, sql: "SELECT name, value FROM metadata") : []
            }
            var pairs: [String: String] = [:]
            for row in rows {
                if let name: String = row["name"], let value: String = row["value"] { pairs[name] = value }
            }
            metadata = MBTilesArchive.tileJSON(pairs)
            metadataDocument = MBTilesArchive.document(pairs)
        } catch let e as TileSourceError {
            throw e
        } catch {
            throw TileSourceError("cannot read MBTiles archive \"\(path)\": \(error)")
        }
    }

    /// The metadata table as TileJSON: minzoom, maxzoom, bounds "w,s,e,n", format, and the
    /// `json` row's vector_layers.
    static func tileJSON(_ m: [String: String]) -> TileJSON {
        var t = TileJSON()
        t.minzoom = m["minzoom"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        t.maxzoom = m["maxzoom"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        if let b = m["bounds"] {
            let parts = b.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            if parts.count == 4, parts.allSatisfy(\.isFinite) { t.bounds = parts }
        }
        t.format = m["format"]
        if let json = m["json"], let parsed = try? JSONParser.parse(json), let layers = parsed["vector_layers"]?.arrayValue {
            t.vectorLayers = layers.compactMap { $0["id"]?.stringValue }
        }
        return t
    }

    /// The metadata rows as strings (sorted by name), the `json` row's object keys merged in.
    static func document(_ m: [String: String]) -> JSONObject {
        var o = JSONObject()
        for (name, value) in m.sorted(by: { $0.key < $1.key }) where name != "json" { o[name] = .string(value) }
        if let json = m["json"], case .object(let extra)? = try? JSONParser.parse(json) {
            for (k, v) in extra where o[k] == nil { o[k] = v }
        }
        return o
    }

    public func tile(z: Int, x: Int, y: Int) throws -> [UInt8]? {
        guard z >= 0, z <= 30, x >= 0, y >= 0, x < 1 << z, y < 1 << z else { return nil }
        let row = (1 << z) - 1 - y
        do {
            return try db.read { db -> [UInt8]? in
                let sql = "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?"
                guard let r = try Row.fetchOne(db, sql: sql, arguments: [z, x, row]) else { return nil }
                let value: DatabaseValue = r[0]
                switch value.storage {
                case .blob(let data): return [UInt8](data)
                case .string(let s): return Array(s.utf8)
                case .null: return []
                default: return nil
                }
            }
        } catch {
            throw TileSourceError("cannot read tile \(z)/\(x)/\(y) from \"\(path)\": \(error)")
        }
    }
}
