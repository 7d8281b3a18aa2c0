import Geo
import Raster

/// Something that colours a pixel from its position in a tile, as a fragment shader over a
/// tile's quad does: (u, v) in 0...1 across the tile's square, y down (Raster's
/// `TextureShader`).
protocol TileTextureShader: TextureShader {}

/// Runs a `TileTextureShader` over the canvas pixels of a tile (those whose centres lie in
/// `clip`): works out where pixel centres fall in the tile's square (the projection is
/// affine) and lets Raster shade and blend them (`Canvas.shade(_:clip:positions:)`).
enum TileTextureDrawing {
    static func draw<S: TileTextureShader>(_ shader: S, square: WorldRect, clip: PixelClip, projection: WorldProjection,
                                           on canvas: Canvas) {
        guard !clip.isEmpty, square.width > 0, square.height > 0 else { return }
        func uv(_ x: Double, _ y: Double) -> SIMD2<Double> {
            let w = projection.invert(SIMD2(x, y))
            return SIMD2((w.x - square.minX) / square.width, (w.y - square.minY) / square.height)
        }
        let origin = uv(0.5, 0.5), stepX = uv(1.5, 0.5) - origin, stepY = uv(0.5, 1.5) - origin
        canvas.shade(shader, clip: clip, positions: AffineTexturePositions(origin: origin, stepX: stepX, stepY: stepY))
    }
}
