import Geo

/// Simplifies and clips one feature of a `GeometryStore` to a rectangle, working in the
/// buffers of a `GeometryScratch` (moved in for the duration, so nothing is copied).
struct FeatureClipper {
    let rect: WorldRect
    /// Simplification tolerance in world units (0: keep everything).
    let tolerance: Double
    let sqTolerance: Double
    let metrics: Bool

    var geometry: FeatureGeometry
    var lineClips: [SIMD2<Double>]
    var run: [WorldPoint]
    var runSource: [Int32]
    var spans: [LinePosition] = []
    var clip: ClipScratch

    init(rect: WorldRect, tolerance: Double, metrics: Bool, taking s: inout GeometryScratch) {
        self.rect = rect
        self.tolerance = tolerance
        sqTolerance = tolerance * tolerance
        self.metrics = metrics
        geometry = s.geometry; s.geometry = FeatureGeometry(type: .point)
        lineClips = s.lineClips; s.lineClips = []
        run = s.run; s.run = []
        runSource = s.runSource; s.runSource = []
        clip = s.clip; s.clip = ClipScratch()
    }

    /// Moves the buffers back into the scratch.
    mutating func finish(into s: inout GeometryScratch) {
        swap(&s.geometry, &geometry)
        swap(&s.lineClips, &lineClips)
        swap(&s.run, &run)
        swap(&s.runSource, &runSource)
        swap(&s.clip, &clip)
    }

    @inline(__always)
    func isKept(_ store: PackedGeometry, _ v: Int) -> Bool {
        sqTolerance <= 0 || Double(store.importance[v]) >= sqTolerance
    }

    @inline(__always)
    mutating func appendToRun(_ store: PackedGeometry, _ v: Int) {
        run.append(store.points[v])
        if metrics { runSource.append(Int32(truncatingIfNeeded: v)) }
    }

    /// Appends the vertices of chunk (v, last] that survive simplification (last always).
    @inline(__always)
    mutating func appendSimplified(_ store: PackedGeometry, from v: Int, through last: Int) {
        var k = v + 1
        if sqTolerance <= 0 {
            while k <= last { appendToRun(store, k); k += 1 }
            return
        }
        while k < last {
            if Double(store.importance[k]) >= sqTolerance { appendToRun(store, k) }
            k += 1
        }
        appendToRun(store, last)
    }

    // MARK: points

    mutating func points(_ store: PackedGeometry, _ parts: Range<Int>) {
        for p in parts {
            var v = store.partStart(p)
            for c in store.chunkRange(ofPart: p) {
                let last = Int(store.chunkLast[c])
                let b = store.chunkBounds[c]
                if rect.contains(b) {
                    geometry.points.append(contentsOf: store.points[v...last])
                } else if b.intersects(rect) {
                    for k in v...last where rect.contains(store.points[k]) { geometry.points.append(store.points[k]) }
                }
                v = last + 1
            }
        }
        if !geometry.points.isEmpty { geometry.endPart() }
    }

    // MARK: lines

    mutating func lines(_ store: PackedGeometry, _ parts: Range<Int>) {
        for p in parts {
            // geojson-vt drops lines shorter than the tolerance.
            if tolerance > 0, store.partSizes[p] < tolerance { continue }
            var v = store.partStart(p)
            var open = false, inside = true
            for c in store.chunkRange(ofPart: p) {
                let last = Int(store.chunkLast[c])
                let b = store.chunkBounds[c]
                if b.intersects(rect) {
                    if !open {
                        run.removeAll(keepingCapacity: true); runSource.removeAll(keepingCapacity: true)
                        appendToRun(store, v)
                        open = true; inside = true
                    }
                    if inside, !rect.contains(b) { inside = false }
                    appendSimplified(store, from: v, through: last)
                } else if open {
                    flushLine(store, part: p, inside: inside)
                    open = false
                }
                v = last
            }
            if open { flushLine(store, part: p, inside: inside) }
        }
    }

    /// Emits the current run of a line: as it is when every chunk was inside, else clipped.
    mutating func flushLine(_ store: PackedGeometry, part p: Int, inside: Bool) {
        guard run.count >= 2 else { return }
        if inside {
            geometry.points.append(contentsOf: run)
            geometry.endPart()
            if metrics {
                lineClips.append(SIMD2(fraction(store, part: p, LinePosition(segment: 0, t: 0)),
                                       fraction(store, part: p, LinePosition(segment: run.count - 2, t: 1))))
            }
            return
        }
        spans.removeAll(keepingCapacity: true)
        let n = run.withUnsafeBufferPointer { LineClipping.clip($0, to: rect, into: &geometry, spans: &spans) }
        if metrics {
            for k in 0..<n {
                lineClips.append(SIMD2(fraction(store, part: p, spans[2 * k]), fraction(store, part: p, spans[2 * k + 1])))
            }
        }
    }

    /// Where a position on the current run lies along its whole (unsimplified) line, 0...1.
    func fraction(_ store: PackedGeometry, part p: Int, _ at: LinePosition) -> Double {
        let a = Int(runSource[at.segment]), b = Int(runSource[Swift.min(at.segment + 1, runSource.count - 1)])
        let d = store.lineDistances[a] + at.t * (store.lineDistances[b] - store.lineDistances[a])
        let total = store.lineDistances[store.partStart(p + 1) - 1]
        return total > 0 ? Swift.max(0, Swift.min(1, d / total)) : 0
    }

    // MARK: polygons

    mutating func polygons(_ store: PackedGeometry, _ polygons: Range<Int>, firstPart: Int) {
        for j in polygons {
            var outerKept = false
            let rings = store.partRange(ofPolygon: j, firstPolygon: polygons.lowerBound, firstPart: firstPart)
            for p in rings {
                let outer = p == rings.lowerBound
                let kept = ring(store, p, outer: outer)
                if outer { outerKept = kept; if !kept { break } }
            }
            if outerKept { geometry.endPolygon() }
        }
    }

    /// Simplifies and clips ring `p` into `geometry` (ending a part); false when nothing is left.
    mutating func ring(_ store: PackedGeometry, _ p: Int, outer: Bool) -> Bool {
        // geojson-vt drops rings smaller than the tolerance squared.
        if tolerance > 0, store.partSizes[p] < sqTolerance { return false }
        var v = store.partStart(p)
        run.removeAll(keepingCapacity: true)
        run.append(store.points[v])
        var inside = true
        for c in store.chunkRange(ofPart: p) {
            let last = Int(store.chunkLast[c])
            let b = store.chunkBounds[c]
            if b.intersects(rect) {
                if inside, !rect.contains(b) { inside = false }
                var k = v + 1
                while k < last {
                    if sqTolerance <= 0 || Double(store.importance[k]) >= sqTolerance { run.append(store.points[k]) }
                    k += 1
                }
                run.append(store.points[last])
            } else {
                // The chunk never reaches the rectangle: its chord fills the same inside it.
                inside = false
                run.append(store.points[last])
            }
            v = last
        }
        let start = geometry.points.count
        if inside {
            guard run.count >= 4 else { return false }
            geometry.points.append(contentsOf: run)
        } else {
            let ok = run.withUnsafeBufferPointer { RingClipping.clip($0, to: rect, into: &geometry.points, scratch: &clip) }
            guard ok else { return false }
        }
        // Simplification can flip a tiny ring; geojson-vt rewinds after it too.
        geometry.points.withUnsafeMutableBufferPointer { Winding.orient(UnsafeMutableBufferPointer(rebasing: $0[start...]), outer: outer) }
        geometry.endPart()
        return true
    }
}
