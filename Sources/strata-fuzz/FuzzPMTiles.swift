import Foundation
import SourceData

/// Where each input is written for `PMTilesArchive`, which reads a file (per process;
/// `$TMPDIR` or /tmp).
let pmtilesScratchPath: String = {
    let dir = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    return "\(dir)/strata-fuzz-\(getpid()).pmtiles"
}()

/// A PMTiles archive (header, root and leaf directories, metadata, tile data): opening and
/// reading tiles never traps; a tile read twice (second time from the directory cache) is
/// the same; a tile is at most 64 MB, and MVT tiles decode to well-formed features.
/// Tiles read: z0, all of z1, and the one the header's centre bytes name.
func fuzzPMTiles(_ data: UnsafeRawBufferPointer) {
    let fd = open(pmtilesScratchPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    fuzzCheck(fd >= 0, "cannot write \(pmtilesScratchPath)")
    var done = 0
    while done < data.count {
        let n = write(fd, data.baseAddress! + done, data.count - done)
        fuzzCheck(n > 0, "cannot write \(pmtilesScratchPath)")
        done += n
    }
    close(fd)
    defer { unlink(pmtilesScratchPath) }
    guard let archive = try? PMTilesArchive(path: pmtilesScratchPath) else { return }
    var tiles = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1)]
    if data.count >= 127 {
        func u32(_ o: Int) -> Int { (0..<4).reduce(0) { $0 | Int(data[o + $1]) << (8 * $1) } }
        let z = Int(data[118]) % 27
        tiles.append((z, u32(119) & ((1 << z) - 1), u32(123) & ((1 << z) - 1)))
    }
    for (z, x, y) in tiles {
        guard let bytes = try? archive.tile(z: z, x: x, y: y) else { continue }
        fuzzCheck(bytes.count <= 64 << 20, "a \(bytes.count)-byte tile")
        fuzzCheck((try? archive.tile(z: z, x: x, y: y)) == bytes, "tile \(z)/\(x)/\(y) reads differently the second time")
        if archive.metadata.format == "pbf", let tile = try? VectorTile.decode(bytes) { checkVectorTile(tile) }
    }
}
