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
            guard let (t0, t1) = clipParameters(a, b) else {
                if !out.isEmpty { flush(&out, closed: false, capStart, false, runStart, emit) }
                continue
            }
            if t0 > 0 || out.isEmpty {
                if !out.isEmpty { flush(&out, closed: false, capStart, false, runStart, emit) }
                out.append(t0 > 0 ? lerp(a, b, t0) : a)
                runStart = distance + len * Double(t0)
                capStart = t0 == 0 && s == 0 && !closed
            }
            out.append(t1 < 1 ? lerp(a, b, t1) : b)
            if t1 < 1 { flush(&out, closed: false, capStart, false, runStart, emit) }
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

    @inline(__always)
    private func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(Float(Double(a.x) + t * (Double(b.x) - Double(a.x))), Float(Double(a.y) + t * (Double(b.y) - Double(a.y))))
    }

    /// Liang–Barsky in Double: the parameter range of a→b inside the band, nil if none.
    private func clipParameters(_ a: Point, _ b: Point) -> (Double, Double)? {
        if contains(a) && contains(b) { return (0, 1) }
        let ax = Double(a.x), ay = Double(a.y)
        let dx = Double(b.x) - ax, dy = Double(b.y) - ay
        var t0 = 0.0, t1 = 1.0
        @inline(__always) func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let r = q / p
            if p < 0 {
                if r > t1 { return false }
                if r > t0 { t0 = r }
            } else {
                if r < t0 { return false }
                if r < t1 { t1 = r }
            }
            return true
        }
        guard edge(-dx, ax - Double(band.minX)), edge(dx, Double(band.maxX) - ax),
              edge(-dy, ay - Double(band.minY)), edge(dy, Double(band.maxY) - ay) else { return nil }
        return t0 < t1 ? (t0, t1) : nil
    }
}
