import Geo

extension GeoJSONSource {
    /// Indices of the features whose bounds intersect `rect`, ascending (the source's order).
    /// Coordinates are taken as they are (no world wrapping: see `worldCopies`).
    public func query(_ rect: WorldRect) -> [Int32] {
        var out: [Int32] = []
        query(rect, into: &out)
        return out
    }

    /// `query` appending to a reusable array (only the appended part is sorted).
    public func query(_ rect: WorldRect, into out: inout [Int32]) {
        let start = out.count
        index.search(rect) { out.append($0) }
        if out.count - start > 1 { out[start...].sort() }
    }

    /// The whole-world shifts k for which this source's data, moved k worlds east, meets
    /// `rect` (nil when none): draw the data of copy k by querying `rect` shifted −k worlds
    /// and adding k to x. At most `maxWorldCopies` copies, the ones nearest the rectangle's
    /// centre, so a hostile rectangle cannot ask for millions.
    public func worldCopies(intersecting rect: WorldRect) -> ClosedRange<Int>? {
        guard !bounds.isEmpty, !rect.isEmpty, rect.minY <= bounds.maxY, bounds.minY <= rect.maxY else { return nil }
        let lo = (rect.minX - bounds.maxX).rounded(.up), hi = (rect.maxX - bounds.minX).rounded(.down)
        guard lo <= hi, lo.isFinite, hi.isFinite else { return nil }
        let limit = Double(GeoJSONSource.maxWorldCopies)
        if hi - lo < limit { return Int(lo)...Int(hi) }
        let centre = ((rect.minX + rect.maxX) / 2).rounded(.down)
        let first = Swift.max(lo, Swift.min(hi - limit + 1, centre - (limit / 2).rounded(.down)))
        guard abs(first) < 1e15 else { return nil }
        return Int(first)...Int(first + limit - 1)
    }

    /// Most world copies `worldCopies` returns (a 8192 px image at zoom −2 shows 64 worlds).
    public static let maxWorldCopies = 256

    /// geojson-vt's simplification tolerance (world units) at integer zoom `z`.
    public func simplificationTolerance(zoom z: Int) -> Double { options.simplificationTolerance(zoom: z) }

    /// Every feature meeting `rect` (in every world copy), simplified for integer zoom
    /// `zoom` and clipped to `rect`, in source order per world copy (west to east).
    /// `include` is asked first, so filtered-out features cost no geometry work. The
    /// geometry passed to `body` lives in `scratch` and is overwritten by the next feature.
    public func forEachFeature(in rect: WorldRect, zoom: Int, scratch: inout GeometryScratch,
                               include: (Int) -> Bool = { _ in true },
                               _ body: (_ feature: Int, _ geometry: FeatureGeometry, _ lineClips: [SIMD2<Double>]) throws -> Void) rethrows {
        guard let copies = worldCopies(intersecting: rect) else { return }
        let tolerance = options.simplificationTolerance(zoom: zoom)
        var hits = scratch.hits
        scratch.hits = []
        defer { hits.removeAll(keepingCapacity: true); scratch.hits = hits }
        for k in copies {
            // Feature index in the high half, index slot in the low half: sorting gives the
            // source order, and the slot reaches the geometry without touching `features`.
            hits.removeAll(keepingCapacity: true)
            index.searchSlots(rect.offset(dx: -Double(k), dy: 0)) { slot, feature in
                hits.append(UInt64(UInt32(bitPattern: feature)) << 32 | UInt64(UInt32(bitPattern: slot)))
            }
            if hits.count > 1 { hits.sort() }
            for h in hits {
                let i = Int(h >> 32)
                guard include(i) else { continue }
                if clip(slot: Int(h & 0xFFFF_FFFF), tolerance: tolerance, to: rect, worldCopy: k, into: &scratch) {
                    try body(i, scratch.geometry, scratch.lineClips)
                }
            }
        }
    }
}
