import Foundation
import Geo
import Raster

/// How a pitched view draws what lies on the ground (fills, lines, backgrounds, rasters,
/// heatmaps, map-aligned circles and labels): the ground it shows is drawn from straight
/// above by the flat renderer, into an image aligned with the view (same bearing) at the
/// resolution the nearest ground needs, and then warped into the view through the camera's
/// homography. Line widths, patterns and map-aligned labels thus lie in the ground plane and
/// shrink toward the horizon as MapLibre draws them; only ground up to the far plane shows.
struct GroundView {
    /// The top-down camera of the ground image: the view's zoom (style values as MapLibre
    /// evaluates them) and a pixel ratio raised by `scale`.
    let camera: Camera
    /// Ground image pixels per device pixel at the view's centre.
    let scale: Double
    /// View device pixel → ground image pixel.
    let viewToImage: Homography
    /// The view's rows that show ground (pixel centres nearer than the far plane).
    let rows: Range<Int>

    /// Most ground image pixels per view pixel and in all: far ground is drawn coarser when
    /// the whole of it at full resolution would exceed them.
    static let maxPixelsPerViewPixel = 40.0
    /// Ground image pixels per view pixel where the ground is nearest, along each axis: the
    /// warp then samples `ProjectiveWarp.sharpening` levels finer than the footprint so that
    /// edges stay as crisp as GL draws them (1 px) instead of blurred by the resampling.
    static let supersampling = 2.0
    static let sharpening = -1.0
    static let maxPixels = 24_000_000.0
    static let maxSide = 16_384.0

    init?(_ p: CameraPerspective) {
        let view = p.camera
        let depths = p.groundDepthRange
        let nearRow = p.groundRow(depth: depths.lowerBound), farRow = p.groundRow(depth: depths.upperBound)
        let margin = 2.0
        let halfWidth = farRow.halfWidth + margin, top = farRow.forward - margin, bottom = nearRow.forward + margin
        guard halfWidth.isFinite, top.isFinite, bottom.isFinite, bottom > top else { return nil }
        // The nearest ground is magnified by distance / depth; draw it at that resolution
        // (at least the view's) unless the image would grow past the budget.
        let budget = min(Self.maxPixels, Self.maxPixelsPerViewPixel * Double(view.width * view.height))
        let area = 2 * halfWidth * (bottom - top)
        var scale = max(1, min(4, p.distance / depths.lowerBound)) * Self.supersampling
        scale = min(scale, (budget / area).squareRoot(), Self.maxSide / (2 * halfWidth), Self.maxSide / (bottom - top))
        guard scale > 0, scale.isFinite else { return nil }
        let width = Int((2 * halfWidth * scale).rounded(.up)), height = Int(((bottom - top) * scale).rounded(.up))
        var camera = Camera(center: view.center, zoom: view.zoom, bearing: view.bearing, width: width, height: height,
                            pixelRatio: view.pixelRatio * scale, centerPixel: SIMD2(halfWidth * scale, -top * scale))
        camera.fieldOfView = view.fieldOfView
        self.camera = camera
        self.scale = scale
        guard let toAxes = p.axesToScreen.inverse else { return nil }
        viewToImage = Homography.affine(a: scale, b: 0, c: 0, d: scale, tx: camera.centerPixel.x, ty: camera.centerPixel.y)
            .after(toAxes)
        rows = Self.groundRows(p)
    }

    /// Rows whose pixel centre sees ground no deeper than the far plane: depth grows toward
    /// the top of the view and depends on the row alone.
    static func groundRows(_ p: CameraPerspective) -> Range<Int> {
        let h = p.camera.height
        var first = h
        var lo = 0, hi = h   // first row in lo..<hi whose centre is ground within the far plane
        while lo < hi {
            let mid = (lo + hi) / 2
            let depth = p.groundDepth(screen: SIMD2(p.camera.centerPixel.x, Double(mid) + 0.5))
            if let depth, depth <= p.far { hi = mid } else { lo = mid + 1 }
        }
        first = lo
        return first..<h
    }
}
