import Raster

/// A translucent fill layer drawn as MapLibre blends it: each feature's interior composited
/// over what the features before it left, so where two features of the layer overlap the
/// colour is blended twice (MapLibre's translucent pass draws every feature's triangles with
/// blending on and no depth rejection among them). Filling the layer's features one by one
/// would cost a rasterizer pass each; instead the features are cut, in order, into passes of
/// features whose device boxes do not meet, so each pass is still one fill of a run of the
/// layer's path. A pass over features that cannot share a pixel leaves exactly the pixels
/// that filling them one by one would, and a layer without overlaps stays one pass.
///
/// The unit is the feature, not the triangle: where rings of one feature overlap each other
/// (a multipolygon whose parts overlap, a self-intersecting ring), the non-zero rule fills
/// that area once, where MapLibre's triangles would blend it twice. Per-feature compositing
/// covers what real data shows (overlapping landuse, parks over grass) without tessellating.
enum FillFeatureBatches {
    /// Where one feature's contours begin in the layer's path.
    struct Start: Equatable, Sendable {
        var verb: Int
        var point: Int

        init(verb: Int, point: Int) { self.verb = verb; self.point = point }

        /// The end of `path` as it is now: where the next feature appended to it begins.
        init(_ path: Path) { verb = path.verbs.count; point = path.points.count }
    }

    /// Grid cell side (device px) of the boxes of the pass being gathered.
    static let cell: Float = 64

    /// The layer's path cut into passes at the features that meet a box of the pass being
    /// gathered. `starts` lists each feature's start in order; boxes are clipped to the
    /// `width` × `height` canvas (a feature drawing nothing there joins any pass) and grown by
    /// a pixel, so features that only touch still go to separate passes.
    static func batches(_ path: Path, starts: [Start], width: Int, height: Int) -> [Path] {
        guard starts.count > 1 else { return path.isEmpty ? [] : [path] }
        var cuts: [Start] = []
        var boxes: [SIMD4<Float>] = []
        var cells: [Int: [Int32]] = [:]
        let limit = SIMD4<Float>(0, 0, Float(width), Float(height))
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1].point : path.points.count
            guard start.point < end, let box = bounds(path.points[start.point..<end], clippedTo: limit) else { continue }
            if meets(box, boxes, cells) {
                cuts.append(start)
                boxes.removeAll(keepingCapacity: true)
                cells.removeAll(keepingCapacity: true)
            }
            let i = Int32(boxes.count)
            boxes.append(box)
            forEachCell(box) { cells[$0, default: []].append(i) }
        }
        guard !cuts.isEmpty else { return [path] }
        var out: [Path] = []
        var from = Start(verb: 0, point: 0)
        for cut in cuts + [Start(path)] {
            out.append(Path(verbs: path.verbs[from.verb..<cut.verb], points: path.points[from.point..<cut.point]))
            from = cut
        }
        return out
    }

    /// The box of `points` grown by a pixel and clipped to `limit`; nil when nothing is left.
    private static func bounds(_ points: ArraySlice<Point>, clippedTo limit: SIMD4<Float>) -> SIMD4<Float>? {
        guard var lo = points.first else { return nil }
        var hi = lo
        for p in points { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let box = SIMD4(max(lo.x - 1, limit.x), max(lo.y - 1, limit.y), min(hi.x + 1, limit.z), min(hi.y + 1, limit.w))
        guard box.x.isFinite, box.y.isFinite, box.z.isFinite, box.w.isFinite, box.x <= box.z, box.y <= box.w else { return nil }
        return box
    }

    private static func meets(_ box: SIMD4<Float>, _ boxes: [SIMD4<Float>], _ cells: [Int: [Int32]]) -> Bool {
        var hit = false
        forEachCell(box) { key in
            guard !hit, let list = cells[key] else { return }
            for i in list {
                let b = boxes[Int(i)]
                if box.x <= b.z, box.z >= b.x, box.y <= b.w, box.w >= b.y { hit = true; return }
            }
        }
        return hit
    }

    private static func forEachCell(_ box: SIMD4<Float>, _ body: (Int) -> Void) {
        let x0 = Int(box.x / cell), x1 = Int(box.z / cell), y0 = Int(box.y / cell), y1 = Int(box.w / cell)
        for y in y0...y1 { for x in x0...x1 { body(y &* 100_003 &+ x) } }
    }
}
