/// Receives flattened contours: `begin`, any number of `lineTo`, then `end`.
/// Points are device pixels and always finite.
protocol PolylineSink {
    mutating func begin(_ p: Point)
    mutating func lineTo(_ p: Point)
    mutating func end(closed: Bool)
}

/// Records a fill's contours as edges, closing every contour (fills are always closed).
struct FillEdgeSink<E: EdgeSink>: PolylineSink {
    var edges: E
    private var start = Point.zero
    private var last = Point.zero
    private var open = false

    init(edges: E) { self.edges = edges }

    mutating func begin(_ p: Point) {
        if open { end(closed: true) }
        start = p; last = p; open = true
    }

    mutating func lineTo(_ p: Point) {
        edges.add(last, p)
        last = p
    }

    mutating func end(closed: Bool) {
        if open { edges.add(last, start) }
        open = false
    }
}
