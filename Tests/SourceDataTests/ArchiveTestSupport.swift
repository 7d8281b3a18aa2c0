import Foundation
@testable import SourceData

/// Writes small PMTiles v3 archives for tests: tiles by z/x/y, optionally behind one leaf
/// directory, directories optionally gzip-compressed (stored blocks).
struct PMTilesWriter {
    var tiles: [(z: Int, x: Int, y: Int, data: [UInt8])] = []
    var useLeaf = false
    var gzipDirectories = false
    var tileType: UInt8 = 1
    var metadata = "{\"vector_layers\":[{\"id\":\"water\"}]}"

    static func varint(_ v: UInt64, into out: inout [UInt8]) {
        var v = v
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        out.append(UInt8(v))
    }

    static func directory(_ entries: [PMTilesEntry]) -> [UInt8] {
        var out: [UInt8] = []
        varint(UInt64(entries.count), into: &out)
        var last: UInt64 = 0
        for e in entries { varint(e.tileID - last, into: &out); last = e.tileID }
        for e in entries { varint(e.runLength, into: &out) }
        for e in entries { varint(e.length, into: &out) }
        for (i, e) in entries.enumerated() {
            if i > 0, e.offset == entries[i - 1].offset + entries[i - 1].length { varint(0, into: &out) } else { varint(e.offset + 1, into: &out) }
        }
        return out
    }

    func encode() -> [UInt8] {
        var data: [UInt8] = []
        var entries: [PMTilesEntry] = []
        for t in tiles.sorted(by: { PMTilesDirectory.tileID(z: $0.z, x: $0.x, y: $0.y) < PMTilesDirectory.tileID(z: $1.z, x: $1.x, y: $1.y) }) {
            entries.append(PMTilesEntry(tileID: PMTilesDirectory.tileID(z: t.z, x: t.x, y: t.y), offset: UInt64(data.count),
                                        length: UInt64(t.data.count), runLength: 1))
            data += t.data
        }
        var root: [UInt8], leaves: [UInt8] = []
        if useLeaf {
            leaves = Self.directory(entries)
            if gzipDirectories { leaves = gzipStored(leaves) }
            root = Self.directory([PMTilesEntry(tileID: entries.first?.tileID ?? 0, offset: 0, length: UInt64(leaves.count), runLength: 0)])
        } else {
            root = Self.directory(entries)
        }
        if gzipDirectories { root = gzipStored(root) }
        var meta = Array(metadata.utf8)
        if gzipDirectories { meta = gzipStored(meta) }
        let rootOffset = 127, metaOffset = rootOffset + root.count, leafOffset = metaOffset + meta.count
        let dataOffset = leafOffset + leaves.count
        var h = Array("PMTiles".utf8) + [3]
        func u64(_ v: Int) { for i in 0..<8 { h.append(UInt8((UInt64(v) >> (8 * UInt64(i))) & 0xFF)) } }
        func i32(_ v: Int32) { for i in 0..<4 { h.append(UInt8((UInt32(bitPattern: v) >> (8 * UInt32(i))) & 0xFF)) } }
        u64(rootOffset); u64(root.count); u64(metaOffset); u64(meta.count); u64(leafOffset); u64(leaves.count)
        u64(dataOffset); u64(data.count); u64(tiles.count); u64(tiles.count); u64(tiles.count)
        h += [1, gzipDirectories ? 2 : 1, 1, tileType, 0, 14]
        i32(131_094_000); i32(534_382_000); i32(134_074_000); i32(536_153_000)
        h.append(0); i32(0); i32(0)
        precondition(h.count == 127)
        return h + root + meta + leaves + data
    }
}
