/// Colours the pixel runs of one surface behind GL's depth test: each pixel centre's 1/w from
/// the surface's plane is tested against the depth buffer, and where it passes the depth is
/// stored and the pixel replaced by the surface's colour (opaque drawing: MapLibre draws an
/// extrusion layer's surfaces whole and applies the layer opacity when compositing).
/// Colours are rounded to 8 bits as a GL framebuffer stores them.
struct DepthSurfaceShader: SpanShader {
    let plane: PerspectivePlane
    let pixels: UnsafeMutablePointer<UInt32>
    let depth: UnsafeMutablePointer<Float>
    let width: Int
    let test: DepthTest
    /// The surface's pattern (bilinear, repeating, as GL samples MapLibre's padded pattern
    /// atlas), multiplied by the colour (the lighting); nil: the colour alone.
    let texture: PatternSampler?
    /// Pixels written (tests and the "drew anything" answer).
    var written = 0

    mutating func shade(row y: Int, from x0: Int, through x1: Int) {
        let base = y * width
        let flat = texture == nil ? plane.flatColor.map(Self.pack) : nil
        for x in x0...x1 {
            let rw = plane.reciprocalDepth(x: x, y: y)
            let q = Float(rw)
            guard q > 0, test.passes(q, depth[base + x]) else { continue }
            depth[base + x] = q
            if let flat {
                pixels[base + x] = flat
            } else if let texture {
                let uv = plane.texturePoint(x: x, y: y, reciprocalDepth: rw)
                let texel = PremultipliedRGBA8(packed: texture.bilinear(uv.x, uv.y))
                let t = SIMD4<Float>(Float(texel.r), Float(texel.g), Float(texel.b), Float(texel.a)) / 255
                pixels[base + x] = Self.pack(t * plane.color(x: x, y: y, reciprocalDepth: rw))
            } else {
                pixels[base + x] = Self.pack(plane.color(x: x, y: y, reciprocalDepth: rw))
            }
            written += 1
        }
    }

    /// Premultiplied colour (0…1, clamped) to an RGBA8 word, R in the low byte.
    static func pack(_ c: SIMD4<Float>) -> UInt32 {
        func byte(_ v: Float) -> UInt32 { UInt32((max(0, min(1, v.isNaN ? 0 : v)) * 255).rounded()) }
        return byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | byte(c.w) << 24
    }
}
