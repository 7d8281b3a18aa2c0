import Raster

/// A heatmap already drawn in this render, kept for MapLibre's opaque pass.
///
/// MapLibre draws opaque backgrounds and fills (opaque colour, opacity 1, no pattern) first,
/// in an opaque pass that writes depth, and every other layer afterwards, bottom to top,
/// depth-tested against them, except the heatmap's colour pass, which runs with the depth
/// test off. So an opaque layer placed above a heatmap hides the translucent layers between
/// them but not the heatmap: the heatmap shows over it. Drawing bottom to top, that is: once
/// such a layer has drawn its interior, the heatmaps below it are composited again, in their
/// order, over the pixels it covered (before a fill's outline, which MapLibre draws in the
/// translucent pass).
struct HeatmapOverlay {
    let density: HeatmapDensity
    let ramp: HeatmapColorRamp
    let opacity: Float
}

extension RenderFrame {
    /// Whether an opaque layer drawing now needs the heatmaps below it composited over it.
    var hasHeatmapsBelow: Bool { !heatmaps.isEmpty && !drawsWithLayerOpacity }

    /// After an opaque background (the whole canvas) or an opaque fill's interior (`interior`,
    /// filled as the painter filled it): the heatmaps drawn so far, over the covered pixels.
    /// Returns the interior's mask when it made one: the fill's outline stays off it, as
    /// MapLibre's depth test keeps it outside the shape.
    @discardableResult
    func compositeHeatmapsOverOpaque(interior: Path? = nil) throws -> Canvas? {
        guard hasHeatmapsBelow else { return nil }
        var mask: Canvas?
        if let interior {
            guard !interior.isEmpty else { return nil }
            let m = scratchCanvas()
            m.reset(width: output.width, height: output.height)
            m.fill(interior, rule: .nonZero, paint: .solid(Color(r: 1, g: 1, b: 1, a: 1)), antialias: false)
            mask = m
        }
        for h in heatmaps {
            try HeatmapCompositor.composite(h.density, ramp: h.ramp, opacity: h.opacity, onto: output, mask: mask) {
                try checkDeadlineNow()
            }
        }
        clock.mark(.raster)
        return mask
    }
}
