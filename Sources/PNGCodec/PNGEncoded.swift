/// How an image was laid out in the file, as chosen by `PNGEncoder`.
public enum PNGLayout: Sendable, Hashable {
    /// One colour: a 1-bit palette file, served from the single-colour cache after the first time.
    case singleColour
    /// PLTE (+ tRNS) with `colours` entries, indices of `bitDepth` bits.
    case palette(colours: Int, bitDepth: Int)
    /// Opaque truecolour, alpha dropped.
    case rgb
    /// Truecolour with straight alpha.
    case rgba
}

/// A PNG file and the layout the encoder picked for it.
public struct PNGEncoded: Sendable {
    public var bytes: [UInt8]
    public var layout: PNGLayout
}
