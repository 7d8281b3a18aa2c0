/// Which points a path's winding numbers make "inside".
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero (overlaps stay covered once).
    case nonZero
    /// Inside where the winding number is odd (overlaps cut holes).
    case evenOdd
}

/// Which implementation of the hot kernels to run. `.simd` is the default; `.scalar` runs
/// the scalar twins, so tests (and the benchmark) can compare whole renders both ways.
public enum KernelMode: Sendable, Hashable {
    case simd
    case scalar
}
