/// Where flattened edges go: the edge list (recorded, rasterized band by band
/// later) or straight into the coverage buffer (canvases that fit one band).
protocol EdgeSink {
    /// Adds the directed edge a→b.
    mutating func add(_ a: Point, _ b: Point)
}

/// Accumulates edges straight into the coverage buffer's current band.
struct DirectEdgeSink: EdgeSink {
    let coverage: CoverageBuffer
    let antialias: Bool

    @inline(__always)
    mutating func add(_ a: Point, _ b: Point) {
        coverage.addEdge(SIMD4(a.x, a.y, b.x, b.y), antialias: antialias)
    }
}

/// A flat list of directed line edges in device pixels, the output of flattening and the
/// input of the coverage accumulator. The edges form closed loops (a fill's contours), so
/// their winding adds up correctly wherever they are clipped. Keeps its capacity between draws.
struct EdgeList: EdgeSink {
    /// (x0, y0, x1, y1) per edge.
    private(set) var edges: [SIMD4<Float>] = []
    private(set) var minY: Float = .infinity
    private(set) var maxY: Float = -.infinity
    private(set) var minX: Float = .infinity
    private(set) var maxX: Float = -.infinity

    var isEmpty: Bool { edges.isEmpty }
    var count: Int { edges.count }

    mutating func removeAll() {
        edges.removeAll(keepingCapacity: true)
        minY = .infinity; maxY = -.infinity; minX = .infinity; maxX = -.infinity
    }

    /// Adds the edge a→b; horizontal and non-finite edges are dropped (they carry no winding
    /// or would poison the arithmetic).
    @inline(__always)
    mutating func add(_ a: Point, _ b: Point) {
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        edges.append(SIMD4(a.x, a.y, b.x, b.y))
        minY = min(minY, min(a.y, b.y)); maxY = max(maxY, max(a.y, b.y))
        minX = min(minX, min(a.x, b.x)); maxX = max(maxX, max(a.x, b.x))
    }
}
