/// Surfaces drawn under a perspective camera with GL's depth test and near/far clipping,
/// without anti-aliasing (GL's pixel-centre rule): the pixel-writing half of MapLibre's
/// `fill-extrusion`. Callers give each surface in clip coordinates (X, Y, W; the screen
/// position is X/W, Y/W in device pixels, W the depth along the view) with its
/// `PerspectivePlane` for depth and colour; pixels whose 1/w passes `test` against `depth`
/// are replaced (opaque). With a `texture` (a pattern image, premultiplied) the plane's
/// texture coordinates sample it and the colour multiplies it. Returns the pixels written.
public enum DepthTriangles {
    /// A convex polygon (walls: quads), clipped to `near`…`far` and drawn as a fan of GL
    /// triangles (`RasterTriangle`: 1/256-px snapping and the top-left rule).
    @discardableResult
    public static func drawConvex(_ polygon: [SIMD3<Double>], plane: PerspectivePlane, near: Double, far: Double,
                                  test: DepthTest, depth: DepthBuffer, canvas: Canvas, texture: Pixmap? = nil) -> Int {
        let screen = DepthClip.screenRing(polygon, near: near, far: far)
        guard screen.count >= 3 else { return 0 }
        return withShader(plane, test, depth, canvas, texture) { shader, clip in
            let limit = 2_000_000.0
            guard screen.allSatisfy({ abs($0.x) < limit && abs($0.y) < limit }) else {
                // Beyond the fixed-point range of the triangle setup: the scanner's doubles.
                RingScanner.scan([screen], clip: clip, into: &shader)
                return
            }
            let f = screen.map { SIMD2<Float>(Float($0.x), Float($0.y)) }
            for i in 1..<(f.count - 1) {
                RasterTriangle.draw(f[0], f[i], f[i + 1], clip: clip, into: &shader)
            }
        }
    }

    /// A planar polygon with holes (roofs): every ring clipped to `near`…`far`, its pixel
    /// centres found by non-zero winding (`RingScanner`).
    @discardableResult
    public static func drawRings(_ rings: [[SIMD3<Double>]], plane: PerspectivePlane, near: Double, far: Double,
                                 test: DepthTest, depth: DepthBuffer, canvas: Canvas, texture: Pixmap? = nil) -> Int {
        let screen = rings.map { DepthClip.screenRing($0, near: near, far: far) }.filter { $0.count >= 3 }
        guard !screen.isEmpty else { return 0 }
        return withShader(plane, test, depth, canvas, texture) { shader, clip in
            RingScanner.scan(screen, clip: clip, into: &shader)
        }
    }

    /// One triangle with a colour per vertex (Gouraud, perspective-correct as GL's varyings).
    @discardableResult
    public static func drawTriangle(_ p0: SIMD3<Double>, _ p1: SIMD3<Double>, _ p2: SIMD3<Double>,
                                    colors c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>,
                                    near: Double, far: Double, test: DepthTest, depth: DepthBuffer, canvas: Canvas) -> Int {
        guard let plane = PerspectivePlane(p0, p1, p2, colors: c0, c1, c2) else { return 0 }
        return drawConvex([p0, p1, p2], plane: plane, near: near, far: far, test: test, depth: depth, canvas: canvas)
    }

    private static func withShader(_ plane: PerspectivePlane, _ test: DepthTest, _ depth: DepthBuffer, _ canvas: Canvas,
                                   _ texture: Pixmap?, _ body: (inout DepthSurfaceShader, PixelClip) -> Void) -> Int {
        guard let texture, texture.width > 0, texture.height > 0 else {
            return withShader(plane, test, depth, canvas, sampler: nil, body)
        }
        return texture.withUnsafePixels { texels in
            let sampler = PatternSampler(texels: texels.baseAddress!, width: texture.width, height: texture.height,
                                         inverse: .identity, filter: .bilinear, extend: .repeat)
            return withShader(plane, test, depth, canvas, sampler: sampler, body)
        }
    }

    private static func withShader(_ plane: PerspectivePlane, _ test: DepthTest, _ depth: DepthBuffer, _ canvas: Canvas,
                                   sampler: PatternSampler?, _ body: (inout DepthSurfaceShader, PixelClip) -> Void) -> Int {
        precondition(depth.width == canvas.width && depth.height == canvas.height, "depth buffer and canvas differ in size")
        guard canvas.width > 0, canvas.height > 0 else { return 0 }
        let width = canvas.width
        let clip = PixelClip(width: width, height: canvas.height)
        return canvas.withUnsafeMutablePixels { pixels in
            depth.values.withUnsafeMutableBufferPointer { d in
                var shader = DepthSurfaceShader(plane: plane, pixels: pixels.baseAddress!, depth: d.baseAddress!,
                                                width: width, test: test, texture: sampler)
                body(&shader, clip)
                return shader.written
            }
        }
    }
}
