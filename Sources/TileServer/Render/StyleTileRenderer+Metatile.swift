import Foundation
import Geo
import PNGCodec
import Raster
import Renderer

extension StyleTileRenderer {
    /// Draws a block of tiles as one canvas (a `/tiles` camera, so labels come from the same
    /// placement blocks and features continue across the cuts) and encodes each tile's pixels
    /// as `renderTile` would: the source tiles, placement and style work of the block are paid
    /// once instead of per tile.
    public func renderMetatile(style: LiveStyle, origin: TileRequest, span: Int, budget: Deadline) throws -> [(TileID, [UInt8])]? {
        let n = origin.id.tilesPerSide
        let cols = max(1, min(span, n - origin.x)), rows = max(1, min(span, n - origin.y))
        let side = origin.pixelSize
        var camera = Camera.tile(origin.id, tileSize: origin.tileSize, pixelRatio: origin.scale)
        camera.width = cols * side; camera.height = rows * side
        camera.center = WorldPoint((Double(origin.x) + Double(cols) / 2) / Double(n), (Double(origin.y) + Double(rows) / 2) / Double(n))
        camera.centerPixel = SIMD2(Double(camera.width) / 2, Double(camera.height) / 2)
        let canvas = takeMetatileCanvas()
        defer { giveBackMetatile(canvas) }
        let result = try renderer.draw(style.style, camera: camera, into: canvas, deadline: budget)
        var out: [(TileID, [UInt8])] = []
        var tile = [UInt8](repeating: 0, count: side * side * 4)
        let rowBytes = side * 4, stride = camera.width * 4
        for r in 0..<rows {
            for c in 0..<cols {
                guard let id = TileID(z: origin.z, x: origin.x + c, y: origin.y + r) else { continue }
                if let uniform = result.uniformColor {
                    // As `renderTile` encodes a tile of nothing but backgrounds.
                    if origin.output == .png {
                        out.append((id, try PNGEncoder.encodeUniform(pixel: uniform.packed, width: side, height: side, options: encodeOptions)))
                    } else {
                        let pixels = [UInt32](repeating: uniform.packed.littleEndian, count: side * side)
                        out.append((id, try pixels.withUnsafeBytes { try encode($0, width: side, height: side, as: origin.output) }))
                    }
                    continue
                }
                canvas.pixmap.data.withUnsafeBytes { src in
                    tile.withUnsafeMutableBytes { dst in
                        for y in 0..<side {
                            let from = (r * side + y) * stride + c * rowBytes
                            dst.baseAddress!.advanced(by: y * rowBytes).copyMemory(from: src.baseAddress!.advanced(by: from), byteCount: rowBytes)
                        }
                    }
                }
                out.append((id, try tile.withUnsafeBytes { try encode($0, width: side, height: side, as: origin.output) }))
            }
        }
        return out
    }

    private func takeMetatileCanvas() -> Canvas {
        metatileLock.lock(); defer { metatileLock.unlock() }
        return metatileCanvases.popLast() ?? Canvas(width: 1, height: 1)
    }

    private func giveBackMetatile(_ canvas: Canvas) {
        metatileLock.lock(); defer { metatileLock.unlock() }
        if metatileCanvases.count < 16 { metatileCanvases.append(canvas) }
    }
}
