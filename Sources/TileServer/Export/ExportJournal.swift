import Crypto
import Foundation
import Geo
import GRDB
import SourceData

/// What an export has finished, on disk next to its output (`OUT.journal`, SQLite in WAL
/// mode): each distinct tile content once (by SHA-256), and each finished tile's content.
/// A committed batch survives `kill -9`; a rerun of the same export skips those tiles, and the
/// archive is written from the journal only when every tile is in it. The job's options are
/// stored too, so a journal is never resumed by a different export.
final class ExportJournal: @unchecked Sendable {
    let path: String
    private let db: DatabaseQueue
    /// Content ids by hash, so a repeated tile (sea, empty land) costs no database lookup.
    private var ids: [Data: Int64] = [:]
    private let lock = NSLock()
    /// An exclusive `flock` on `path.lock`, held while open: two exports never write one
    /// journal (the kernel drops it when the process dies, so a killed export leaves none).
    private var lockFD: Int32 = -1

    /// Opens or creates the journal; throws when it was made by an export with other options
    /// or another export has it open.
    init(path: String, fingerprint: [String: String]) throws {
        self.path = path
        lockFD = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard lockFD >= 0 else { throw ExportError("cannot create \(path).lock: \(String(cString: strerror(errno)))") }
        guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else {
            close(lockFD)
            throw ExportError("another export is writing \(path) (its lock \(path).lock is held)")
        }
        var config = Configuration()
        config.label = "export-journal"
        // Another process may read it (a progress check): wait for its lock, never fail on it.
        config.busyMode = .timeout(30)
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL") }
        db = try DatabaseQueue(path: path, configuration: config)
        try db.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS job (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS contents (id INTEGER PRIMARY KEY, hash BLOB NOT NULL UNIQUE, data BLOB NOT NULL);
                CREATE TABLE IF NOT EXISTS tiles (z INTEGER NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL,
                    content INTEGER NOT NULL, PRIMARY KEY (z, x, y)) WITHOUT ROWID;
                """)
            let stored = Dictionary(try Row.fetchAll(db, sql: "SELECT key, value FROM job").map { ($0["key"] as String, $0["value"] as String) },
                                    uniquingKeysWith: { a, _ in a })
            if stored.isEmpty {
                for (k, v) in fingerprint.sorted(by: { $0.key < $1.key }) {
                    try db.execute(sql: "INSERT INTO job (key, value) VALUES (?, ?)", arguments: [k, v])
                }
            } else if stored != fingerprint {
                let differing = fingerprint.keys.filter { stored[$0] != fingerprint[$0] }.sorted()
                throw ExportError("\(path) is the journal of a different export (\(differing.joined(separator: ", ")) differ): "
                                  + "rerun with the same options to resume it, or delete it to start again")
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, hash FROM contents") { ids[row["hash"] as Data] = row["id"] }
        }
    }

    /// The tiles already finished.
    func finished() throws -> Set<TileID> {
        try db.read { db in
            Set(try Row.fetchAll(db, sql: "SELECT z, x, y FROM tiles").compactMap { TileID(z: $0["z"], x: $0["x"], y: $0["y"]) })
        }
    }

    /// Records a batch of finished tiles in one transaction.
    func record(_ batch: [(tile: TileID, bytes: [UInt8])]) throws {
        guard !batch.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        try db.write { db in
            for (tile, bytes) in batch {
                let hash = Data(SHA256.hash(data: bytes))
                let id: Int64
                if let known = ids[hash] { id = known } else {
                    try db.execute(sql: "INSERT INTO contents (hash, data) VALUES (?, ?)", arguments: [hash, Data(bytes)])
                    id = db.lastInsertedRowID
                    ids[hash] = id
                }
                try db.execute(sql: "INSERT OR REPLACE INTO tiles (z, x, y, content) VALUES (?, ?, ?, ?)",
                               arguments: [tile.z, tile.x, tile.y, id])
            }
        }
    }

    /// Every finished tile with its content id.
    func tiles() throws -> [ArchiveTile] {
        try db.read { db in
            try Row.fetchAll(db, sql: "SELECT z, x, y, content FROM tiles").map { ArchiveTile(z: $0["z"], x: $0["x"], y: $0["y"], content: $0["content"]) }
        }
    }

    /// Each content id's byte count.
    func lengths() throws -> [Int64: Int] {
        try db.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, length(data) AS n FROM contents").map { ($0["id"], $0["n"]) })
        }
    }

    func content(_ id: Int64) throws -> [UInt8] {
        try db.read { db in
            guard let data = try Data.fetchOne(db, sql: "SELECT data FROM contents WHERE id = ?", arguments: [id]) else {
                throw ExportError("the journal lost tile content \(id)")
            }
            return [UInt8](data)
        }
    }

    deinit { release() }

    /// Lets another export open the journal (this one is done with it, or failed).
    func release() {
        lock.lock(); defer { lock.unlock() }
        if lockFD >= 0 { close(lockFD); lockFD = -1 }
    }

    /// Closes and deletes the journal (after the output is in place).
    func remove() throws {
        try db.close()
        for suffix in ["", "-wal", "-shm", ".lock"] { unlink(path + suffix) }
        AtomicFileWriter.syncFolder(of: path)
    }
}

/// Why an export cannot run or finish (bad options, a journal of another export, a failed render).
public struct ExportError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
