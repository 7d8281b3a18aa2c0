/// How two stroked segments meet.
public enum LineJoin: Sendable, Hashable {
    case miter
    case round
    case bevel
}

/// How an open stroke (or a dash) ends.
public enum LineCap: Sendable, Hashable {
    case butt
    case round
    case square
}

/// Everything that shapes a stroke. Lengths are device pixels.
public struct StrokeStyle: Sendable, Equatable {
    /// Full line width. Below 1 px the line is drawn 1 px wide with its coverage scaled by
    /// the width (a faint hairline), as MapLibre and Skia do.
    public var width: Float
    public var join: LineJoin
    public var cap: LineCap
    /// Miter joins whose miter length (in half widths, 1/cos(θ/2)) exceeds this become bevels.
    public var miterLimit: Float
    /// Round joins whose miter length is below this become miters (MapLibre's
    /// `line-round-limit`); nil keeps every round join round.
    public var roundLimit: Float?
    /// Alternating on/off lengths in px; empty (or invalid) means solid. An odd count
    /// repeats, as in SVG.
    public var dashes: [Float]
    /// Distance into the dash pattern at the start of each contour.
    public var dashOffset: Float
    /// Parallel offset of the line in px; positive moves it right of the direction of travel.
    public var offset: Float
    /// Soft edge in px: coverage falls linearly over `blur + 1` px to the outer edge
    /// (MapLibre's line-blur profile).
    public var blur: Float

    public init(width: Float, join: LineJoin = .miter, cap: LineCap = .butt, miterLimit: Float = 2,
                roundLimit: Float? = nil, dashes: [Float] = [], dashOffset: Float = 0, offset: Float = 0, blur: Float = 0) {
        self.width = width; self.join = join; self.cap = cap; self.miterLimit = miterLimit
        self.roundLimit = roundLimit; self.dashes = dashes; self.dashOffset = dashOffset
        self.offset = offset; self.blur = blur
    }
}
