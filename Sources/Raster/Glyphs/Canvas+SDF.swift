/// Drawing SDF glyph quads: every pixel whose centre lies in the quad is mapped to the padded
/// field's texels (the quad spans them edge to edge) and shaded by `SDFPass`, eight pixels per
/// step (`shade8`) unless the canvas asks for the scalar twins.
extension Canvas {
    /// An axis-aligned quad: the device rectangle [x0, x1) × [y0, y1) measured from `origin`.
    /// Pixel centres are taken relative to `origin` first: with an origin on a 1/1024 px grid
    /// that difference is exact, so a glyph shades the same in every tile that draws it.
    public func drawSDF(_ field: SDFField, pass: SDFPass, x0: Float, y0: Float, x1: Float, y1: Float, origin: SIMD2<Float>) {
        guard x1 > x0, y1 > y0 else { return }
        let sx = Float(field.paddedWidth) / (x1 - x0), sy = Float(field.paddedHeight) / (y1 - y0)
        let px0 = max(0, Int((origin.x + x0 - 0.5).rounded(.up))), px1 = min(width - 1, Int((origin.x + x1 - 0.5).rounded(.down)))
        let py0 = max(0, Int((origin.y + y0 - 0.5).rounded(.up))), py1 = min(height - 1, Int((origin.y + y1 - 0.5).rounded(.down)))
        guard px0 <= px1, py0 <= py1 else { return }
        let w = width, simd = kernelMode == .simd
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let all = SIMD8<Float>(repeating: 0) .== 0
        withUnsafeMutablePixels { pixels in
            for py in py0...py1 {
                let v = (Float(py) + 0.5 - origin.y - y0) * sy - 0.5
                let row = pixels.baseAddress! + py * w
                var px = px0
                while simd && px + 8 <= px1 + 1 {
                    let u = ((lanes + Float(px)) + 0.5 - origin.x - x0) * sx - 0.5
                    pass.shade8(row + px, field, u: u, v: SIMD8(repeating: v), active: all)
                    px += 8
                }
                while px <= px1 {
                    let u = (Float(px) + 0.5 - origin.x - x0) * sx - 0.5
                    row[px] = pass.shade(row[px], field, u: u, v: v)
                    px += 1
                }
            }
        }
    }

    /// A quad turned about `center` by the angle whose cosine and sine are given (clockwise
    /// on screen): `rect` is left, top, right, bottom in the quad's own frame, `bounds` the
    /// turned quad's device bounding box (min x, min y, max x, max y). Each pixel centre is
    /// turned back into the quad's frame; those outside the quad are not drawn.
    public func drawSDF(_ field: SDFField, pass: SDFPass, center: SIMD2<Float>, cos cosA: Float, sin sinA: Float,
                        rect r: SIMD4<Float>, bounds b: SIMD4<Float>) {
        guard r.z > r.x, r.w > r.y else { return }
        let sx = Float(field.paddedWidth) / (r.z - r.x), sy = Float(field.paddedHeight) / (r.w - r.y)
        let px0 = max(0, Int((b.x - 0.5).rounded(.up))), px1 = min(width - 1, Int((b.z - 0.5).rounded(.down)))
        let py0 = max(0, Int((b.y - 0.5).rounded(.up))), py1 = min(height - 1, Int((b.w - 0.5).rounded(.down)))
        guard px0 <= px1, py0 <= py1 else { return }
        let w = width, simd = kernelMode == .simd
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        withUnsafeMutablePixels { pixels in
            for py in py0...py1 {
                let dy = Float(py) + 0.5 - center.y
                let row = pixels.baseAddress! + py * w
                var px = px0
                while simd && px + 8 <= px1 + 1 {
                    let dx = (lanes + Float(px)) + 0.5 - center.x
                    let lx = cosA * dx + sinA * dy, ly = -sinA * dx + cosA * dy
                    let inside = (lx .>= r.x) .& (lx .< r.z) .& (ly .>= r.y) .& (ly .< r.w)
                    if LaneMask.any(inside) {
                        pass.shade8(row + px, field, u: (lx - r.x) * sx - 0.5, v: (ly - r.y) * sy - 0.5, active: inside)
                    }
                    px += 8
                }
                while px <= px1 {
                    let dx = Float(px) + 0.5 - center.x
                    let lx = cosA * dx + sinA * dy, ly = -sinA * dx + cosA * dy
                    if lx >= r.x, lx < r.z, ly >= r.y, ly < r.w {
                        row[px] = pass.shade(row[px], field, u: (lx - r.x) * sx - 0.5, v: (ly - r.y) * sy - 0.5)
                    }
                    px += 1
                }
            }
        }
    }
}
