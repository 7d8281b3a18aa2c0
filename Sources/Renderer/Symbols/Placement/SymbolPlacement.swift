import Geo

/// How one render decides which symbols show.
///
/// - greedy (views, static images, MapLibre's render tests): in drawing order each symbol
///   takes room when it finds some, against `collisions`, as MapLibre places a viewport.
/// - blocks (`/tiles` renders): a symbol shows when the placement block that holds its anchor
///   placed it (`SymbolPlacementBlocks`), so every tile that reaches the symbol agrees and a
///   label crossing a tile edge is drawn whole on both sides.
///
/// A block is itself placed by a greedy render of its ring that records what it placed and
/// draws nothing (`drawsSymbols` false).
final class SymbolPlacement {
    let collisions = LabelCollisions()
    /// nil: greedy.
    private let lookup: SymbolBlockLookup?
    /// Greedy renders that place a block keep what they placed, with its anchor.
    private(set) var placed: [(key: SymbolKey, anchor: WorldPoint)] = []
    private let records: Bool
    /// False while a block is being placed: layout and collisions only.
    let drawsSymbols: Bool

    init() { lookup = nil; records = false; drawsSymbols = true }

    init(recording: Bool) { lookup = nil; records = recording; drawsSymbols = !recording }

    init(lookup: SymbolBlockLookup) { self.lookup = lookup; records = false; drawsSymbols = true }

    var usesBlocks: Bool { lookup != nil }

    /// Whether the symbol `key` anchored at `anchor` shows. Greedy: when `fits` says it finds
    /// room, `occupy` takes that room and it shows. Blocks: what its block decided (`fits` and
    /// `occupy` are not called).
    func admit(_ key: SymbolKey, anchor: WorldPoint, fits: () -> Bool, occupy: () -> Void) -> Bool {
        if let lookup { return lookup.isPlaced(key, anchor: anchor) }
        guard fits() else { return false }
        occupy()
        if records { placed.append((key, anchor)) }
        return true
    }
}
