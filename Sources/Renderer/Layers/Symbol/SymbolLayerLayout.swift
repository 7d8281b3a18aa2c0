import Foundation
import JSON
import SourceData
import StyleSpec

/// One render's view of a symbol layer's layout: its resolved properties (shared by every
/// render at the zoom, `SymbolLayerProperties`, read through this object as its own) and the
/// glyph ranges its labels read (cached per fontstack and range for the render).
@dynamicMemberLookup
final class SymbolLayerLayout {
    let properties: SymbolLayerProperties
    let frame: RenderFrame
    let template: String?
    /// Each fontstack's 256 glyph ranges, read on first use; the last fontstack asked for is
    /// kept at hand (a label asks for all its glyphs in one fontstack).
    private var tables: [String: [GlyphTable?]] = [:]
    private var lastStack: String?
    private var lastTables: [GlyphTable?] = []

    init(_ layer: Layer, _ frame: RenderFrame, glyphs template: String?) {
        properties = frame.resolved(layer) { SymbolLayerProperties(layer, frame.layerContext) }
        self.frame = frame
        self.template = template
    }

    subscript<T>(dynamicMember property: KeyPath<SymbolLayerProperties, T>) -> T { properties[keyPath: property] }

    /// One glyph of a fontstack, its range read on first use.
    func glyph(_ stack: String, _ cp: UInt32) -> SDFGlyph? {
        guard cp <= 0xFFFF else { return nil }
        if stack != lastStack {
            if let last = lastStack { tables[last] = lastTables }
            lastStack = stack
            lastTables = tables[stack] ?? [GlyphTable?](repeating: nil, count: 256)
        }
        let r = Int(cp >> 8)
        if lastTables[r] == nil {
            lastTables[r] = frame.resources.glyphs.table(template: template, fontstack: stack, range: GlyphRange(containing: cp),
                                                         directory: frame.resources.dataDirectory,
                                                         warnings: frame.resources.tiles.warnings)
        }
        return lastTables[r]?.glyph(cp)
    }

    /// The zoom line anchors take `text-size` at. MapLibre Native asks for the size at zoom 18
    /// so anchors stay put between zooms, but it asks the layout already evaluated at the
    /// tile's zoom: a size by zoom alone was folded there, and only a size that also reads the
    /// feature is evaluated at 18.
    static func anchorSizeContext(_ layer: Layer, tileZoom ctx: EvaluationContext) -> EvaluationContext {
        var anchorContext = ctx
        if let size = layer.layout["text-size"], !size.isFeatureConstant { anchorContext.zoom = 18 }
        return anchorContext
    }

    /// A size value; a number that is not finite (`sqrt(-1)`) takes the default, as in MapLibre.
    static func size(default d: Float) -> (Value) -> Float {
        { v in if case .number(let n) = v { return n.isFinite ? Float(n) : d }; return 0 }
    }

    /// Longest label text laid out, in Unicode scalars; longer texts are cut (with a warning).
    static let maxLabelScalars = 2000
}
