import Raster

/// How one feature's line is drawn: its shader values in device pixels, and what MapLibre's
/// vertex shader needs to place the vertices (offset, translation).
struct LineFeatureStyle {
    var uniforms: LineUniforms
    /// `line-offset` in device pixels (positive: right of the line's direction).
    var offset: Float = 0
    /// Dash pattern and its texture scale: pattern repeats per tile unit of `linesofar`
    /// (MapLibre: tile ratio / pattern length / floor width), and the smoothstep edges.
    var dash: LineDashPattern?
    var dashScale: Float = 0
    var sdfLow: Float = 0.5, sdfHigh: Float = 0.5
    /// `line-pattern`'s image; `dashScale` then gives its repeats per tile unit.
    var image: PatternImage?

    /// MapLibre's `line` vertex-shader widths for a width, gap width and blur in CSS pixels.
    static func uniforms(color: Color, opacity: Float, width: Float, gap: Float, blur: Float,
                         pixelRatio: Float) -> LineUniforms {
        let antialiasing = 1 / pixelRatio / 2
        let halfGap = gap / 2, halfWidth = width / 2
        let inset = halfGap + (halfGap > 0 ? antialiasing : 0)
        let outset = halfGap + halfWidth * (halfGap > 0 ? 2 : 1) + (halfWidth == 0 ? 0 : antialiasing)
        let blur2 = blur + 1 / pixelRatio
        func unit(_ v: Float) -> Float { v.isFinite ? min(max(v, 0), 1) : 0 }
        let a = unit(color.a)
        let premultiplied = SIMD4(unit(color.r) * a, unit(color.g) * a, unit(color.b) * a, a)
        return LineUniforms(color255: premultiplied * 255, alpha: a, opacity: opacity,
                            outset: outset * pixelRatio, inset: inset * pixelRatio, blur2: max(blur2 * pixelRatio, 1e-6))
    }
}

/// Draws tessellated lines onto a canvas: places the vertices as MapLibre's line vertex
/// shader does (extrusion by the outset, line-offset, translation), then rasterizes each
/// triangle with the matching fragment shader. Scratch arrays are kept between features.
struct LineRasterPass {
    private var positions: [SIMD2<Float>] = []
    /// The same positions snapped to 1/256 px once per vertex (`RasterTriangle.snap`).
    private var snapped: [SIMD2<Int32>] = []

    /// Draws the triangles `indices` (a range of `mesh.indices`, whose vertices lie in
    /// `vertices`) with `style` (plus, for gradients, the ramp) inside `clip`.
    mutating func draw(_ mesh: LineMesh, vertices: Range<Int>, indices: Range<Int>, style: LineFeatureStyle,
                       frame: TileUnitFrame, shift: SIMD2<Float>, clip: PixelClip, ramp: LineGradientRamp?, on canvas: Canvas) {
        guard !indices.isEmpty, !clip.isEmpty, style.uniforms.opacity >= 0.01,
              canvas.width > 0, canvas.height > 0 else { return }
        place(mesh, vertices, style: style, frame: frame, shift: shift)
        positions.withUnsafeBufferPointer { placed in
          snapped.withUnsafeBufferPointer { snaps in
            let pos = PlacedVertices(base: vertices.lowerBound, positions: UnsafeBufferPointer(rebasing: placed[0..<vertices.count]),
                                     snapped: UnsafeBufferPointer(rebasing: snaps[0..<vertices.count]))
            mesh.vertices.withUnsafeBufferPointer { verts in
                mesh.indices.withUnsafeBufferPointer { allIndices in
                    let idx = UnsafeBufferPointer(rebasing: allIndices[indices])
                    canvas.withSpans { spans in
                        if let image = style.image {
                            var shader = ImageLineShader(spans: spans, uniforms: style.uniforms, image: image)
                            Self.rasterize(idx, pos, verts, style: style, clip: clip, shader: &shader)
                        } else if style.dash == nil, ramp == nil {
                            var shader = SolidLineShader(spans: spans, uniforms: style.uniforms)
                            Self.rasterize(idx, pos, verts, style: style, clip: clip, shader: &shader)
                        } else {
                            var shader = PatternLineShader(spans: spans, uniforms: style.uniforms)
                            shader.sdfLow = style.sdfLow; shader.sdfHigh = style.sdfHigh
                            if let ramp { shader.gradient = true; shader.rampWidth = ramp.width; shader.rampNearest = ramp.nearest }
                            let dashTexels = style.dash?.texels ?? []
                            let rampTexels = ramp?.texels ?? []
                            dashTexels.withUnsafeBufferPointer { dt in
                                rampTexels.withUnsafeBufferPointer { rt in
                                    shader.dashTexels = style.dash == nil ? nil : dt.baseAddress
                                    shader.dashHalfRows = style.dash?.halfRows ?? 0
                                    shader.rampTexels = ramp == nil ? nil : rt.baseAddress
                                    Self.rasterize(idx, pos, verts, style: style, clip: clip, shader: &shader)
                                }
                            }
                        }
                    }
                }
            }
          }
        }
    }

