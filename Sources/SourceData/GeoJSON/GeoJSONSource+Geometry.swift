import Geo

extension GeoJSONSource {
    /// Feature `i`'s full-detail geometry (world coordinates, rings closed and wound) —
    /// for `within` / `distance` and anything that wants the whole shape. Allocates.
    public func geometry(_ i: Int) -> FeatureGeometry {
        let h = geometry.header(ofFeature: i)
        var g = FeatureGeometry(type: h.type)
        let first = geometry.partStart(Int(h.partStart)), end = geometry.partStart(Int(h.partEnd))
        g.points = Array(geometry.points[first..<end])
        g.partEnds = geometry.partEnds[h.parts].map { $0 - Int32(first) }
        if h.type == .polygon {
            g.polygonEnds = geometry.polygonEnds[h.polygons].map { $0 - h.partStart }
        }
        return g
    }

    /// Feature `i` simplified for integer zoom `zoom` and, when `rect` is given, clipped to it
    /// (no world wrapping). Allocates; the render path uses `clip(feature:…into:)`.
    public func geometry(_ i: Int, simplifiedAt zoom: Int, clippedTo rect: WorldRect?) -> FeatureGeometry {
        var scratch = GeometryScratch()
        let r = rect ?? features[i].bounds
        guard clip(feature: i, zoom: zoom, to: r, worldCopy: 0, into: &scratch) else { return FeatureGeometry(type: features[i].type) }
        return scratch.geometry
    }

    /// Writes feature `i`, simplified for integer zoom `zoom` (geojson-vt's rule: keep the
    /// vertices whose importance reaches the zoom's tolerance², drop lines shorter than the
    /// tolerance and rings smaller than its square; nothing is dropped at and beyond
    /// `maxzoom`) and clipped to `rect`, into `scratch.geometry`. `worldCopy` k shifts the
    /// data k worlds east first. Returns false (and leaves an empty geometry) when nothing
    /// of the feature is inside.
    ///
    /// Only the chunks of ≤ 256 vertices whose bounds meet `rect` are read in full; a ring
    /// chunk outside is replaced by its chord (exact for the fill inside `rect`: the region
    /// between a chunk and its chord lies in the chunk's bounds), so a country at z14 costs
    /// its chunk count plus the vertices near the tile, not all its vertices.
    @discardableResult
    public func clip(feature i: Int, zoom: Int, to rect: WorldRect, worldCopy: Int = 0,
                     into scratch: inout GeometryScratch) -> Bool {
        clip(slot: Int(geometry.slotOfFeature[i]), tolerance: options.simplificationTolerance(zoom: zoom),
             to: rect, worldCopy: worldCopy, into: &scratch)
    }

    /// `clip(feature:…)` for the feature in index slot `slot`, tolerance precomputed.
    func clip(slot: Int, tolerance: Double, to rect: WorldRect, worldCopy: Int, into scratch: inout GeometryScratch) -> Bool {
        let h = geometry.headers[slot]
        scratch.geometry.removeAll(type: h.type)
        scratch.lineClips.removeAll(keepingCapacity: true)
        let dx = Double(worldCopy)
        let r = worldCopy == 0 ? rect : rect.offset(dx: -dx, dy: 0)
        guard h.bounds.intersects(r) else { return false }
        var clipper = FeatureClipper(rect: r, tolerance: tolerance, metrics: options.lineMetrics && geometry.hasLineDistances,
                                     taking: &scratch)
        switch h.type {
        case .point: clipper.points(geometry, h.parts)
        case .lineString: clipper.lines(geometry, h.parts)
        case .polygon: clipper.polygons(geometry, h.polygons, firstPart: Int(h.partStart))
        }
        clipper.finish(into: &scratch)
        if worldCopy != 0 {
            scratch.geometry.points.withUnsafeMutableBufferPointer { pts in
                for k in pts.indices { pts[k].x += dx }
            }
        }
        return !scratch.geometry.partEnds.isEmpty
    }
}
