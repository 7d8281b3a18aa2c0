import Foundation
import Geo
import Raster

/// How a pitched view draws what lies on the ground (fills, lines, backgrounds, rasters,
/// heatmaps, map-aligned circles and labels): the ground it shows is drawn from straight
/// above by the flat renderer into images aligned with the view (same bearing), and each is
/// warped into the view through the camera's homography. Line widths, patterns and map-aligned
/// labels thus lie in the ground plane and shrink toward the horizon as MapLibre draws them.
/// The ground is cut into bands of depth, each at most twice as deep at its far edge as at its
/// near one and drawn at the resolution its near edge needs, so far ground costs no more pixels
/// than it shows. Only ground up to the far plane is drawn.
struct GroundBand {
    /// The top-down camera of the band's image: the view's zoom (style values as MapLibre
    /// evaluates them) and a pixel ratio raised by `scale`.
    let camera: Camera
    /// Image pixels per device pixel of the flat map at the view's zoom.
    let scale: Double
    /// View device pixel → image pixel.
    let viewToImage: Homography
    /// The view's rows the band shows (their pixel centres' ground depth lies in the band).
    let rows: Range<Int>

    /// Image pixels per view pixel where the band's ground is nearest, along each axis, and how
    /// many mip levels finer than the pixel's footprint the warp samples: GL draws the ground's
    /// geometry straight into the view, edges 1 px wide and far details aliased, not filtered;
    /// these values came closest to it on MapLibre's pitched render tests (1.5 and −2 pass
    /// line-pitch, fill- and line-layer-opacity, circle-pitch-alignment where 2 and −1 failed
    /// several) at half the pixels of 2× supersampling.
    static let supersampling = 1.5
    static let sharpening = -2.0
    /// Most image pixels of all bands together, per view pixel and in all.
    static let maxPixelsPerViewPixel = 24.0
    static let maxPixels = 16_000_000.0
    static let maxSide = 16_384.0

    /// The bands of a pitched view, nearest first (none when it shows no ground).
    static func bands(_ p: CameraPerspective) -> [GroundBand] {
        let depths = p.groundDepthRange
        let rows = groundRows(p)
        guard !rows.isEmpty, depths.lowerBound > 0, let toAxes = p.axesToScreen.inverse else { return [] }
        var edges = [depths.lowerBound]
        while let last = edges.last, last < depths.upperBound { edges.append(min(depths.upperBound, last * 2)) }
        if edges.count == 1 { edges.append(depths.upperBound) }
        let view = p.camera
        let budget = min(maxPixels, maxPixelsPerViewPixel * Double(view.width * view.height)) / Double(edges.count - 1)
        var bands: [GroundBand] = []
        var bottom = rows.upperBound
        for i in 0..<(edges.count - 1) {
            let far = edges[i + 1]
            let top = i == edges.count - 2 ? rows.lowerBound : max(rows.lowerBound, firstRow(p, within: far))
            guard top < bottom else { continue }
            if let band = GroundBand(p, near: edges[i], far: far, rows: top..<bottom, budget: budget, toAxes: toAxes) {
                bands.append(band)
            }
            bottom = top
        }
        return bands
    }

    private init?(_ p: CameraPerspective, near: Double, far: Double, rows: Range<Int>, budget: Double, toAxes: Homography) {
        let view = p.camera
        let nearRow = p.groundRow(depth: near), farRow = p.groundRow(depth: far)
        // A margin of a few pixels at the band's coarsest: what the warp's filter reaches.
        let margin = 4 * far / p.distance
        let halfWidth = max(farRow.halfWidth, nearRow.halfWidth) + margin
        let top = farRow.forward - margin, bottom = nearRow.forward + margin
        guard halfWidth.isFinite, top.isFinite, bottom.isFinite, bottom > top else { return nil }
        let area = 2 * halfWidth * (bottom - top)
        var scale = max(0.01, Self.supersampling * p.distance / near)
        scale = min(scale, (budget / area).squareRoot(), Self.maxSide / (2 * halfWidth), Self.maxSide / (bottom - top))
        guard scale > 0, scale.isFinite else { return nil }
        let width = Int((2 * halfWidth * scale).rounded(.up)), height = Int(((bottom - top) * scale).rounded(.up))
        var camera = Camera(center: view.center, zoom: view.zoom, bearing: view.bearing, width: width, height: height,
                            pixelRatio: view.pixelRatio * scale, centerPixel: SIMD2(halfWidth * scale, -top * scale))
        camera.fieldOfView = view.fieldOfView
        self.camera = camera
        self.scale = scale
        self.rows = rows
        viewToImage = Homography.affine(a: scale, b: 0, c: 0, d: scale, tx: camera.centerPixel.x, ty: camera.centerPixel.y)
            .after(toAxes)
    }

    /// Rows whose pixel centre sees ground no deeper than the far plane.
    static func groundRows(_ p: CameraPerspective) -> Range<Int> {
        firstRow(p, within: p.far)..<p.camera.height
    }

    /// The first row whose pixel centre sees ground no deeper than `depth`: depth grows toward
    /// the top of the view and depends on the row alone.
    static func firstRow(_ p: CameraPerspective, within depth: Double) -> Int {
        var lo = 0, hi = p.camera.height
        while lo < hi {
            let mid = (lo + hi) / 2
            if let d = p.groundDepth(screen: SIMD2(p.camera.centerPixel.x, Double(mid) + 0.5)), d <= depth { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
