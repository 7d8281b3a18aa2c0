import Foundation
import Geo
import Raster
import StyleSpec

/// Draws the session's view annotations above every layer: each placed callout whole (box,
/// border, text), clipped only by the canvas. Box corners are rounded to device pixels in the
/// world's pixel grid, so neighbouring tiles cut the same box at the same pixel.
enum AnnotationPainter {
    /// True when any box reached the canvas.
    static func draw(_ frame: RenderFrame) throws -> Bool {
        guard !frame.style.annotations.isEmpty else { return false }
        try frame.checkDeadlineNow()
        let camera = frame.camera
        let result = camera.isRotated || frame.perspective != nil
            ? frame.resources.annotationPlacements.place(frame, screen: camera.projection())
            : frame.resources.annotationPlacements.placement(frame)
        guard !result.placed.isEmpty else { return false }
        let r = camera.pixelRatio
        let canvas = frame.output
        var drew = false
        let ws = camera.worldSize
        // The canvas origin in world device pixels (whole for tiles).
        let ox = snapped(camera.center.x * ws - camera.centerPixel.x), oy = snapped(camera.center.y * ws - camera.centerPixel.y)
        // World copies a box can reach the canvas from (wide views, the antimeridian).
        let copies = camera.worldCopies(margin: (Annotation.maxSide + Annotation.maxOffset) * r)
        for p in result.placed {
            for copy in copies {
                let box: SIMD4<Double>
                if frame.perspective != nil {
                    // A pitched view: the callout stands at its anchor as the view sees it.
                    guard let at = frame.viewPoint(WorldPoint(p.world.x + Double(copy), p.world.y))?.at else { continue }
                    box = SIMD4(Double(at.x), Double(at.y), Double(at.x), Double(at.y)) + p.layout.box * r
                } else if camera.isRotated {
                    let at = camera.projection(worldOffset: copy).apply(p.world)
                    box = SIMD4(Double(at.x), Double(at.y), Double(at.x), Double(at.y)) + p.layout.box * r
                } else {
                    let ax = (p.world.x + Double(copy)) * ws, ay = p.world.y * ws
                    let x0 = (ax + p.layout.box.x * r).rounded() - ox, y0 = (ay + p.layout.box.y * r).rounded() - oy
                    box = SIMD4(x0, y0, x0 + (p.layout.box.z - p.layout.box.x) * r, y0 + (p.layout.box.w - p.layout.box.y) * r)
                }
                let b = box.rounded(.toNearestOrAwayFromZero)
                guard b.z > 0, b.w > 0, b.x < Double(canvas.width), b.y < Double(canvas.height) else { continue }
                drew = true
                drawBox(p.layout, p.appearance, at: b, ratio: r, on: canvas)
            }
        }
        frame.clock.mark(.raster)
        return drew
    }

    /// Whole numbers that floating point left a hair off stay whole.
    private static func snapped(_ v: Double) -> Double {
        abs(v - v.rounded()) < 1e-6 ? v.rounded() : v
    }

    /// One laid-out box (background, border, text) at device-pixel rectangle `b`.
    static func drawBox(_ layout: AnnotationLayout, _ style: Annotation.Appearance, at b: SIMD4<Double>, ratio r: Double,
                        on canvas: Canvas) {
        let x0 = Int(b.x), y0 = Int(b.y), x1 = Int(b.z), y1 = Int(b.w)
        fill(x0, y0, x1, y1, premultiplied(style.backgroundColor.color), on: canvas)
        let bw = max(1, Int((AnnotationLayout.border * r).rounded()))
        let border = premultiplied(style.borderColor.color)
        fill(x0, y0, x1, min(y1, y0 + bw), border, on: canvas)
        fill(x0, max(y0 + bw, y1 - bw), x1, y1, border, on: canvas)
        fill(x0, y0 + bw, min(x1, x0 + bw), y1 - bw, border, on: canvas)
        fill(max(x0 + bw, x1 - bw), y0 + bw, x1, y1 - bw, border, on: canvas)
        let drawing = SDFGlyphDrawing(fill: premultiplied(style.textColor.color), halo: .zero, haloWidth: 0, haloBlur: 0,
                                      fontScale: Float(style.textSize / 24), pixelRatio: Float(r))
        for q in layout.quads {
            // Quantized to 1/64 px from the box's whole-pixel corner: exact in Float, so every
            // tile samples a glyph at the same field positions.
            let rect = SIMD4(b.x, b.y, b.x, b.y) + (q.rect * r * 64).rounded(.toNearestOrAwayFromZero) / 64
            drawing.draw(q.glyph, x0: Float(rect.x), y0: Float(rect.y), x1: Float(rect.z), y1: Float(rect.w), pass: .text, on: canvas)
        }
    }

    private static func premultiplied(_ c: StyleColor) -> SIMD4<Float> {
        let a = Float(max(0, min(1, c.a)))
        return SIMD4(Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a)
    }

    /// Source-over of a solid premultiplied colour on the canvas rectangle [x0, x1) × [y0, y1).
    private static func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ color: SIMD4<Float>, on canvas: Canvas) {
        canvas.blend(PixelRect(x0: x0, y0: y0, x1: x1, y1: y1), color: color)
    }
}
