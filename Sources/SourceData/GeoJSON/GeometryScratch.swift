import Geo

/// Reusable output and work buffers for fetching feature geometry: one per render thread,
/// reused for every feature so the steady state allocates nothing.
public struct GeometryScratch {
    /// The last geometry produced (world coordinates, in the frame of the rectangle asked for).
    public internal(set) var geometry = FeatureGeometry(type: .point)
    /// With `lineMetrics`: per part of `geometry`, the fractions (0...1) of the whole line's
    /// length at its first and last point — MapLibre's clip start/end for `line-progress`.
    public internal(set) var lineClips: [SIMD2<Double>] = []

    var run: [WorldPoint] = []
    var runSource: [Int32] = []
    var clip = ClipScratch()
    var hits: [UInt64] = []

    public init() {}
}
