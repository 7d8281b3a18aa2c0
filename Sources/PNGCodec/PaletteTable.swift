/// The PLTE and tRNS chunks for a palette image, built from the scan's premultiplied
/// colours (un-premultiplied here: at most 256 conversions instead of one per pixel).
/// tRNS only needs entries up to the last non-opaque colour, so when that saves enough
/// bytes the table is reordered with translucent colours first and `remap` says how to
/// renumber the pixel indices.
struct PaletteTable {
    /// Straight RGB, three bytes per entry.
    var rgb: [UInt8]
    /// Straight alpha of the first `alpha.count` entries (empty: no tRNS chunk).
    var alpha: [UInt8]
    /// remap[old] = new index, when the entries were reordered.
    var remap: [UInt8]?
    var bitDepth: Int

    var count: Int { rgb.count / 3 }

    /// Reordering costs one pass over the index bytes; below this many saved tRNS bytes it
    /// is not worth it.
    static let minimumSavingForReorder = 64

    init(colours: [UInt32], allowPacked: Bool) {
        precondition(!colours.isEmpty && colours.count <= 256)
        bitDepth = allowPacked ? Self.bitDepth(forColours: colours.count) : 8
        let lastTranslucent = colours.lastIndex { $0 >> 24 != 0xFF } ?? -1
        let translucentCount = colours.reduce(0) { $0 + ($1 >> 24 != 0xFF ? 1 : 0) }
        var order = Array(colours.indices)
        remap = nil
        if lastTranslucent + 1 - translucentCount >= Self.minimumSavingForReorder {
            order = colours.indices.filter { colours[$0] >> 24 != 0xFF } + colours.indices.filter { colours[$0] >> 24 == 0xFF }
            var map = [UInt8](repeating: 0, count: 256)
            for (new, old) in order.enumerated() { map[old] = UInt8(new) }
            remap = map
        }
        rgb = []
        rgb.reserveCapacity(colours.count * 3)
        alpha = []
        for old in order {
            let straight = AlphaConversion.unpremultiplyPixel(colours[old])
            rgb.append(UInt8(truncatingIfNeeded: straight))
            rgb.append(UInt8(truncatingIfNeeded: straight >> 8))
            rgb.append(UInt8(truncatingIfNeeded: straight >> 16))
        }
        let alphas = order.map { UInt8(truncatingIfNeeded: colours[$0] >> 24) }
        if let lastTranslucentNew = alphas.lastIndex(where: { $0 != 0xFF }) {
            alpha = Array(alphas[...lastTranslucentNew])
        }
    }

    /// The smallest PNG palette bit depth (1, 2, 4 or 8) that can index `count` colours.
    static func bitDepth(forColours count: Int) -> Int {
        switch count {
        case ...2: 1
        case ...4: 2
        case ...16: 4
        default: 8
        }
    }
}