    /// Device positions of the vertices `range` (MapLibre's line vertex shader), from
    /// `positions[0]` on: only the drawn feature's vertices, not the whole bucket's.
    private mutating func place(_ mesh: LineMesh, _ range: Range<Int>, style: LineFeatureStyle, frame: TileUnitFrame,
                                shift: SIMD2<Float>) {
        if positions.count < range.count {
            positions.append(contentsOf: repeatElement(.zero, count: range.count - positions.count))
            snapped.append(contentsOf: repeatElement(.zero, count: range.count - snapped.count))
        }
        let outset = style.uniforms.outset, offset = style.offset
        precondition(range.lowerBound >= 0 && range.upperBound <= mesh.vertices.count)
        // Unchecked access inside the checked range (the hot loop of every line).
        positions.withUnsafeMutableBufferPointer { out in
          snapped.withUnsafeMutableBufferPointer { snapOut in
            mesh.vertices.withUnsafeBufferPointer { vertices in
                guard let placed = out.baseAddress, let snaps = snapOut.baseAddress, let src = vertices.baseAddress else { return }
                let dst = placed - range.lowerBound, snapDst = snaps - range.lowerBound
                for i in range {
                    let v = src[i]
                    var reach = v.extrude * outset
                    if offset != 0 {
                        // The offset follows the extrusion, turned for round-cap vertices.
                        let o = v.extrude * (-offset * v.side)
                        let u = 0.5 * v.direction, t = 1 - abs(u)
                        reach += SIMD2(o.x * t - o.y * u, o.x * u + o.y * t)
                    }
                    let p = frame.device(v.position) + frame.rotate(reach) + shift
                    dst[i] = p
                    snapDst[i] = RasterTriangle.snap(p)
                }
            }
          }
        }
    }

    /// Sets up each triangle's varyings and hands its runs to the shader.
    @inline(__always)
    private static func rasterize<S: LineSpanShader>(_ idx: UnsafeBufferPointer<UInt32>, _ pos: PlacedVertices,
                                                     _ verts: UnsafeBufferPointer<LineVertex>, style: LineFeatureStyle,
                                                     clip: PixelClip, shader: inout S) {
        let dashed = style.dash != nil || style.image != nil
        let halfRows = Float(style.dash?.halfRows ?? 0)
        var t = 0
        while t + 2 < idx.count {
            let i0 = Int(idx[t]), i1 = Int(idx[t + 1]), i2 = Int(idx[t + 2])
            t += 3
            // A triangle of another feature's vertices is skipped (a tessellator never makes one).
            guard pos.holds(i0), pos.holds(i1), pos.holds(i2) else { continue }
            guard let tri = RasterTriangle(snapped: pos.snapped(i0), pos.snapped(i1), pos.snapped(i2), clip: clip) else { continue }
            let p0 = pos[i0], p1 = pos[i1], p2 = pos[i2]
            guard let planes = TrianglePlanes(p0, p1, p2) else { continue }
            let a = verts[i0], b = verts[i1], c = verts[i2]
            // Set in place: the shader reads only the planes it needs.
            shader.varyings.x0 = planes.x0; shader.varyings.y0 = planes.y0
            shader.varyings.normalX = planes.plane(a.round, b.round, c.round)
            shader.varyings.normalY = planes.plane(a.side, b.side, c.side)
            if S.usesPatterns {
                if dashed {
                    let k = style.dashScale
                    shader.varyings.dashX = planes.plane(a.linesofar * k, b.linesofar * k, c.linesofar * k)
                    shader.varyings.dashRow = planes.plane(halfRows * (1 - a.side), halfRows * (1 - b.side), halfRows * (1 - c.side))
                }
                shader.varyings.progress = planes.plane(a.progress, b.progress, c.progress)
                shader.rampRow = Int(a.rampRow)
            }
            tri.run(clip: clip, into: &shader)
        }
    }
}

/// The placed device positions of one feature's vertices, read by mesh vertex index.
struct PlacedVertices {
    let base: Int
    let positions: UnsafeBufferPointer<SIMD2<Float>>
    let snapped: UnsafeBufferPointer<SIMD2<Int32>>

    /// Whether vertex `i` was placed (one unsigned comparison).
    @inline(__always)
    func holds(_ i: Int) -> Bool { UInt(bitPattern: i &- base) < UInt(positions.count) }

    @inline(__always)
    subscript(_ i: Int) -> SIMD2<Float> { positions[i &- base] }

    /// Vertex `i` snapped to 1/256 px.
    @inline(__always)
    func snapped(_ i: Int) -> SIMD2<Int32> { snapped[i &- base] }
}

/// A span shader that takes each triangle's varyings before its runs.
protocol LineSpanShader: SpanShader {
    var varyings: LineVaryings { get set }
    var rampRow: Int { get set }
    /// Whether the dash and gradient varyings are read (else they are left unset).
    static var usesPatterns: Bool { get }
}

extension LineSpanShader {
    /// Takes a triangle's varyings in one go (tests).
    mutating func begin(_ v: LineVaryings, rampRow: Int) { varyings = v; self.rampRow = rampRow }
}

extension SolidLineShader: LineSpanShader {
    static var usesPatterns: Bool { false }
    var rampRow: Int { get { 0 } set {} }
}

extension PatternLineShader: LineSpanShader {
    static var usesPatterns: Bool { true }
}
