import Foundation
import Geo
import Raster
import StyleSpec

extension MapRenderer {
    /// A `/tiles` render's lookup of placement blocks: cached per style and zoom, placed on
    /// first use by `placeSymbolBlock` (concurrent renders wait for one placement).
    func symbolBlockLookup(_ style: Style, zoom: Double, deadline: Deadline?) -> SymbolBlockLookup {
        // Placements are made of glyph and icon boxes: a changed remote glyph range or sprite
        // changes the generation. Blocks placed with and without cross-source collisions differ.
        let hash = style.renderHash + (resources.dataDirectory?.remoteGenerationKey ?? "")
            + (crossSourceCollisions ? "" : "|own-source-collisions")
        return SymbolBlockLookup(zoom: zoom) { [self] id in
            try resources.symbolBlocks.placed(id, styleHash: hash, zoom: zoom) {
                try placeSymbolBlock(id, style: style, zoom: zoom, deadline: deadline)
            }
        }
    }

    /// Places block `block` of `style` at `zoom`: a greedy render at pixel ratio 1 of the block
    /// and its ring that places the symbol layers (top layer first) and draws nothing; the
    /// symbols it placed whose anchors lie in the block are the block's.
    func placeSymbolBlock(_ block: SymbolPlacementBlocks.BlockID, style: Style, zoom: Double,
                          deadline: Deadline?) throws -> [SymbolKey: JointPlacement] {
        let size = SymbolPlacementBlocks.size
        let side = Int(Double(2 * SymbolPlacementBlocks.ring + 1) * size)
        let world = 512 * pow(2, zoom)
        let center = WorldPoint((Double(block.x) + 0.5) * size / world, (Double(block.y) + 0.5) * size / world)
        let camera = Camera(center: center, zoom: zoom, width: side, height: side)
        // Nothing is drawn: a one-pixel canvas stands in for the region's.
        let frame = RenderFrame(style: style, camera: camera, canvas: Canvas(width: 1, height: 1), resources: resources,
                                deadline: deadline, collectStats: false)
        frame.symbolPlacement = SymbolPlacement(recording: true, crossSourceCollisions: crossSourceCollisions)
        let symbols = style.renderOrder.filter {
            $0.type == .symbol && $0.isInZoomRange(zoom) && $0.isVisible(globalState: frame.globalState)
        }
        try SymbolPainter.placeAll(symbols, frame)
        var decisions: [SymbolKey: JointPlacement] = [:]
        for p in frame.symbolPlacement.placed where SymbolPlacementBlocks.block(of: p.anchor, zoom: zoom) == block {
            decisions[p.key] = p.decision
        }
        return decisions
    }
}
