import Raster

/// A raster-dem tile decoded to elevations (metres) on a square grid with a one-texel border
/// around it, as MapLibre's DEMData keeps it: the border first repeats the tile's own edge,
/// and takes the neighbouring tiles' edge texels when they are drawn too, so slopes at tile
/// edges match across the seam.
struct DEMTile {
    /// Texels per side of the tile (without the border).
    let dim: Int
    /// `dim + 2`: texels per side with the border.
    var stride: Int { dim + 2 }
    /// Row-major, `stride × stride`; texel (x, y) of the tile is at (x + 1, y + 1).
    private(set) var elevations: [Float]

    /// Decodes a square image holding the file's straight RGBA (`TileResources.demTile`: the
    /// channels are elevation codes, not colours); nil when it is not square or empty.
    init?(_ image: Pixmap, encoding: DEMEncoding) {
        guard image.width == image.height, image.width > 0 else { return nil }
        let n = image.width
        dim = n
        let s = n + 2
        var grid = [Float](repeating: 0, count: s * s)
        image.data.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            grid.withUnsafeMutableBufferPointer { out in
                for y in 0..<n {
                    for x in 0..<n { out[(y + 1) * s + x + 1] = encoding.elevation(words[y * n + x]) }
                }
                // The border repeats the nearest edge texel until a neighbour fills it in.
                for i in 0..<n {
                    out[(i + 1) * s] = out[(i + 1) * s + 1]
                    out[(i + 1) * s + s - 1] = out[(i + 1) * s + s - 2]
                    out[i + 1] = out[s + i + 1]
                    out[(s - 1) * s + i + 1] = out[(s - 2) * s + i + 1]
                }
                out[0] = out[s + 1]
                out[s - 1] = out[s + s - 2]
                out[(s - 1) * s] = out[(s - 2) * s + 1]
                out[s * s - 1] = out[(s - 2) * s + s - 2]
            }
        }
        elevations = grid
    }

    /// Elevation at tile texel (x, y), x and y in −1...dim (the border included).
    @inline(__always)
    subscript(x: Int, y: Int) -> Float { elevations[(y + 1) * stride + x + 1] }

    /// Copies into the border the edge texels of `neighbour`, the tile `dx`, `dy` (−1...1)
    /// away at the same zoom (MapLibre's backfillBorder).
    mutating func backfill(from neighbour: DEMTile, dx: Int, dy: Int) {
        guard neighbour.dim == dim, dx != 0 || dy != 0, abs(dx) <= 1, abs(dy) <= 1 else { return }
        let xs = dx == -1 ? -1...(-1) : dx == 1 ? dim...dim : 0...(dim - 1)
        let ys = dy == -1 ? -1...(-1) : dy == 1 ? dim...dim : 0...(dim - 1)
        let s = stride
        for y in ys {
            for x in xs { elevations[(y + 1) * s + x + 1] = neighbour[x - dx * dim, y - dy * dim] }
        }
    }
}
