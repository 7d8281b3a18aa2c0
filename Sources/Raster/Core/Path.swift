/// A 2D point in float pixel coordinates (y down).
public typealias Point = SIMD2<Float>

/// A vector path of move/line/quad/cubic/close verbs in pixel coordinates.
///
/// Stored as two flat arrays (verbs and points) so building and iterating never allocates
/// per segment; geometry (stroking, dashing) produces new paths, the rasterizer consumes them.
public struct Path: Sendable, Equatable {
    public enum Verb: UInt8, Sendable {
        case move   // 1 point
        case line   // 1 point
        case quad   // 2 points: control, end
        case cubic  // 3 points: control1, control2, end
        case close  // 0 points
    }

    public private(set) var verbs: [Verb] = []
    public private(set) var points: [Point] = []

    public init() {}

    /// A run of another path's verbs and their points (whole contours: the run starts with a
    /// move), e.g. some of the features a layer's path holds.
    public init(verbs: ArraySlice<Verb>, points: ArraySlice<Point>) {
        self.verbs = Array(verbs)
        self.points = Array(points)
    }

    public var isEmpty: Bool { verbs.isEmpty }

    public mutating func move(to p: Point) {
        verbs.append(.move); points.append(p)
    }

    public mutating func line(to p: Point) {
        if verbs.isEmpty { move(to: p); return }
        verbs.append(.line); points.append(p)
    }

    public mutating func quad(control c: Point, to p: Point) {
        if verbs.isEmpty { move(to: c) }
        verbs.append(.quad); points.append(c); points.append(p)
    }

    public mutating func cubic(control1 c1: Point, control2 c2: Point, to p: Point) {
        if verbs.isEmpty { move(to: c1) }
        verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
    }

    public mutating func close() {
        if let last = verbs.last, last != .close { verbs.append(.close) }
    }

    public mutating func move(to x: Float, _ y: Float) { move(to: Point(x, y)) }
    public mutating func line(to x: Float, _ y: Float) { line(to: Point(x, y)) }

    /// Appends every contour of `other`.
    public mutating func append(_ other: Path) {
        verbs.append(contentsOf: other.verbs)
        points.append(contentsOf: other.points)
    }

    public mutating func removeAll(keepingCapacity: Bool = true) {
        verbs.removeAll(keepingCapacity: keepingCapacity)
        points.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Axis-aligned bounds of all points (control points included); nil for an empty path.
    public var bounds: Rect? {
        guard var lo = points.first else { return nil }
        var hi = lo
        for p in points { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        return Rect(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y)
    }
}
