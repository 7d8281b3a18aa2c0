import Foundation
import JSON

/// A PMTiles v3 archive: a header, a root directory (tile id → data range, or → leaf
/// directory), leaf directories and tile data, tiles ordered on a Hilbert curve per zoom.
/// Directories are read on demand and kept. The bytes come from a local file or, for
/// `pmtiles://https://…`, from HTTP range requests (`ArchiveBytes`).
public final class PMTilesArchive: TileArchive, @unchecked Sendable {
    public let path: String
    public let metadata: TileJSON
    public let metadataDocument: JSONObject
    let header: PMTilesHeader
    private let bytes: any ArchiveBytes
    private let lock = NSLock()
    /// Decoded directories by file offset (the root and the leaves visited so far).
    private var directories: [UInt64: [PMTilesEntry]] = [:]
    private static let maxDirectoryBytes = 16 << 20
    private static let maxTileBytes = 64 << 20

    public convenience init(path: String) throws {
        try self.init(path: path, bytes: FileArchiveBytes(path: path))
    }

    /// A remote archive at `url`, read by ranges through `directory`'s remote store.
    public convenience init(url: String, directory: DataDirectory) throws {
        try self.init(path: url, bytes: RemoteArchiveBytes(url: url, directory: directory))
    }

    init(path: String, bytes: any ArchiveBytes) throws {
        self.path = path
        self.bytes = bytes
        let head = try bytes.read(offset: 0, count: PMTilesHeader.length)
        header = try PMTilesHeader(head, fileSize: bytes.size)
        var t = TileJSON()
        t.minzoom = Double(header.minZoom); t.maxzoom = Double(header.maxZoom)
        let b = header.bounds
        if b[0] < b[2], b[1] < b[3] { t.bounds = b }
        t.format = header.formatName
        var document = JSONObject()
        if header.metadataLength > 0, header.metadataLength <= UInt64(PMTilesArchive.maxDirectoryBytes) {
            var m = try bytes.read(offset: header.metadataOffset, count: Int(header.metadataLength))
            if header.internalCompression == .gzip { m = try Inflate.inflate(m, limit: PMTilesArchive.maxDirectoryBytes) }
            if case .object(let o)? = try? JSONParser.parse(m) {
                document = o
                t.vectorLayers = o["vector_layers"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            }
        }
        metadata = t
        metadataDocument = document
    }

    public func tile(z: Int, x: Int, y: Int) throws -> [UInt8]? {
        guard z >= 0, z <= 26, x >= 0, y >= 0, x < 1 << z, y < 1 << z else { return nil }
        let id = PMTilesDirectory.tileID(z: z, x: x, y: y)
        var offset = header.rootOffset, length = header.rootLength
        for _ in 0..<4 {
            let entries = try directory(at: offset, length: length)
            guard let e = PMTilesDirectory.find(entries, id) else { return nil }
            if e.runLength > 0 {
                guard e.length <= UInt64(PMTilesArchive.maxTileBytes), e.offset <= header.dataLength,
                      e.length <= header.dataLength - e.offset else {
                    throw TileSourceError("PMTiles entry for \(z)/\(x)/\(y) points outside the tile data")
                }
                var bytes = try self.bytes.read(offset: header.dataOffset + e.offset, count: Int(e.length))
                if header.tileCompression == .gzip, !bytes.isEmpty { bytes = try Inflate.inflate(bytes) }
                return bytes
            }
            guard e.offset <= header.leafLength, e.length <= header.leafLength - e.offset else {
                throw TileSourceError("PMTiles leaf directory for \(z)/\(x)/\(y) lies outside the leaf section")
            }
            offset = header.leafOffset + e.offset; length = e.length
        }
        throw TileSourceError("PMTiles directories nest deeper than 4 levels")
    }

    private func directory(at offset: UInt64, length: UInt64) throws -> [PMTilesEntry] {
        lock.lock()
        if let d = directories[offset] { lock.unlock(); return d }
        lock.unlock()
        guard length <= UInt64(PMTilesArchive.maxDirectoryBytes) else { throw TileSourceError("PMTiles directory of \(length) bytes is too large") }
        var bytes = try self.bytes.read(offset: offset, count: Int(length))
        if header.internalCompression == .gzip { bytes = try Inflate.inflate(bytes, limit: PMTilesArchive.maxDirectoryBytes) }
        let entries = try PMTilesDirectory.decode(bytes)
        lock.lock(); defer { lock.unlock() }
        if directories.count > 4096 { directories.removeAll() }   // bound memory on huge archives
        directories[offset] = entries
        return entries
    }
}
