import Raster
import SourceData

/// Icons of point-placed symbols, as MapLibre draws non-SDF icons: the image at its display
/// size (pixels / its pixel ratio) anchored by `icon-anchor`, moved by `icon-offset`, scaled
/// by `icon-size`, its quad including the atlas's 1-pixel transparent padding (corners kept at
/// 1/32 px as the vertex buffer stores them), sampled nearest at native size and bilinearly
/// otherwise, times `icon-opacity`.
enum SymbolIcons {
    struct Shaped {
        let image: SpriteImage
        let name: String
        /// Quad corners (left, top, right, bottom) in CSS px at icon-size 1, padding included.
        let quad: SIMD4<Float>
        /// The icon's own box (no padding), for collisions.
        let box: SIMD4<Float>
        var size: Float
        let opacity: Float
        /// SDF icons (`sdf: true` in the sprite) are shaded like glyphs in `icon-color`.
        var sdf: SDFGlyphDrawing?
        /// Stretched around its text (`icon-text-fit`): it moves with the text's anchor.
        var fitted = false
        /// The image's parts when it stretches by zones (empty: the whole image over `quad`).
        var parts: [Part] = []
        /// The layer's icons are sampled bilinearly even at native size: MapLibre picks its
        /// atlas filter per layer, linear unless `icon-size` is the constant 1 and
        /// `icon-rotate` the constant 0.
        var layerFiltersLinearly = false

        /// The collision box at `p` (device px), grown by `padding` (CSS px, box order).
        func box(at p: SIMD2<Float>, pixelRatio: Float, padding: SIMD4<Float>) -> SIMD4<Float> {
            SIMD4(p.x, p.y, p.x, p.y) + paddedBox(padding, pixelRatio: pixelRatio)
        }

        /// The collision box about the anchor (device px) grown by `padding` (`icon-padding`
        /// in CSS px, box order), as MapLibre's CollisionFeature pads the scaled icon box: the
        /// padding scales with the pixel ratio, not with `icon-size`.
        func paddedBox(_ padding: SIMD4<Float>, pixelRatio: Float) -> SIMD4<Float> {
            box * (size * pixelRatio) + padding * SIMD4(-pixelRatio, -pixelRatio, pixelRatio, pixelRatio)
        }
    }

    /// A rectangle of the padded image (pixels, border texel at 0) drawn over a rectangle of
    /// CSS px from the anchor: `em` scales with icon-size (at least `minScale` per axis), `px`
    /// does not.
    struct Part {
        var source: SIMD4<Int>
        var em: SIMD4<Float>
        var px: SIMD4<Float>
        var minScale: SIMD2<Float>

        func rect(size: Float) -> SIMD4<Float> {
            let sx = max(minScale.x, size), sy = max(minScale.y, size)
            return em * SIMD4(sx, sy, sx, sy) + px
        }
    }

    struct Placed {
        let icon: Shaped
        let at: SIMD2<Float>
        /// Radians the icon turns by about `at` (`icon-rotate`, or the line it sits on).
        var angle: Float = 0

        /// The quad in device pixels, turned about the anchor.
        func quad(pixelRatio: Float) -> RotatedQuad {
            RotatedQuad(center: at, angle: angle, rect: icon.quad * (icon.size * pixelRatio))
        }
    }

    static func shape(_ image: SpriteImage, name: String, anchor: SymbolAnchor, offset: SIMD2<Float>, size: Float,
                      opacity: Float) -> Shaped {
        let ratio = Float(image.pixelRatio)
        let w = Float(image.pixmap.width) / ratio, h = Float(image.pixmap.height) / ratio
        let a = anchor.alignment
        let x1 = offset.x - w * Float(a.x), y1 = offset.y - h * Float(a.y)
        let border = 1 / ratio
        func q(_ v: Float) -> Float { (v * 32).rounded() / 32 }
        return Shaped(image: image, name: name, quad: SIMD4(q(x1 - border), q(y1 - border), q(x1 + w + border), q(y1 + h + border)),
                      box: SIMD4(x1, y1, x1 + w, y1 + h), size: max(0, size), opacity: max(0, min(1, opacity)))
    }

