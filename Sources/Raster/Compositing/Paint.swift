/// How an image is sampled between its pixels.
public enum ImageFilter: Sendable, Hashable {
    case nearest
    case bilinear
}

/// What a pattern shows outside its image.
public enum PatternExtend: Sendable, Hashable {
    /// The image tiles the plane (fill patterns).
    case `repeat`
    /// Nothing outside the image.
    case transparent
    /// The edge pixels continue outwards (image drawing, so bilinear edges stay opaque).
    case pad
}

/// A premultiplied image placed on the canvas by a transform.
public struct Pattern: Sendable {
    public var image: Pixmap
    /// Maps pattern (image pixel) space to device space.
    public var transform: Transform
    public var filter: ImageFilter
    public var extend: PatternExtend

    public init(image: Pixmap, transform: Transform = .identity, filter: ImageFilter = .bilinear, extend: PatternExtend = .repeat) {
        self.image = image; self.transform = transform; self.filter = filter; self.extend = extend
    }
}

/// The source colour of a fill or stroke.
public enum Paint: Sendable {
    case solid(Color)
    case pattern(Pattern)
}
