import Geo
import JSON
import Raster
import StyleSpec

/// Draws an `image` source: its picture (a PNG in the data directory) warped onto the four
/// `coordinates`, in every world copy the view shows. A parallelogram goes through the
/// canvas's affine image fill; other quads through `ProjectiveImage` (per-pixel inverse
/// homography), as MapLibre's perspective warp.
enum ImageSourceDrawing {
    static func draw(_ spec: SourceSpec, _ frame: RenderFrame, on canvas: Canvas, opacity: Float, filter: ImageFilter, adjustment: RasterColorAdjustment) {
        guard case .string(let url)? = spec.json["url"], case .array(let coords)? = spec.json["coordinates"],
              let quad = ImageQuad(coordinates: coords.map { $0.arrayValue?.compactMap(\.numberValue) ?? [] }),
              let image = frame.resources.tiles.image(url: url, directory: frame.resources.dataDirectory),
              image.width > 0, image.height > 0 else { return }
        let shown = adjustment.isIdentity ? image : adjustment.apply(to: image)
        for copy in worldCopies(of: WorldRect(covering: quad.corners), in: frame.camera.visibleWorldBounds()) {
            let projection = PixelAlignedProjection.projection(frame.camera, worldOffset: copy)
            if quad.isAffine {
                drawAffine(shown, quad, projection, canvas, opacity: opacity, filter: filter)
            } else {
                ProjectiveImage.draw(shown, quad: quad, projection: projection, on: canvas, opacity: opacity, filter: filter)
            }
        }
        frame.clock.mark(.raster)
    }

    /// The whole-world shifts k for which the image, moved k worlds east, meets the view
    /// (an image may itself reach past ±180°), at most 8.
    static func worldCopies(of image: WorldRect, in view: WorldRect) -> [Int] {
        let lo = (view.minX - image.maxX).rounded(.up), hi = (view.maxX - image.minX).rounded(.down)
        guard lo.isFinite, hi.isFinite, lo <= hi, view.minY <= image.maxY, image.minY <= view.maxY else { return [] }
        let first = Int(max(-1e6, lo)), last = Int(min(hi, lo + 7))
        return Array(first...max(first, last))
    }

    static func drawAffine(_ image: Pixmap, _ quad: ImageQuad, _ p: WorldProjection, _ canvas: Canvas, opacity: Float, filter: ImageFilter) {
        // Image pixel (i, j) → world c + a·i/W + b·j/H → device.
        let w = Double(image.width), h = Double(image.height)
        let origin = p.apply(WorldPoint(quad.c, quad.f))
        let transform = Transform(a: Float((p.a * quad.a + p.c * quad.d) / w), b: Float((p.b * quad.a + p.d * quad.d) / w),
                                  c: Float((p.a * quad.b + p.c * quad.e) / h), d: Float((p.b * quad.b + p.d * quad.e) / h),
                                  tx: origin.x, ty: origin.y)
        var path = Path()
        path.move(to: p.apply(quad.corners[0]))
        for k in 1..<4 { path.line(to: p.apply(quad.corners[k])) }
        path.close()
        canvas.fill(path, rule: .nonZero, paint: .pattern(Pattern(image: image, transform: transform, filter: filter, extend: .pad)),
                    opacity: opacity, antialias: false)
    }
}
