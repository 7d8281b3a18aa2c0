/// An image added to a session's style (for `icon-image` and `*-pattern`). Kept as the file's
/// bytes — PNG, JPEG or WebP, in `png` whatever the format (the stored JSON's member name):
/// the renderer decodes it; the style only stores and hashes it.
public struct StyleImage: Sendable, Hashable {
    public let png: [UInt8]
    public let pixelRatio: Double
    public let sdf: Bool
    /// Digest of the bytes and options, computed once.
    public let contentHash: ContentHash

    public init(png: [UInt8], pixelRatio: Double = 1, sdf: Bool = false) {
        self.png = png; self.pixelRatio = pixelRatio; self.sdf = sdf
        var h = ContentHasher()
        h.bytes(png); h.double(pixelRatio); h.tag(sdf ? 1 : 0)
        contentHash = h.finalize()
    }

    public static func == (l: StyleImage, r: StyleImage) -> Bool { l.contentHash == r.contentHash }
    public func hash(into h: inout Hasher) { h.combine(contentHash) }
}
