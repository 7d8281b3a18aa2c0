import Foundation
import Geo
import SourceData

/// Label placement that is the same in every tile (DESIGN.md, "Labels across tiles"). At a
/// style zoom the world (512·2^zoom CSS px) is cut into fixed blocks `size` CSS px wide; the
/// symbols anchored in block K show when a greedy placement of every candidate anchored in K
/// and its ring of neighbours, at pixel ratio 1, placed them. That decision depends on the
/// style, the data and the zoom only, so the tiles of any tiling (256 or 512 px, @1x or @2x)
/// that reach a symbol agree on it. The remaining approximation: two labels owned by
/// neighbouring blocks may both show when the greedy chains that decide them leave the ring.
final class SymbolPlacementBlocks: Sendable {
    /// Block side, CSS px.
    static let size = 512.0
    /// Blocks on each side of K whose candidates take part in K's placement.
    static let ring = 1

    struct BlockID: Hashable, Sendable { let x: Int, y: Int }

    /// The symbols one block placed, each with how it shows.
    final class Placed: Sendable {
        let decisions: [SymbolKey: JointPlacement]
        init(decisions: [SymbolKey: JointPlacement]) { self.decisions = decisions }
        /// Bytes held: a dictionary slot per symbol at a load factor of ½–¾.
        var byteSize: Int {
            128 + decisions.capacity * (MemoryLayout<SymbolKey>.stride + MemoryLayout<JointPlacement>.stride) * 3 / 2
        }
    }

    let cache: SourceCache<Placed>

    init(byteBudget: Int = RenderCacheBudgets.default.placementBlocks) {
        cache = SourceCache(byteBudget: byteBudget, cost: { $0.byteSize })
    }

    /// The block's placement for `styleHash` at `zoom`: cached, being placed by another render
    /// (waits for it), or placed now by `place`.
    func placed(_ block: BlockID, styleHash: String, zoom: Double,
                place: () throws -> [SymbolKey: JointPlacement]) throws -> Placed {
        let key = "\(styleHash)|\(zoom.bitPattern)|\(block.x)|\(block.y)"
        return try cache.value(for: key) { Placed(decisions: try place()) }
    }

    /// Blocks placed and cached so far (tests, metrics).
    var placedBlocks: Int { cache.statistics.entries }

    /// The block holding a world point at `zoom`.
    static func block(of p: WorldPoint, zoom: Double) -> BlockID {
        let world = 512 * pow(2, zoom)
        return BlockID(x: Int((p.x * world / size).rounded(.down)), y: Int((p.y * world / size).rounded(.down)))
    }
}

/// One tile render's view of the blocks: each block asked about is fetched (or placed) once.
final class SymbolBlockLookup {
    private let zoom: Double
    private let fetch: (SymbolPlacementBlocks.BlockID) throws -> SymbolPlacementBlocks.Placed
    private var blocks: [SymbolPlacementBlocks.BlockID: SymbolPlacementBlocks.Placed] = [:]
    /// A block that could not be placed (the render's deadline passed): its symbols stay hidden.
    private(set) var failure: (any Error)?

    init(zoom: Double, fetch: @escaping (SymbolPlacementBlocks.BlockID) throws -> SymbolPlacementBlocks.Placed) {
        self.zoom = zoom; self.fetch = fetch
    }

    /// How the symbol shows, nil when its block did not place it.
    func decision(of key: SymbolKey, anchor: WorldPoint) -> JointPlacement? {
        let id = SymbolPlacementBlocks.block(of: anchor, zoom: zoom)
        if let b = blocks[id] { return b.decisions[key] }
        do {
            let b = try fetch(id)
            blocks[id] = b
            return b.decisions[key]
        } catch {
            failure = error
            return nil
        }
    }
}