    static func draw(_ icons: [Placed], pixelRatio: Float, on canvas: Canvas) {
        var padded: [String: Pixmap] = [:]
        var fields: [String: SDFGlyph] = [:]
        // SDF icons: halos of all first, then the icons, as for text.
        for pass in [SDFGlyphDrawing.Pass.halo, .text] {
            for p in icons where p.icon.sdf != nil && p.icon.size > 0 {
                let image = p.icon.image.pixmap
                guard image.width > 6, image.height > 6 else { continue }
                let field: SDFGlyph
                if let hit = fields[p.icon.name] {
                    field = hit
                } else {
                    // The image's alpha is the distance field (its own margin counts as the border).
                    var bytes = [UInt8](repeating: 0, count: image.width * image.height)
                    for y in 0..<image.height { for x in 0..<image.width { bytes[y * image.width + x] = image.pixel(x, y).a } }
                    field = SDFGlyph(id: 0, width: image.width - 2 * SDFGlyph.border, height: image.height - 2 * SDFGlyph.border,
                                     left: 0, top: 0, advance: 0, bitmap: bytes)
                    fields[p.icon.name] = field
                }
                p.icon.sdf!.draw(field, quad: p.quad(pixelRatio: pixelRatio), pass: pass, on: canvas)
            }
        }
        for p in icons where p.icon.sdf == nil && p.icon.opacity > 0 && p.icon.size > 0 {
            let image = p.icon.image.pixmap
            let pix: Pixmap
            if let hit = padded[p.icon.name] {
                pix = hit
            } else {
                // The atlas keeps one transparent texel around every image.
                let out = image.padded(by: 1)
                padded[p.icon.name] = out
                pix = out
            }
            let native = !p.icon.layerFiltersLinearly && p.icon.size == 1 && Float(p.icon.image.pixelRatio) == pixelRatio
            if !p.icon.parts.isEmpty {
                drawParts(p, padded: pix, pixelRatio: pixelRatio, native: native, on: canvas)
                continue
            }
            if p.angle != 0 {
                let t = p.quad(pixelRatio: pixelRatio).imageTransform(width: pix.width, height: pix.height)
                canvas.drawImage(pix, transform: t, filter: .bilinear, opacity: p.icon.opacity)
                continue
            }
            let s = p.icon.size * pixelRatio
            let x0 = p.at.x + p.icon.quad.x * s, y0 = p.at.y + p.icon.quad.y * s
            let x1 = p.at.x + p.icon.quad.z * s, y1 = p.at.y + p.icon.quad.w * s
            let sx = (x1 - x0) / Float(pix.width), sy = (y1 - y0) / Float(pix.height)
            canvas.drawImage(pix, transform: Transform(a: sx, b: 0, c: 0, d: sy, tx: x0, ty: y0),
                             filter: native ? .nearest : .bilinear, opacity: p.icon.opacity)
        }
    }

    /// A stretched icon part by part, each image rectangle over its own quad. The parts are
    /// drawn from the whole padded image, as MapLibre's quads sample the atlas: a bilinear
    /// sample at a part's edge blends with the neighbouring part's pixels.
    private static func drawParts(_ p: Placed, padded: Pixmap, pixelRatio: Float, native: Bool, on canvas: Canvas) {
        for part in p.icon.parts {
            let src = part.source
            let region = SIMD4(max(0, src.x), max(0, src.y), min(padded.width, src.z), min(padded.height, src.w))
            guard region.z > region.x, region.w > region.y else { continue }
            let quad = RotatedQuad(center: p.at, angle: p.angle, rect: part.rect(size: p.icon.size) * pixelRatio)
            let toQuad = quad.imageTransform(width: region.z - region.x, height: region.w - region.y)
            let transform = Transform.translation(Float(-region.x), Float(-region.y)).then(toQuad)
            canvas.drawImage(padded, region: region, transform: transform,
                             filter: native ? .nearest : .bilinear, opacity: p.icon.opacity)
        }
    }
}
