import Geo

/// How one render decides which symbols show.
///
/// - greedy (views, static images, MapLibre's render tests): in drawing order each symbol
///   takes room when it finds some, against `collisions`, as MapLibre places a viewport.
/// - blocks (`/tiles` renders): a symbol shows when the placement block that holds its anchor
///   placed it (`SymbolPlacementBlocks`), so every tile that reaches the symbol agrees and a
///   label crossing a tile edge is drawn whole on both sides.
///
/// A block is itself placed by a greedy placement of its ring that records what it placed
/// (`MapRenderer.placeSymbolBlock`) and draws nothing.
final class SymbolPlacement {
    /// The boxes every symbol collides with, or, without cross-source collisions, those of
    /// symbols from sources without an id.
    let collisions = LabelCollisions()
    /// MapLibre's `crossSourceCollisions` map option: when false, symbols collide only with
    /// symbols of their own source (each source is a collision group of its own).
    let crossSourceCollisions: Bool
    private var collisionsBySource: [String: LabelCollisions] = [:]
    /// nil: greedy.
    private let lookup: SymbolBlockLookup?
    /// Greedy renders that place a block keep what they placed: its anchor and which of its
    /// text placements won and whether its text and icon show.
    private(set) var placed: [(key: SymbolKey, anchor: WorldPoint, decision: JointPlacement)] = []
    private let records: Bool

    /// `placeableArea`: MapLibre's collision grid of a view (`LabelCollisions.placeableArea`).
    init(crossSourceCollisions: Bool = true, placeableArea: SIMD4<Float>? = nil) {
        lookup = nil; records = false; self.crossSourceCollisions = crossSourceCollisions
        collisions.placeableArea = placeableArea
    }

    init(recording: Bool, crossSourceCollisions: Bool = true) {
        lookup = nil; records = recording; self.crossSourceCollisions = crossSourceCollisions
    }

    init(lookup: SymbolBlockLookup) { self.lookup = lookup; records = false; crossSourceCollisions = true }

    /// The boxes the symbols of `source` place against: all of them, or with
    /// `crossSourceCollisions` off, the source's own.
    func collisions(forSource source: String?) -> LabelCollisions {
        guard !crossSourceCollisions, let source else { return collisions }
        if let own = collisionsBySource[source] { return own }
        let own = LabelCollisions()
        own.placeableArea = collisions.placeableArea
        collisionsBySource[source] = own
        return own
    }

    var usesBlocks: Bool { lookup != nil }
    /// A block placement draws nothing: painters find each symbol's room and skip its quads.
    var drawsNothing: Bool { records }
    /// Tiles and the block placements behind them lay labels out per source tile, GeoJSON
    /// included (cut as geojson-vt cuts it, each anchor owned by the tile it lies in), so the
    /// anchors of a polygon or line do not depend on the view.
    var laysOutPerTile: Bool { lookup != nil || records }

    /// Whether, and how, the symbol `key` anchored at `anchor` shows; nil when hidden.
    /// Greedy: `place` finds room for it (taking that room) and says how it shows. Blocks: what
    /// its block decided (`place` is not called).
    func admit(_ key: SymbolKey, anchor: WorldPoint, place: () -> JointPlacement?) -> JointPlacement? {
        if let lookup { return lookup.decision(of: key, anchor: anchor) }
        guard let decision = place() else { return nil }
        if records { placed.append((key, anchor, decision)) }
        return decision
    }
}

/// What placement decided for a symbol, as a block keeps it: which text placement won (a
/// variable anchor's index, −1 for the fixed anchor; vertical shapings from
/// `SymbolPainter.verticalVariants` up) and whether the text and the icon show (either may
/// show alone when the other is optional). Line labels show whole or not at all.
struct JointPlacement: Equatable, Sendable {
    private var storedVariant: Int32
    var text: Bool
    var icon: Bool

    init(variant: Int, text: Bool, icon: Bool) {
        storedVariant = Int32(variant); self.text = text; self.icon = icon
    }

    var variant: Int { Int(storedVariant) }

    /// A label shown whole at its fixed anchor (line labels).
    static let whole = JointPlacement(variant: -1, text: true, icon: true)
}
