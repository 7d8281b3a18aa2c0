/// Splits a polyline into the "on" pieces of a dash pattern. The pattern phase follows the
/// distance along the original line (in Double, so long lines keep their rhythm), dashes
/// keep the polyline's interior vertices (so joins inside a dash are drawn), and every
/// dash end gets a cap except at guard-band cuts. A zero-length dash becomes a 0.001 px
/// piece in the direction of travel, so round or square caps draw it as a dot or square.
struct Dasher {
    /// On/off lengths, even count, all finite and ≥ 0, positive sum.
    let intervals: [Double]
    let period: Double
    let offset: Double

    /// Patterns shorter than this per period are drawn solid (a dash per 1/20 px is
    /// indistinguishable from a solid line and would only cost time).
    static let minimumPeriod = 0.05

    /// nil when the dashes describe a solid line (empty, invalid, or too fine).
    init?(dashes: [Float], offset: Float) {
        guard !dashes.isEmpty, dashes.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        var d = dashes.map(Double.init)
        if d.count % 2 == 1 { d += d }
        let total = d.reduce(0, +)
        guard total >= Self.minimumPeriod else { return nil }
        if !d.enumerated().contains(where: { $0.offset % 2 == 1 && $0.element > 0 }) { return nil }
        intervals = d
        period = total
        self.offset = offset.isFinite ? Double(offset) : 0
    }

    /// Calls `emit(piece, capStart, capEnd)` for every dash on `pts`.
    func dash(_ pts: UnsafeBufferPointer<Point>, closed: Bool, capStart: Bool, capEnd: Bool, startDistance: Double,
              out: inout [Point], emit: (UnsafeBufferPointer<Point>, Bool, Bool) -> Void) {
        let n = pts.count
        guard n >= 2 else { return }
        // Locate the phase: which interval, and how far into it.
        var phase = (startDistance + offset).truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        var index = 0
        while phase > 0 && phase >= intervals[index] {
            phase -= intervals[index]
            index = (index + 1) % intervals.count
        }
        var remaining = intervals[index] - phase   // left in the current interval
        var on = index % 2 == 0
        var pieceStartsAtLineStart = true
        out.removeAll(keepingCapacity: true)
        if on { out.append(pts[0]) }
        let segments = closed ? n : n - 1
        for s in 0..<segments {
            let a = pts[s], b = pts[(s + 1) % n]
            let d = b - a
            let len = Double(length(d))
            guard len > 0 else { continue }
            let u = d / Float(len)
            var t = 0.0
            while len - t > remaining {
                t += remaining
                let p = Point(Float(Double(a.x) + Double(d.x) * t / len), Float(Double(a.y) + Double(d.y) * t / len))
                if on {
                    out.append(p)
                    finish(&out, direction: u, capStart: pieceStartsAtLineStart ? capStart : true, capEnd: true, emit)
                } else {
                    out.append(p)
                }
                pieceStartsAtLineStart = false
                on.toggle()
                index = (index + 1) % intervals.count
                remaining = intervals[index]
            }
            remaining -= len - t
            if on { out.append(b) }
        }
        if on {
            finish(&out, direction: nil, capStart: pieceStartsAtLineStart ? capStart : true, capEnd: capEnd, emit)
        }
        out.removeAll(keepingCapacity: true)
    }

    /// Emits the collected dash and starts over.
    @inline(__always)
    private func finish(_ out: inout [Point], direction u: Point?, capStart: Bool, capEnd: Bool,
                        _ emit: (UnsafeBufferPointer<Point>, Bool, Bool) -> Void) {
        if out.count == 2, out[0] == out[1], let u {
            out[1] = out[0] + u * 0.001
        }
        if out.count >= 2 { out.withUnsafeBufferPointer { emit($0, capStart, capEnd) } }
        out.removeAll(keepingCapacity: true)
    }
}
