import Foundation
import Geo

/// MapLibre draws raster tiles and images with a projection nudged by under half a CSS pixel
/// so that the world's pixel grid falls on the canvas's pixel grid (its `alignedProjMatrix`):
/// the centre is rounded to whole world pixels, with half a pixel more for an odd canvas
/// size, the nudge rotated with the bearing. Rasters at their native scale then sample texel
/// centres exactly instead of blurring between two texels.
enum PixelAlignedProjection {
    static func projection(_ camera: Camera, worldOffset: Int = 0) -> WorldProjection {
        let ratio = camera.pixelRatio > 0 ? camera.pixelRatio : 1
        let worldSizeCSS = 512 * pow(2, camera.zoom)
        let cssWidth = (2 * camera.centerPixel.x / ratio).rounded(), cssHeight = (2 * camera.centerPixel.y / ratio).rounded()
        guard worldSizeCSS.isFinite, cssWidth.isFinite, cssHeight.isFinite, abs(camera.center.x * worldSizeCSS) < 1e15,
              abs(camera.center.y * worldSizeCSS) < 1e15 else {
            return camera.projection(worldOffset: worldOffset)
        }
        let x = camera.center.x * worldSizeCSS, y = camera.center.y * worldSizeCSS
        let xShift = cssWidth.truncatingRemainder(dividingBy: 2) / 2, yShift = cssHeight.truncatingRemainder(dividingBy: 2) / 2
        let bearing = camera.bearing * .pi / 180
        let c = cos(bearing), s = sin(-bearing)
        var dx = x - x.rounded(.toNearestOrAwayFromZero) + c * xShift + s * yShift
        var dy = y - y.rounded(.toNearestOrAwayFromZero) + c * yShift + s * xShift
        if dx > 0.5 { dx -= 1 }
        if dy > 0.5 { dy -= 1 }
        var aligned = camera
        aligned.center = WorldPoint((x - dx) / worldSizeCSS, (y - dy) / worldSizeCSS)
        return aligned.projection(worldOffset: worldOffset)
    }
}
