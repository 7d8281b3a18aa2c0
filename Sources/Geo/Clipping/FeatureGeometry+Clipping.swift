extension FeatureGeometry {
    /// The part of this geometry inside `rect`: points outside dropped, lines split where they
    /// leave the rectangle, polygon rings clipped (closed). A polygon whose outer ring vanishes
    /// is dropped with its holes. The result may be empty (no points).
    public func clipped(to rect: WorldRect) -> FeatureGeometry {
        var scratch = ClipScratch()
        var out = FeatureGeometry(type: type)
        clip(to: rect, into: &out, scratch: &scratch)
        return out
    }

    /// `clipped(to:)` into a reusable geometry and scratch (appends to `out`).
    public func clip(to rect: WorldRect, into out: inout FeatureGeometry, scratch: inout ClipScratch) {
        points.withUnsafeBufferPointer { pts in
            switch type {
            case .point:
                if PointClipping.clip(pts, to: rect, into: &out.points) > 0 { out.endPart() }
            case .lineString:
                for i in 0..<partCount {
                    let r = validRange(i, pts.count)
                    LineClipping.clip(UnsafeBufferPointer(rebasing: pts[r]), to: rect, into: &out)
                }
            case .polygon:
                for j in 0..<polygonCount {
                    let first = j == 0 ? 0 : Int(polygonEnds[j - 1]), end = Int(polygonEnds[j])
                    guard first >= 0, first < end, end <= partCount else { continue }
                    let rings = first..<end
                    var hasOuter = false
                    for ring in rings {
                        let r = validRange(ring, pts.count)
                        let kept = RingClipping.clip(UnsafeBufferPointer(rebasing: pts[r]), to: rect,
                                                     into: &out.points, scratch: &scratch)
                        if ring == rings.lowerBound { hasOuter = kept; if !kept { break } }
                        if kept { out.endPart() }
                    }
                    if hasOuter { out.endPolygon() }
                }
            }
        }
    }

    /// partRange(i) limited to the points that exist (malformed geometry never traps).
    @inline(__always)
    func validRange(_ i: Int, _ count: Int) -> Range<Int> {
        let lo = Swift.max(0, Swift.min(count, i == 0 ? 0 : Int(partEnds[i - 1])))
        return lo..<Swift.max(lo, Swift.min(count, Int(partEnds[i])))
    }
}
