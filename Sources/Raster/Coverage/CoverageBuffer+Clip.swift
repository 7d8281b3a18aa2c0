/// Clipping an edge to the canvas before it becomes fixed point (the band only selects
/// which rows are written, see `lineAA`).
///
/// Parts above or below the canvas and right of it carry no coverage and are dropped; parts left of the canvas are projected onto x = 0 (they still
/// change the winding of every pixel to their right). The clipping runs in Double, so
/// coordinates like 1e9 or 1e30 are clipped accurately; the fixed-point values that remain
/// are bounded by the canvas size.
extension CoverageBuffer {
    @inline(__always)
    func addEdge(_ e: SIMD4<Float>, antialias: Bool) {
        let x0 = e.x, y0 = e.y, x1 = e.z, y1 = e.w
        let right = Float(width)
        // Reject: horizontal (or NaN), fully above, below or right of the band.
        guard y0 < y1 || y1 < y0 else { return }
        if max(y0, y1) <= Float(bandTop) || min(y0, y1) >= Float(bandTop + bandRows) || min(x0, x1) >= right { return }
        // Written as plain comparisons so a NaN anywhere falls through to the slow path,
        // which rejects non-finite edges.
        let bottom = Float(height)
        if x0 >= 0, x1 >= 0, x0 <= right, x1 <= right, y0 >= 0, y1 >= 0, y0 <= bottom, y1 <= bottom {
            emit(fixedX(x0), fixedY(y0), fixedX(x1), fixedY(y1), antialias)
            return
        }
        clipSlow(Double(x0), Double(y0), Double(x1), Double(y1), antialias)
    }

    @inline(__always)
    private func fixedX(_ x: Float) -> Int32 { roundToInt32(x * 256) }

    @inline(__always)
    private func fixedY(_ y: Float) -> Int32 { roundToInt32(y * 256) }

    @inline(__always)
    private func fixedX(_ x: Double) -> Int32 { roundToInt32(x * 256) }

    @inline(__always)
    private func fixedY(_ y: Double) -> Int32 { roundToInt32(y * 256) }

    @inline(__always)
    private func emit(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32, _ antialias: Bool) {
        if antialias { lineAA(x0, y0, x1, y1) } else { lineSampled(x0, y0, x1, y1) }
    }

    /// Clips with explicit points (not a parameter), so axis-aligned edges stay exact even
    /// at ±1e38 where a parameter would lose the band in rounding.
    private func clipSlow(_ ox0: Double, _ oy0: Double, _ ox1: Double, _ oy1: Double, _ antialias: Bool) {
        guard ox0.isFinite, oy0.isFinite, ox1.isFinite, oy1.isFinite else { return }
        let top = 0.0, bottom = Double(height), right = Double(width)
        let dxdy = (ox1 - ox0) / (oy1 - oy0)
        @inline(__always) func xAt(_ y: Double) -> Double { ox0 == ox1 ? ox0 : ox0 + (y - oy0) * dxdy }
        var ax = ox0, ay = oy0, bx = ox1, by = oy1
        if ay < top { ax = xAt(top); ay = top } else if ay > bottom { ax = xAt(bottom); ay = bottom }
        if by < top { bx = xAt(top); by = top } else if by > bottom { bx = xAt(bottom); by = bottom }
        guard ay != by, ax.isFinite, bx.isFinite else { return }
        // Split where the clipped segment crosses x = 0 and x = right, in travel order.
        var first = Double.infinity, second = Double.infinity
        let crossesLeft = min(ax, bx) < 0 && max(ax, bx) > 0
        let crossesRight = min(ax, bx) < right && max(ax, bx) > right
        if ax < bx {
            if crossesLeft { first = 0 }
            if crossesRight { if first == .infinity { first = right } else { second = right } }
        } else {
            if crossesRight { first = right }
            if crossesLeft { if first == .infinity { first = 0 } else { second = 0 } }
        }
        let dydx = (by - ay) / (bx - ax)
        var px = ax, py = ay
        for k in 0..<3 {
            let qx: Double, qy: Double
            if k == 2 {
                qx = bx; qy = by
            } else {
                let c = k == 0 ? first : second
                if c == .infinity { continue }
                qx = c; qy = min(bottom, max(top, ay + (c - ax) * dydx))
            }
            let mid = (px + qx) * 0.5
            if mid < right {
                let xa = mid < 0 ? 0 : min(right, max(0, px)), xb = mid < 0 ? 0 : min(right, max(0, qx))
                emit(fixedX(xa), fixedY(py), fixedX(xb), fixedY(qy), antialias)
            }
            px = qx; py = qy
        }
    }
}
