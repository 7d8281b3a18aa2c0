/// Cuts a polyline to a guard band around the canvas before stroking, so that a stroke's
/// cost does not grow with geometry far away and float precision stays good: parts outside
/// the band are dropped (they cannot reach a pixel), segments crossing it end on it. Ends
/// created by the cut get no cap (they are outside the canvas anyway); the distance along
/// the line where each run starts is kept for dashing.
struct GuardBandClipper {
    let band: Rect

    /// Calls `emit(run, closed, capStart, capEnd, startDistance)` for each run inside the band.
    func clip(_ pts: UnsafeBufferPointer<Point>, closed: Bool, out: inout [Point],
              emit: (UnsafeBufferPointer<Point>, Bool, Bool, Bool, Double) -> Void) {
        let n = pts.count
        guard n >= 2 else { return }
        var allInside = true
        for p in pts where !contains(p) { allInside = false; break }
        if allInside {
            emit(pts, closed, !closed, !closed, 0)
            return
        }
        // A closed contour starts at an outside vertex, so no run ends at the seam.
        var start = 0
        if closed { while contains(pts[start]) { start += 1 } }
        let segments = closed ? n : n - 1
        var distance = 0.0
        var runStart = 0.0
        var capStart = false
        out.removeAll(keepingCapacity: true)
        for s in 0..<segments {
            let a = pts[(start + s) % n], b = pts[(start + s + 1) % n]
            let len = Double(length(b - a))
            defer { distance += len }
            guard let (ca, cb, cutA, cutB) = clipSegment(a, b) else {
                if !out.isEmpty { flush(&out, closed: false, capStart, false, runStart, emit) }
                continue
            }
            if cutA || out.isEmpty {
                if !out.isEmpty { flush(&out, closed: false, capStart, false, runStart, emit) }
                out.append(ca)
                runStart = distance + (cutA ? Double(length(ca - a)) : 0)
                capStart = !cutA && s == 0 && !closed
            }
            out.append(cb)
            if cutB { flush(&out, closed: false, capStart, false, runStart, emit) }
        }
        if !out.isEmpty { flush(&out, closed: false, capStart, !closed, runStart, emit) }
    }

    @inline(__always)
    private func flush(_ out: inout [Point], closed: Bool, _ capStart: Bool, _ capEnd: Bool, _ startDistance: Double,
                       _ emit: (UnsafeBufferPointer<Point>, Bool, Bool, Bool, Double) -> Void) {
        if out.count >= 2 { out.withUnsafeBufferPointer { emit($0, closed, capStart, capEnd, startDistance) } }
        out.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private func contains(_ p: Point) -> Bool {
        p.x >= band.minX && p.x <= band.maxX && p.y >= band.minY && p.y <= band.maxY
    }

    /// Cohen–Sutherland with every intersection computed from the original end points (in
    /// Double), so nearly vertical lines from ±1e20 still land at the right x. Returns the
    /// clipped end points and whether each was cut; nil when the segment misses the band.
    private func clipSegment(_ a: Point, _ b: Point) -> (Point, Point, Bool, Bool)? {
        if contains(a) && contains(b) { return (a, b, false, false) }
        let ax = Double(a.x), ay = Double(a.y), bx = Double(b.x), by = Double(b.y)
        let minX = Double(band.minX), maxX = Double(band.maxX), minY = Double(band.minY), maxY = Double(band.maxY)
        @inline(__always) func code(_ x: Double, _ y: Double) -> Int {
            (x < minX ? 1 : 0) | (x > maxX ? 2 : 0) | (y < minY ? 4 : 0) | (y > maxY ? 8 : 0)
        }
        var p0 = (ax, ay), p1 = (bx, by)
        var c0 = code(ax, ay), c1 = code(bx, by)
        let cut0 = c0 != 0, cut1 = c1 != 0
        for _ in 0..<4 {
            if c0 | c1 == 0 { break }
            if c0 & c1 != 0 { return nil }
            let c = c0 != 0 ? c0 : c1
            var x: Double, y: Double
            if c & 4 != 0 { y = minY; x = ax + (minY - ay) * (bx - ax) / (by - ay) }
            else if c & 8 != 0 { y = maxY; x = ax + (maxY - ay) * (bx - ax) / (by - ay) }
            else if c & 1 != 0 { x = minX; y = ay + (minX - ax) * (by - ay) / (bx - ax) }
            else { x = maxX; y = ay + (maxX - ax) * (by - ay) / (bx - ax) }
            if c == c0 { p0 = (x, y); c0 = code(x, y) } else { p1 = (x, y); c1 = code(x, y) }
        }
        guard c0 | c1 == 0 else { return nil }
        return (Point(Float(p0.0), Float(p0.1)), Point(Float(p1.0), Float(p1.1)), cut0, cut1)
    }
}
