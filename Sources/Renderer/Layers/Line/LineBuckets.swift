import Foundation
import Geo
import SourceData
import StyleSpec

/// The tessellated lines of one source tile's layer, kept across renders as MapLibre keeps its
/// line buckets: positions in tile units from the tile's corner, one record per feature (its
/// index in the tile, its vertex and triangle ranges, its bounds). Styles are evaluated per
/// render; only geometry is kept, so paint changes, other output tiles of the same source
/// tile (over-zoom, @2x, 512 px) and repeated requests reuse the mesh.
final class LineBucket: Sendable {
    struct Record: Sendable {
        let feature: Int32
        let vertices: Range<Int>
        let indices: Range<Int>
        /// Bounds of the feature's centre line in tile units (from the tile's corner).
        let bounds: SIMD4<Float>
    }
    let mesh: LineMesh
    let records: [Record]

    init(mesh: LineMesh, records: [Record]) { self.mesh = mesh; self.records = records }

    /// Bytes held (capacities: the mesh grows by appending, so up to twice its count).
    var byteSize: Int {
        128 + mesh.vertices.capacity * MemoryLayout<LineVertex>.stride + mesh.indices.capacity * 4
            + records.capacity * MemoryLayout<Record>.stride
    }
}

extension LineMesh: @unchecked Sendable {}

/// Line buckets by (tile, source layer, filter, line layout, over-zoom), in a byte budget.
final class LineBuckets: Sendable {
    let cache: SourceCache<LineBucket>

    init(byteBudget: Int = RenderCacheBudgets.default.lineBuckets) {
        cache = SourceCache(byteBudget: byteBudget, cost: { $0.byteSize })
    }

    /// The bucket of `data`'s features that pass `candidates` (all when nil), tessellated with
    /// the layer's constant layout in `units` (whose origin is the tile's corner).
    func bucket(key: String, data: VectorTileLayer, placement: TilePlacement, candidates: [Int32]?, units: TileUnitFrame,
                join: LineJoin, cap: LineCap, miterLimit: Double, roundLimit: Double) -> LineBucket? {
        try? cache.value(for: key) {
            var builder = LineBucketBuilder(units: units, join: join, cap: cap, miterLimit: miterLimit, roundLimit: roundLimit)
            var geometry = FeatureGeometry(type: .point)
            let count = candidates?.count ?? data.features.count
            for k in 0..<count {
                let i = candidates.map { Int($0[k]) } ?? k
                guard data.features[i].type != .point else { continue }
                data.geometry(of: i, placement: placement, into: &geometry)
                builder.add(feature: i, geometry)
            }
            return builder.bucket
        }
    }

    /// Hits, misses and entries (tests, metrics).
    var statistics: SourceCache<LineBucket>.Stats { cache.statistics }

    /// A bucket built by `build` (GeoJSON views), kept under `key` in the same budget.
    func bucket(key: String, build: () throws -> LineBucket) throws -> LineBucket {
        try cache.value(for: key, build: build)
    }
}

/// A `LineBucket` made feature by feature: each feature's lines (or rings) quantized to whole
/// tile units and tessellated with the layer's constant layout into one mesh, one record per
/// feature that drew a triangle. Vector tiles and GeoJSON views build their buckets here, so
/// both meshes come from the same steps.
struct LineBucketBuilder {
    let units: TileUnitFrame
    private var tessellator: LineTessellator
    private var mesh = LineMesh()
    private var records: [LineBucket.Record] = []
    private var points: [SIMD2<Double>] = []

    init(units: TileUnitFrame, join: LineJoin, cap: LineCap, miterLimit: Double, roundLimit: Double) {
        self.units = units
        tessellator = LineTessellator(join: join, cap: cap, miterLimit: miterLimit, roundLimit: roundLimit,
                                      sharpCornerOffset: units.sharpCornerOffset)
    }

    /// Adds feature `index`'s lines; a point geometry, or one that draws nothing, adds no record.
    mutating func add(feature index: Int, _ geometry: FeatureGeometry) {
        guard geometry.type != .point else { return }
        let v0 = mesh.vertices.count, i0 = mesh.indices.count
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        let isPolygon = geometry.type == .polygon
        geometry.points.withUnsafeBufferPointer { pts in
            for part in 0..<geometry.partCount {
                let r = geometry.partRange(part)
                guard r.count >= 2 else { continue }
                let bounds = units.quantize(pts, r, into: &points)
                lo = pointwiseMin(lo, bounds.lo); hi = pointwiseMax(hi, bounds.hi)
                points.withUnsafeBufferPointer { tessellator.addLine($0, isPolygon: isPolygon, to: &mesh) }
            }
        }
        guard mesh.indices.count > i0 else { return }
        records.append(LineBucket.Record(feature: Int32(index), vertices: v0..<mesh.vertices.count, indices: i0..<mesh.indices.count,
                                         bounds: SIMD4(Float(lo.x), Float(lo.y), Float(hi.x), Float(hi.y))))
    }

    /// The bucket of every feature added.
    var bucket: LineBucket { LineBucket(mesh: mesh, records: records) }
}
