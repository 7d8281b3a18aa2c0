import Fonts
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
    /// Shapers by fontstack, and shaped text's glyphs by face and id, read for this render.
    private var shapers: [String: FontStackShaper?] = [:]
    private struct FaceGlyphKey: Hashable { var face: ObjectIdentifier; var id: UInt32 }
    private var faceGlyphs: [FaceGlyphKey: SDFGlyph?] = [:]

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

    /// The HarfBuzz shaper of a fontstack whose glyphs come from font files (nil: glyph PBFs).
    func shaper(_ stack: String) -> FontStackShaper? {
        if let known = shapers[stack] { return known }
        let made = frame.resources.glyphs.shaper(template: template, fontstack: stack, fontFaces: frame.style.root["font-faces"],
                                                 directory: frame.resources.dataDirectory, warnings: frame.resources.tiles.warnings)
        shapers[stack] = .some(made)
        return made
    }

    /// A label's text shaped where its fonts are files (nil: every section draws from PBFs,
    /// or from font files one code point per glyph as MapLibre lays them out): text that needs
    /// shaping, or any text of a style that names its fonts in `font-faces`.
    func shapedClusters(_ text: TaggedText) -> ShapedClusters? {
        guard text.sections.contains(where: { !$0.isImage && shaper($0.stack) != nil }),
              frame.style.root["font-faces"] != nil || needsShaping(text) else { return nil }
        return ShapedClusters(text, shaper: shaper, glyph: faceGlyph)
    }

    /// Whether a label needs HarfBuzz: a scalar of a script that needs shaping, or one its
    /// fontstack's own fonts lack (the shaper finds a font for it by script).
    private func needsShaping(_ text: TaggedText) -> Bool {
        for (i, cp) in text.codes.enumerated() {
            if !ComplexScripts.isSimple(cp) { return true }
            let section = text.sections[text.sectionOf[i]]
            if section.isImage || cp <= 0x20 { continue }
            if glyph(section.stack, cp) == nil { return true }
        }
        return false
    }

    /// Glyph `id` of `face` for shaped text, kept for the render at hand.
    func faceGlyph(_ id: UInt32, _ face: FreeTypeFace) -> SDFGlyph? {
        let key = FaceGlyphKey(face: ObjectIdentifier(face), id: id)
        if let known = faceGlyphs[key] { return known }
        let made = frame.resources.glyphs.glyph(id, of: face)
        faceGlyphs[key] = .some(made)
        return made
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
