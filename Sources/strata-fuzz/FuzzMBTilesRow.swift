import SourceData

/// A `tile_data` blob as an MBTiles row holds it (usually gzip): inflating with a small
/// limit either throws or agrees with the default limit, and the blob decodes as the
/// renderer decodes it (`VectorTile.decode`, which inflates gzip itself).
func fuzzMBTilesRow(_ data: UnsafeRawBufferPointer) {
    let blob = Array(data)
    if Inflate.isGzip(blob) || Inflate.isZlib(blob) {
        let full = try? Inflate.inflate(blob)
        if let full { fuzzCheck(full.count <= Inflate.defaultLimit, "inflated past the default limit") }
        if let small = try? Inflate.inflate(blob, limit: 4096) {
            fuzzCheck(small.count <= 4096, "inflated \(small.count) bytes past a 4096-byte limit")
            fuzzCheck(full == small, "inflate depends on the limit")
        } else if let full {
            fuzzCheck(full.count > 4096, "a \(full.count)-byte stream fails under a 4096-byte limit")
        }
    }
    guard let tile = try? VectorTile.decode(blob) else { return }
    checkVectorTile(tile)
}
