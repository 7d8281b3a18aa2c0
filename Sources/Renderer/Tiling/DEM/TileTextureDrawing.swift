import Geo
import Raster

/// Something that colours a pixel from its position in a tile, as a fragment shader over a
/// tile's quad does: (u, v) in 0...1 across the tile's square, y down; the result is a
/// premultiplied colour with components in 0...1.
protocol TileTextureShader {
    func shade(u: Float, v: Float) -> SIMD4<Float>
}

/// Runs a `TileTextureShader` over the canvas pixels of a tile (those whose centres lie in
/// `clip`) and blends each result source-over as GL blends (ONE, ONE_MINUS_SRC_ALPHA).
/// Positions step linearly along a row (the projection is affine), so a pixel costs its
/// shader and the blend.
enum TileTextureDrawing {
    static func draw<S: TileTextureShader>(_ shader: S, square: WorldRect, clip: PixelClip, projection: WorldProjection,
                                           on canvas: Canvas) {
        guard !clip.isEmpty, square.width > 0, square.height > 0 else { return }
        let width = canvas.width
        func uv(_ x: Double, _ y: Double) -> SIMD2<Double> {
            let w = projection.invert(SIMD2(x, y))
            return SIMD2((w.x - square.minX) / square.width, (w.y - square.minY) / square.height)
        }
        let origin = uv(0.5, 0.5), stepX = uv(1.5, 0.5) - origin, stepY = uv(0.5, 1.5) - origin
        canvas.withUnsafeMutablePixels { pixels in
            for y in clip.minY...clip.maxY {
                var lo = clip.minX, hi = clip.maxX
                clip.narrow(row: y, &lo, &hi)
                guard lo <= hi else { continue }
                let row = pixels.baseAddress! + y * width
                for x in lo...hi {
                    let p = origin + stepX * Double(x) + stepY * Double(y)
                    let c = shader.shade(u: Float(p.x), v: Float(p.y))
                    guard c.w > 0 || c.x > 0 || c.y > 0 || c.z > 0 else { continue }
                    row[x] = ShaderBlend.over4(row[x], color255: c * 255, alpha: min(max(c.w, 0), 1), k: 1)
                }
            }
        }
    }
}
