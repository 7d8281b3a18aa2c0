import Foundation
import GRDB

/// Writes an MBTiles 1.3 file deduplicated through the `map`/`images` schema (one `images` row
/// per distinct content, a `map` row per tile, the `tiles` view readers query) with its
/// `metadata` rows. Written under a temporary name and renamed into place when complete.
/// Rows go in tile order, so the file depends only on the tiles and their bytes.
public enum MBTilesArchiveWriter {
    /// Writes `tiles` to `path` atomically; `content` gives each content id's bytes (called
    /// once per distinct content).
    public static func write(path: String, tiles: [ArchiveTile], description: TilesetDescription,
                             content: (Int64) throws -> [UInt8]) throws {
        let temporary = path + ".tmp"
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
        do {
            let db = try DatabaseQueue(path: temporary)
            try db.write { db in
                try createSchema(db)
                for (name, value) in description.metadataRows {
                    try db.execute(sql: "INSERT INTO metadata (name, value) VALUES (?, ?)", arguments: [name, value])
                }
                try insert(tiles, into: db, content: content)
            }
            try db.close()
        } catch let e as ArchiveWriteError {
            unlink(temporary); throw e
        } catch {
            unlink(temporary); throw ArchiveWriteError("cannot write MBTiles \(temporary): \(error)")
        }
        guard rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw ArchiveWriteError("cannot rename \(temporary) to \(path): \(why)")
        }
        AtomicFileWriter.syncFolder(of: path)
    }

    static func createSchema(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE metadata (name TEXT NOT NULL PRIMARY KEY, value TEXT);
            CREATE TABLE map (zoom_level INTEGER NOT NULL, tile_column INTEGER NOT NULL, tile_row INTEGER NOT NULL, tile_id TEXT NOT NULL);
            CREATE TABLE images (tile_id TEXT NOT NULL PRIMARY KEY, tile_data BLOB NOT NULL);
            CREATE UNIQUE INDEX map_index ON map (zoom_level, tile_column, tile_row);
            CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
                map.tile_row AS tile_row, images.tile_data AS tile_data
                FROM map JOIN images ON images.tile_id = map.tile_id;
            """)
    }

    /// `map` rows in z/x/y order (TMS rows: row 0 in the south), each content's `images` row
    /// when first used.
    static func insert(_ tiles: [ArchiveTile], into db: Database, content: (Int64) throws -> [UInt8]) throws {
        let sorted = tiles.sorted { ($0.z, $0.x, $0.y) < ($1.z, $1.x, $1.y) }
        var written = Set<Int64>()
        let map = try db.makeStatement(sql: "INSERT INTO map (zoom_level, tile_column, tile_row, tile_id) VALUES (?, ?, ?, ?)")
        let image = try db.makeStatement(sql: "INSERT INTO images (tile_id, tile_data) VALUES (?, ?)")
        for t in sorted {
            let id = String(t.content)
            if written.insert(t.content).inserted {
                try image.execute(arguments: [id, Data(try content(t.content))])
            }
            do {
                try map.execute(arguments: [t.z, t.x, (1 << t.z) - 1 - t.y, id])
            } catch let e as DatabaseError where e.resultCode == .SQLITE_CONSTRAINT {
                throw ArchiveWriteError("tile \(t.z)/\(t.x)/\(t.y) appears twice")
            }
        }
    }
}
