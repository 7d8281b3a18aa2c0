import Geo

/// One symbol instance, named the same in every render that sees it: its layer, its anchor in
/// world coordinates (quantized far below a pixel at any zoom) and what it shows. Two
/// renders of the same style at the same zoom lay a feature's labels out identically, so the
/// key found while placing a block is the key a tile asks about. (Hash values are per process,
/// as the caches holding keys are.)
struct SymbolKey: Hashable, Sendable {
    let layer: Int
    let x: Int64, y: Int64
    let content: Int

    /// 2^40 steps per world: 1/64 px at zoom 26.
    static let steps = Double(1 << 40)

    init(layer: String, anchor: WorldPoint, text: String, icon: String?) {
        self.layer = layer.hashValue
        x = Int64((anchor.x * Self.steps).rounded())
        y = Int64((anchor.y * Self.steps).rounded())
        var h = Hasher()
        h.combine(text)
        h.combine(icon)
        content = h.finalize()
    }
}
