/// The stroke pipeline for one path, as a polyline sink: each flattened contour is cut to
/// the guard band, dashed, offset and stroked into pieces on the edge list. Owns the
/// per-stage buffers so a stroke allocates nothing once they have grown.
struct StrokeBuilder<E: EdgeSink>: PolylineSink {
    let stroker: Stroker
    let clipper: GuardBandClipper
    let dasher: Dasher?
    let offsetter: PolylineOffsetter?
    var edges: E
    var buffers: StrokeBuffers

    init(style: StrokeStyle, width: Float, canvas: Rect, edges: E, buffers: StrokeBuffers) {
        let offset = style.offset.isFinite ? style.offset : 0
        let miterLimit = style.miterLimit.isFinite ? max(1, style.miterLimit) : 1
        stroker = Stroker(width: width, join: style.join, cap: style.cap, miterLimit: miterLimit, roundLimit: style.roundLimit)
        clipper = GuardBandClipper(band: canvas.outset(by: Self.margin(width: width, miterLimit: miterLimit, offset: offset)))
        dasher = Dasher(dashes: style.dashes, offset: style.dashOffset)
        offsetter = offset != 0 ? PolylineOffsetter(distance: offset) : nil
        self.edges = edges
        self.buffers = buffers
    }

    /// How far outside the canvas a stroke's geometry can still reach a pixel: miters reach
    /// miterLimit half widths, square caps √2, offsets up to twice the offset at corners.
    static func margin(width: Float, miterLimit: Float, offset: Float) -> Float {
        width / 2 * max(miterLimit, 1.5) + abs(offset) * PolylineOffsetter.maxMiterScale + 2
    }

    var band: Rect { clipper.band }

    mutating func begin(_ p: Point) {
        buffers.contour.removeAll(keepingCapacity: true)
        buffers.contour.append(p)
    }

    mutating func lineTo(_ p: Point) {
        if buffers.contour.last != p { buffers.contour.append(p) }
    }

    mutating func end(closed: Bool) {
        var contour = Self.take(&buffers.contour), run = Self.take(&buffers.run)
        var dash = Self.take(&buffers.dash), off = Self.take(&buffers.offset), poly = Self.take(&buffers.poly)
        defer {
            buffers.contour = contour; buffers.run = run; buffers.dash = dash; buffers.offset = off; buffers.poly = poly
        }
        var isClosed = closed
        if isClosed && contour.count > 2 && contour.first == contour.last { contour.removeLast() }
        if contour.count < 3 { isClosed = false }
        guard contour.count >= 2 else { return }
        let stroker = self.stroker, dasher = self.dasher, offsetter = self.offsetter, clipper = self.clipper

        func strokePiece(_ pts: UnsafeBufferPointer<Point>, _ closed: Bool, _ capStart: Bool, _ capEnd: Bool) {
            if let offsetter {
                offsetter.offset(pts, closed: closed, out: &off)
                off.withUnsafeBufferPointer {
                    stroker.stroke($0, closed: closed, capStart: capStart, capEnd: capEnd, poly: &poly, edges: &self.edges)
                }
            } else {
                stroker.stroke(pts, closed: closed, capStart: capStart, capEnd: capEnd, poly: &poly, edges: &self.edges)
            }
        }

        contour.withUnsafeBufferPointer { c in
            clipper.clip(c, closed: isClosed, out: &run) { r, closed, capStart, capEnd, distance in
                if let dasher {
                    dasher.dash(r, closed: closed, capStart: capStart, capEnd: capEnd, startDistance: distance, out: &dash) {
                        strokePiece($0, false, $1, $2)
                    }
                } else {
                    strokePiece(r, closed, capStart, capEnd)
                }
            }
        }
    }

    @inline(__always)
    private static func take(_ a: inout [Point]) -> [Point] {
        var e: [Point] = []
        swap(&e, &a)
        return e
    }
}

/// Reusable point buffers of the stroke pipeline stages.
struct StrokeBuffers {
    var contour: [Point] = []
    var run: [Point] = []
    var dash: [Point] = []
    var offset: [Point] = []
    var poly: [Point] = []
}
