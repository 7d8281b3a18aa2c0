/// One directory entry: a run of `runLength` tiles starting at `tileID` stored at
/// `offset`/`length` in the tile data, or (runLength 0) a leaf directory there.
struct PMTilesEntry: Sendable, Equatable {
    var tileID: UInt64
    var offset: UInt64
    var length: UInt64
    var runLength: UInt64
}

enum PMTilesDirectory {
    /// Most entries accepted in one directory (real ones hold a few thousand).
    static let maxEntries = 1 << 22

    /// Decodes an (uncompressed) directory: entry count, then delta-coded tile ids, run
    /// lengths, lengths and offsets (0 = right after the previous entry), all varints.
    static func decode(_ bytes: [UInt8]) throws -> [PMTilesEntry] {
        try bytes.withUnsafeBufferPointer { buf in
            var r = ProtobufReader(buf)
            let count = try r.readVarint()
            guard count <= UInt64(maxEntries), count <= UInt64(buf.count) else {
                throw TileSourceError("PMTiles directory claims \(count) entries in \(buf.count) bytes")
            }
            let n = Int(count)
            var entries = [PMTilesEntry](repeating: PMTilesEntry(tileID: 0, offset: 0, length: 0, runLength: 0), count: n)
            var last: UInt64 = 0
            for i in 0..<n {
                let (sum, overflow) = last.addingReportingOverflow(try r.readVarint())
                guard !overflow else { throw TileSourceError("PMTiles directory tile ids overflow") }
                entries[i].tileID = sum; last = sum
            }
            for i in 0..<n { entries[i].runLength = try r.readVarint() }
            for i in 0..<n { entries[i].length = try r.readVarint() }
            for i in 0..<n {
                let v = try r.readVarint()
                if v == 0, i > 0 {
                    let (o, overflow) = entries[i - 1].offset.addingReportingOverflow(entries[i - 1].length)
                    guard !overflow else { throw TileSourceError("PMTiles directory offsets overflow") }
                    entries[i].offset = o
                } else {
                    entries[i].offset = v &- 1
                }
            }
            return entries
        }
    }

    /// The entry covering `id`: an exact match, the run that contains it, or the leaf
    /// directory whose range it falls in (nil when none).
    static func find(_ entries: [PMTilesEntry], _ id: UInt64) -> PMTilesEntry? {
        var lo = 0, hi = entries.count - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            let t = entries[mid].tileID
            if t == id { return entries[mid] }
            if t < id { lo = mid + 1 } else { hi = mid - 1 }
        }
        guard hi >= 0 else { return nil }
        let e = entries[hi]
        if e.runLength == 0 { return e }
        return id - e.tileID < e.runLength ? e : nil
    }

    /// The Hilbert-curve tile id of z/x/y: all tiles of lower zooms come first.
    static func tileID(z: Int, x: Int, y: Int) -> UInt64 {
        var acc: UInt64 = 0
        for t in 0..<z { acc += 1 << (2 * UInt64(t)) }
        let n = 1 << z
        var x = x, y = y
        var d: UInt64 = 0
        var s = n >> 1
        while s > 0 {
            let rx = x & s > 0 ? 1 : 0, ry = y & s > 0 ? 1 : 0
            d += UInt64(s) * UInt64(s) * UInt64((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 { x = n - 1 - x; y = n - 1 - y }
                swap(&x, &y)
            }
            s >>= 1
        }
        return acc + d
    }
}

extension PMTilesDirectory {
    /// Encodes a directory as `decode` reads it: the count, then delta-coded tile ids, run
    /// lengths, lengths, and offsets (0 when an entry follows the previous one's bytes, else
    /// offset + 1), all varints. `entries` are sorted by tile id.
    static func encode(_ entries: [PMTilesEntry]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 6 + 8)
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
            out.append(UInt8(v))
        }
        varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries { varint(e.tileID - last); last = e.tileID }
        for e in entries { varint(e.runLength) }
        for e in entries { varint(e.length) }
        for (i, e) in entries.enumerated() {
            if i > 0, e.offset == entries[i - 1].offset + entries[i - 1].length { varint(0) } else { varint(e.offset + 1) }
        }
        return out
    }
}
