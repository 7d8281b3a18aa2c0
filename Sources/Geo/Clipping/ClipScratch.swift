/// Reusable buffers for clipping, so clipping many rings allocates only while the buffers
/// grow to the largest ring seen. One per thread; not shared.
public struct ClipScratch {
    var a: [WorldPoint] = []
    var b: [WorldPoint] = []
    public init() {}
}

/// Clipping keeps coordinates within ±`coordinateLimit` world units (10^15 worlds away):
/// far beyond anything drawable, and small enough that differences and products of two
/// coordinates never overflow to infinity (which would turn intersections into NaN).
public let coordinateLimit: Double = 1e15

@inline(__always)
func sanitized(_ p: WorldPoint) -> WorldPoint? {
    guard p.x.isFinite, p.y.isFinite else { return nil }
    return WorldPoint(Swift.max(-coordinateLimit, Swift.min(coordinateLimit, p.x)),
                      Swift.max(-coordinateLimit, Swift.min(coordinateLimit, p.y)))
}
