import Foundation
import JSON

/// A file holding a whole tile pyramid (MBTiles, PMTiles). Tiles are addressed XYZ (rows
/// from the north) whatever the archive stores; `tile` returns nil for a tile the archive
/// does not have and the stored bytes otherwise (still compressed when the archive
/// compresses them: `VectorTile.decode` inflates gzip itself).
public protocol TileArchive: Sendable {
    /// The archive's path (also its cache identity).
    var path: String { get }
    /// What the archive says about itself, as TileJSON (minzoom, maxzoom, bounds, format,
    /// vector_layers); `tiles` is nil.
    var metadata: TileJSON { get }
    /// The archive's own metadata as one JSON object, for serving it (name, description,
    /// attribution, full `vector_layers`): MBTiles' metadata rows as strings with the `json`
    /// row's keys merged in, PMTiles' metadata document.
    var metadataDocument: JSONObject { get }
    func tile(z: Int, x: Int, y: Int) throws -> [UInt8]?
}

/// Archives opened once per path and shared by every render thread.
public final class TileArchiveRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [String: any TileArchive] = [:]

    public init() {}

    /// The archive at `path`, opened on first use (an archive that fails to open is not
    /// remembered, so fixing the file fixes the source). An http(s) `path` is a remote
    /// PMTiles archive, read by ranges through `directory`'s remote store.
    public func archive(kind: ArchiveKind, path: String, directory: DataDirectory? = nil) throws -> any TileArchive {
        let key = kind.rawValue + ":" + path
        lock.lock()
        if let a = open[key] { lock.unlock(); return a }
        lock.unlock()
        let archive: any TileArchive
        switch kind {
        case .mbtiles: archive = try MBTilesArchive(path: path)
        case .pmtiles:
            if DataDirectory.host(of: path) != nil, let directory {
                archive = try PMTilesArchive(url: path, directory: directory)
            } else {
                archive = try PMTilesArchive(path: path)
            }
        }
        lock.lock(); defer { lock.unlock() }
        if let a = open[key] { return a }
        open[key] = archive
        return archive
    }
}

extension DataDirectory {
    /// `*.mbtiles` and `*.pmtiles` files directly in `root`, by base name: what
    /// `mbtiles://NAME` / `pmtiles://NAME` find when the config does not declare NAME.
    public static func discoverArchives(in root: String) -> [String: String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [:] }
        var out: [String: String] = [:]
        for name in names.sorted() {
            for ext in [".mbtiles", ".pmtiles"] where name.hasSuffix(ext) && name.count > ext.count {
                let base = String(name.dropLast(ext.count))
                if out[base] == nil { out[base] = root + "/" + name }
            }
        }
        return out
    }
}
