/// Rounding to the nearest integer (halves away from zero) by truncation, so it compiles to
/// one add and one cvtt instruction: `rounded()` becomes a libm call on baseline x86-64
/// (no SSE4.1 `roundss`). Exact for |v| < 2²² (Float) / 2⁵¹ (Double), which bounds every
/// fixed-point value the accumulator sees; the Float and Double versions agree on any value
/// both can hold, so an endpoint rounds the same on the fast and the clipping path.
@inline(__always)
func roundToInt32(_ v: Float) -> Int32 {
    Int32(v + (v < 0 ? -0.5 : 0.5))
}

@inline(__always)
func roundToInt32(_ v: Double) -> Int32 {
    Int32(v + (v < 0 ? -0.5 : 0.5))
}
