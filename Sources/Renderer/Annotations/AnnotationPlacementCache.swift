import Foundation
import Geo
import SourceData
import StyleSpec

/// An annotation that won its place: where it is pinned, its layout and its colours.
struct PlacedAnnotation: Sendable {
    var world: WorldPoint
    var layout: AnnotationLayout
    var appearance: Annotation.Appearance
}

/// The placed annotations of a style at a zoom, in drawing order.
struct AnnotationPlacementResult: Sendable {
    var placed: [PlacedAnnotation]
    var byteSize: Int { placed.reduce(64) { $0 + 64 + $1.layout.byteSize } }
}

/// Placements of annotations in world pixels, one per (style render hash, zoom): every tile
/// of that zoom draws from the same decision, so 256 px and 512 px tilings agree and a box
/// across a tile edge shows whole on both sides. The render hash covers the annotations, the
/// layers they are tied to and the glyphs, so a cached placement is never stale.
final class AnnotationPlacementCache: Sendable {
    let cache: SourceCache<AnnotationPlacementResult>
    /// Layouts do not depend on the zoom: shaped once per style for every zoom and rotated view.
    let layoutCache: SourceCache<AnnotationLayouts>

    init(placementBytes: Int = RenderCacheBudgets.default.annotationPlacements,
         layoutBytes: Int = RenderCacheBudgets.default.annotationLayouts) {
        cache = SourceCache(byteBudget: placementBytes, cost: { $0.byteSize })
        layoutCache = SourceCache(byteBudget: layoutBytes, cost: { $0.byteSize })
    }

    func placement(_ frame: RenderFrame) -> AnnotationPlacementResult {
        let key = frame.style.renderHash + "|" + String(frame.camera.zoom) + (frame.resources.dataDirectory?.remoteGenerationKey ?? "")
        return (try? cache.value(for: key) { place(frame, screen: nil) }) ?? AnnotationPlacementResult(placed: [])
    }

    /// Every annotation of the style laid out, in insertion order.
    func layouts(_ frame: RenderFrame) -> [AnnotationLayout] {
        let make = {
            let glyphs = AnnotationGlyphs(frame)
            return AnnotationLayouts(items: frame.style.annotations.items.map { AnnotationLayout($0, glyph: glyphs.glyph) })
        }
        let key = frame.style.renderHash + (frame.resources.dataDirectory?.remoteGenerationKey ?? "")
        return ((try? layoutCache.value(for: key, build: make)) ?? make()).items
    }

    /// Lays out and places every shown annotation. Boxes are compared in world CSS pixels at
    /// the frame's zoom, or, with `screen` (a rotated view), at their projected device points
    /// scaled back to CSS pixels.
    func place(_ frame: RenderFrame, screen: WorldProjection?) -> AnnotationPlacementResult {
        let style = frame.style
        var visibility = AnnotationVisibility(style: style, zoom: frame.camera.zoom, resources: frame.resources)
        let layouts = self.layouts(frame)
        let worldCSS = 512 * pow(2, frame.camera.zoom)
        let ratio = frame.camera.pixelRatio
        var candidates: [AnnotationPlacement.Candidate] = []
        var entries: [PlacedAnnotation] = []
        for (i, a) in style.annotations.items.enumerated() where visibility.shows(a) {
            let layout = layouts[i]
            let world = WebMercator.project(lon: a.longitude, lat: a.latitude)
            let at: SIMD2<Double>
            if let screen {
                let p = screen.apply(world)
                at = SIMD2(Double(p.x), Double(p.y)) / ratio
            } else {
                at = SIMD2(world.x * worldCSS, world.y * worldCSS)
            }
            let box = layout.box + SIMD4(at.x, at.y, at.x, at.y)
            candidates.append(.init(order: entries.count, selected: a.selected, allowOverlap: a.allowOverlap, box: box))
            entries.append(PlacedAnnotation(world: world, layout: layout, appearance: a.appearance))
        }
        return AnnotationPlacementResult(placed: AnnotationPlacement.place(candidates).map { entries[$0.order] })
    }
}

/// The layouts of a style's annotations, in insertion order.
struct AnnotationLayouts: Sendable {
    var items: [AnnotationLayout]
    var byteSize: Int { items.reduce(64) { $0 + $1.byteSize } }
}

/// Glyph lookup for annotation text: ranges of the annotation font, read once per placement.
final class AnnotationGlyphs {
    private let frame: RenderFrame
    private var tables: [GlyphRange: GlyphTable] = [:]

    init(_ frame: RenderFrame) { self.frame = frame }

    func glyph(_ cp: UInt32) -> SDFGlyph? {
        guard cp <= 0xFFFF else { return nil }
        let range = GlyphRange(containing: cp)
        if tables[range] == nil {
            tables[range] = frame.resources.glyphs.table(template: frame.style.root["glyphs"]?.stringValue,
                                                         fontstack: AnnotationLayout.fontstack, range: range,
                                                         directory: frame.resources.dataDirectory,
                                                         warnings: frame.resources.tiles.warnings)
        }
        return tables[range]?.glyph(cp)
    }
}
