import Foundation

/// MapLibre's hillshade "prepare" pass for one DEM tile: per texel the elevation's x and y
/// derivatives from a 3×3 Sobel kernel over the bordered grid, scaled to the tile's zoom
/// (with MapLibre's exaggeration of low zooms), stored as GL stores them in its RGBA8
/// framebuffer: `clamp(d / 8 + 0.5)` rounded to a byte. The hillshade shader then samples
/// these bytes, bilinearly or nearest.
struct HillshadeSlopes {
    let dim: Int
    /// Two bytes per texel (x then y derivative), row-major `dim × dim`.
    private(set) var bytes: [UInt8]

    init(_ dem: DEMTile, zoom: Int) {
        dim = dem.dim
        let z = Float(zoom)
        let factor: Float = z < 2 ? 0.4 : z < 4.5 ? 0.35 : 0.3
        let exaggeration = z < 15 ? (z - 15) * factor : 0
        let scale = Float(dem.dim) / powf(2, exaggeration + (28.2562 - z))
        var out = [UInt8](repeating: 0, count: dem.dim * dem.dim * 2)
        let n = dem.dim
        func byte(_ d: Float) -> UInt8 { UInt8((min(max(d / 8 + 0.5, 0), 1) * 255).rounded()) }
        for y in 0..<n {
            for x in 0..<n {
                let a = dem[x - 1, y - 1], b = dem[x, y - 1], c = dem[x + 1, y - 1]
                let d = dem[x - 1, y], f = dem[x + 1, y]
                let g = dem[x - 1, y + 1], h = dem[x, y + 1], i = dem[x + 1, y + 1]
                let dx = ((c + f + f + i) - (a + d + d + g)) * scale
                let dy = ((g + h + h + i) - (a + b + b + c)) * scale
                out[(y * n + x) * 2] = byte(dx)
                out[(y * n + x) * 2 + 1] = byte(dy)
            }
        }
        bytes = out
    }

    /// The derivative at tile position (u, v) in 0...1, sampled like GL samples the
    /// framebuffer texture (CLAMP_TO_EDGE; LINEAR or NEAREST), back in −4...4.
    @inline(__always)
    func derivative(u: Float, v: Float, nearest: Bool) -> SIMD2<Float> {
        let n = dim
        let fx = u * Float(n), fy = v * Float(n)
        if nearest {
            let x = min(max(Int(fx.rounded(.down)), 0), n - 1), y = min(max(Int(fy.rounded(.down)), 0), n - 1)
            return texel(x, y)
        }
        let sx = fx - 0.5, sy = fy - 0.5
        let x0f = sx.rounded(.down), y0f = sy.rounded(.down)
        let wx = sx - x0f, wy = sy - y0f
        let x0 = min(max(Int(x0f), 0), n - 1), x1 = min(max(Int(x0f) + 1, 0), n - 1)
        let y0 = min(max(Int(y0f), 0), n - 1), y1 = min(max(Int(y0f) + 1, 0), n - 1)
        let top = texel(x0, y0) * (1 - wx) + texel(x1, y0) * wx
        let bottom = texel(x0, y1) * (1 - wx) + texel(x1, y1) * wx
        return top * (1 - wy) + bottom * wy
    }

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> SIMD2<Float> {
        let i = (y * dim + x) * 2
        return SIMD2(Float(bytes[i]), Float(bytes[i + 1])) / 255 * 8 - 4
    }
}

