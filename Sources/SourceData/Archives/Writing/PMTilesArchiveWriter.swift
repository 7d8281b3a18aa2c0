import Foundation
import JSON

/// Writes a PMTiles v3 archive (github.com/protomaps/PMTiles, spec v3): the 127-byte header,
/// a gzip'd root directory within the first 16 KiB, the gzip'd metadata document, gzip'd leaf
/// directories when the root alone would not fit, then the tile data, clustered (contents in
/// tile-id order of their first use). Equal contents are stored once; a run of consecutive
/// tile ids with one content is one entry (`runLength`). The output depends only on the tiles
/// and their bytes, never on the order they were rendered in.
public enum PMTilesArchiveWriter {
    /// The root directory must end within the first 16 KiB (clients fetch that much first).
    static let rootBudget = 16_384 - PMTilesHeader.length

    /// Writes `tiles` to `path` atomically. `lengths` gives each content id's byte count and
    /// `content` its bytes (called once per distinct content, in storage order).
    public static func write(path: String, tiles: [ArchiveTile], lengths: [Int64: Int], description: TilesetDescription,
                             content: (Int64) throws -> [UInt8]) throws {
        guard description.bounds.count == 4 else { throw ArchiveWriteError("bounds must be west, south, east, north") }
        let (entries, order) = try layout(tiles, lengths: lengths)
        let (root, leaves) = try directories(entries)
        let metadata = try Gzip.compress(description.metadataJSON.serializedBytes())
        let dataLength = order.reduce(UInt64(0)) { $0 + UInt64(lengths[$1]!) }
        var h = Header(rootLength: root.count, metadataLength: metadata.count, leafLength: leaves.count, dataLength: dataLength)
        h.addressed = tiles.count; h.entries = entries.count; h.contents = order.count
        let out = try AtomicFileWriter(path: path)
        try out.write(h.bytes(description))
        try out.write(root); try out.write(metadata); try out.write(leaves)
        for id in order {
            let bytes = try content(id)
            guard bytes.count == lengths[id]! else { throw ArchiveWriteError("tile content \(id) changed length while written") }
            try out.write(bytes)
        }
        try out.commit()
    }

    /// Directory entries in tile-id order (runs merged) and the content ids in storage order.
    static func layout(_ tiles: [ArchiveTile], lengths: [Int64: Int]) throws -> ([PMTilesEntry], [Int64]) {
        let sorted = tiles.map { (PMTilesDirectory.tileID(z: $0.z, x: $0.x, y: $0.y), $0.content) }.sorted { $0.0 < $1.0 }
        var offsets: [Int64: UInt64] = [:]
        var order: [Int64] = []
        var next: UInt64 = 0
        var entries: [PMTilesEntry] = []
        entries.reserveCapacity(sorted.count)
        var lastContent: Int64 = -1
        for (id, c) in sorted {
            if let last = entries.last {
                guard id != last.tileID + last.runLength - 1 else { throw ArchiveWriteError("tile id \(id) appears twice") }
                if c == lastContent, id == last.tileID + last.runLength {
                    entries[entries.count - 1].runLength += 1
                    continue
                }
            }
            guard let length = lengths[c] else { throw ArchiveWriteError("tile content \(c) has no length") }
            let offset: UInt64
            if let o = offsets[c] { offset = o } else {
                offset = next; offsets[c] = next; order.append(c); next += UInt64(length)
            }
            entries.append(PMTilesEntry(tileID: id, offset: offset, length: UInt64(length), runLength: 1))
            lastContent = c
        }
        return (entries, order)
    }

    /// The gzip'd root directory and leaf directories: the root alone when it fits its budget,
    /// else leaves of `leafSize` entries (grown until the root of leaf pointers fits).
    static func directories(_ entries: [PMTilesEntry]) throws -> (root: [UInt8], leaves: [UInt8]) {
        let whole = try Gzip.compress(PMTilesDirectory.encode(entries))
        if whole.count <= rootBudget { return (whole, []) }
        var leafSize = max(4096, entries.count / 3500)
        while true {
            var pointers: [PMTilesEntry] = []
            var leaves: [UInt8] = []
            var start = 0
            while start < entries.count {
                let chunk = Array(entries[start..<min(entries.count, start + leafSize)])
                let bytes = try Gzip.compress(PMTilesDirectory.encode(chunk))
                pointers.append(PMTilesEntry(tileID: chunk[0].tileID, offset: UInt64(leaves.count), length: UInt64(bytes.count), runLength: 0))
                leaves += bytes
                start += leafSize
            }
            let root = try Gzip.compress(PMTilesDirectory.encode(pointers))
            if root.count <= rootBudget { return (root, leaves) }
            leafSize += leafSize / 5
        }
    }

    /// The header's numbers; sections follow it in the order root, metadata, leaves, data.
    struct Header {
        var rootLength: Int, metadataLength: Int, leafLength: Int
        var dataLength: UInt64
        var addressed = 0, entries = 0, contents = 0

        func bytes(_ d: TilesetDescription) -> [UInt8] {
            var h = Array("PMTiles".utf8) + [3]
            func u64(_ v: UInt64) { for i in 0..<8 { h.append(UInt8((v >> (8 * UInt64(i))) & 0xFF)) } }
            func i32(_ v: Double) {
                let e7 = Int32(clamping: Int64((v * 1e7).rounded()))
                for i in 0..<4 { h.append(UInt8((UInt32(bitPattern: e7) >> (8 * UInt32(i))) & 0xFF)) }
            }
            let root = UInt64(PMTilesHeader.length), meta = root + UInt64(rootLength)
            let leaf = meta + UInt64(metadataLength), data = leaf + UInt64(leafLength)
            u64(root); u64(UInt64(rootLength)); u64(meta); u64(UInt64(metadataLength))
            u64(leaf); u64(UInt64(leafLength)); u64(data); u64(dataLength)
            u64(UInt64(addressed)); u64(UInt64(entries)); u64(UInt64(contents))
            h += [1, PMTilesHeader.Compression.gzip.rawValue, PMTilesHeader.Compression.none.rawValue, Self.tileType(d.format).rawValue,
                  UInt8(clamping: d.minZoom), UInt8(clamping: d.maxZoom)]
            for v in d.bounds { i32(v) }
            h.append(UInt8(clamping: d.center.zoom)); i32(d.center.lon); i32(d.center.lat)
            return h
        }

        static func tileType(_ format: String) -> PMTilesHeader.TileType {
            switch format {
            case "png": return .png
            case "jpg", "jpeg": return .jpeg
            case "webp": return .webp
            case "pbf", "mvt": return .mvt
            default: return .unknown
            }
        }
    }
}
