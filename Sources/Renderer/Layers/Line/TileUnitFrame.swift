import Raster
import Geo

/// MapLibre's tile coordinates for one render: the source's tiles at `tileZoom` (the view's
/// integer zoom, capped at the source's maxzoom) are 8192 units wide, and geojson-vt rounds
/// every vertex to a whole unit. Lines are tessellated in these units (relative to a whole
/// origin near the view, so floats stay exact) and mapped to device pixels here.
struct TileUnitFrame {
    /// Zoom of the source tiles (canonical z).
    let tileZoom: Int
    /// 2^(integer view zoom − tileZoom): how far the tiles are over-zoomed.
    let overscale: Double
    /// Tile units per world unit.
    let unitsPerWorld: Double
    /// Whole tile units subtracted from every position.
    let origin: SIMD2<Double>
    private let a: Float, b: Float, c: Float, d: Float
    private let t: SIMD2<Float>
    private let cosB: Float, sinB: Float

    static let extent: Double = 8192

    /// `idealZoom` is the integer zoom of the view (floor, at least 0).
    /// `origin`: the world point positions are measured from (rounded to whole units); the
    /// camera's centre by default, a source tile's corner for meshes kept across renders.
    init(camera: Camera, projection: WorldProjection, tileZoom: Int, idealZoom: Int, origin world: WorldPoint? = nil) {
        self.tileZoom = tileZoom
        overscale = Double(1 << max(0, min(30, idealZoom - tileZoom)))
        unitsPerWorld = Self.extent * Double(1 << max(0, min(40, tileZoom)))
        let from = world ?? camera.center
        origin = (SIMD2(from.x, from.y) * unitsPerWorld).rounded(.down)
        let o = projection.apply(WorldPoint(origin.x / unitsPerWorld, origin.y / unitsPerWorld))
        t = o
        let s = 1 / unitsPerWorld
        a = Float(projection.a * s); b = Float(projection.b * s)
        c = Float(projection.c * s); d = Float(projection.d * s)
        let ws = camera.worldSize
        cosB = Float(projection.a / ws); sinB = Float(projection.b / ws)
    }

    /// A world point in whole tile units relative to the origin (geojson-vt's rounding).
    @inline(__always)
    func quantize(_ p: WorldPoint) -> SIMD2<Double> {
        let x = p.x * unitsPerWorld + 0.5, y = p.y * unitsPerWorld + 0.5
        // Whole units fit an Int for any sane zoom; beyond, fall back to libm.
        guard abs(x) < 1e15, abs(y) < 1e15 else { return SIMD2(x, y).rounded(.down) - origin }
        return SIMD2(Double(floorToInt(x)), Double(floorToInt(y))) - origin
    }

    /// One line part's points (`range` of `points`) in whole tile units, written to `out`
    /// (emptied first, its storage kept), and their bounds: the one quantizing loop of kept
    /// buckets (vector tiles, GeoJSON views) and per-render batches, so all tessellate the
    /// same input.
    @inline(__always)
    func quantize(_ points: UnsafeBufferPointer<WorldPoint>, _ range: Range<Int>,
                  into out: inout [SIMD2<Double>]) -> (lo: SIMD2<Double>, hi: SIMD2<Double>) {
        out.removeAll(keepingCapacity: true)
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for k in range {
            let q = quantize(points[k])
            out.append(q)
            lo = pointwiseMin(lo, q); hi = pointwiseMax(hi, q)
        }
        return (lo, hi)
    }

    /// Device pixels of a position in tile units (relative to the origin).
    @inline(__always)
    func device(_ p: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(a * p.x + c * p.y, b * p.x + d * p.y) + t
    }

    /// A device-pixel vector in tile space turned by the map's bearing (extrusions).
    @inline(__always)
    func rotate(_ v: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(cosB * v.x - sinB * v.y, sinB * v.x + cosB * v.y)
    }

    /// Tile units per pixel at the view's integer zoom (MapLibre's tile ratio is its inverse).
    var unitsPerTilePixel: Double { Self.extent / (512 * overscale) }

    /// MapLibre's sharp-corner offset: 15 px at the tile's zoom, none beyond 16× over-zoom.
    var sharpCornerOffset: Double { overscale <= 16 ? 15 * Self.extent / (512 * overscale) : 0 }
}
