import Geo
import Raster

/// The lines of one layer (one tile of it, when tiles are emulated) waiting to be drawn: one
/// growing mesh with a record per feature, so sorting by `line-sort-key` and building the
/// gradient ramp (whose width depends on the longest line of the tile) can wait until every
/// feature is in. Storage is kept from flush to flush.
struct LineBatch {
    struct Record {
        var key: Double
        var order: Int
        var style: LineFeatureStyle
        var vertices: Range<Int>
        var indices: Range<Int>
    }

    private(set) var mesh = LineMesh()
    private(set) var records: [Record] = []
    /// Line-metrics range of each part added, in ramp-row order.
    private(set) var rampClips: [SIMD2<Double>] = []
    private var tessellator = LineTessellator()
    private var points: [SIMD2<Double>] = []
    private var pass = LineRasterPass()
    private var sortScratch: [Record] = []

    var vertexCount: Int { mesh.vertices.count }
    var isEmpty: Bool { records.isEmpty }

    /// Tessellates one feature's lines (or rings) in tile units. With `useClips`, each part
    /// carries its line-metrics range (nil ranges: none known) and gets a ramp row. Parts
    /// wholly outside `cull` (tile units: min x, min y, max x, max y) are skipped: every
    /// part starts its own distance along the line, so the others do not change.
    mutating func add(_ feature: LineLayerStyle.Feature, geometry: FeatureGeometry, clips: [SIMD2<Double>],
                      useClips: Bool, frame: TileUnitFrame, cull: SIMD4<Double>? = nil) {
        let vStart = mesh.vertices.count, iStart = mesh.indices.count
        tessellator.join = feature.join
        tessellator.cap = feature.cap
        tessellator.miterLimit = feature.miterLimit
        tessellator.roundLimit = feature.roundLimit
        tessellator.sharpCornerOffset = frame.sharpCornerOffset
        let isPolygon = geometry.type == .polygon
        geometry.points.withUnsafeBufferPointer { pts in
            for part in 0..<geometry.partCount {
                let r = geometry.partRange(part)
                guard r.count >= 2 else { continue }
                let (lo, hi) = frame.quantize(pts, r, into: &points)
                if let cull, hi.x < cull.x || hi.y < cull.y || lo.x > cull.z || lo.y > cull.w { continue }
                if useClips, part < clips.count {
                    tessellator.clip = clips[part]
                    tessellator.rampRow = Int32(truncatingIfNeeded: rampClips.count)
                    rampClips.append(clips[part])
                } else {
                    tessellator.clip = nil
                    tessellator.rampRow = -1
                }
                points.withUnsafeBufferPointer { tessellator.addLine($0, isPolygon: isPolygon, to: &mesh) }
            }
        }
        guard mesh.indices.count > iStart else { return }
        records.append(Record(key: feature.sortKey, order: records.count, style: feature.style,
                              vertices: vStart..<mesh.vertices.count, indices: iStart..<mesh.indices.count))
    }

    /// Longest part added (tile units), for the step-gradient ramp width.
    var maxLineLength: Double { mesh.maxLineLength }

    /// Draws every record (sorted by key when asked, stable) and empties the batch.
    mutating func flush(sortByKey: Bool, ramp: LineGradientRamp?, frame: TileUnitFrame, shift: SIMD2<Float>,
                        clip: PixelClip, on canvas: Canvas) {
        defer { removeAll() }
        guard !records.isEmpty else { return }
        if sortByKey {
            sortScratch.removeAll(keepingCapacity: true)
            sortScratch.append(contentsOf: records)
            sortScratch.sort { ($0.key, $0.order) < ($1.key, $1.order) }
            swap(&sortScratch, &records)
        }
        for r in records {
            pass.draw(mesh, vertices: r.vertices, indices: r.indices, style: r.style, frame: frame, shift: shift,
                      clip: clip, ramp: ramp, on: canvas)
        }
    }

    mutating func removeAll() {
        mesh.removeAll()
        records.removeAll(keepingCapacity: true)
        rampClips.removeAll(keepingCapacity: true)
    }
}
