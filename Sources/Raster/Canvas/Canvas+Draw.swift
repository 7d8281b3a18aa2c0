/// Something that emits a shape's edges (a fill's contours, a stroke's pieces).
protocol EdgeProducer {
    func build<E: EdgeSink>(on canvas: Canvas, into sink: inout E)
}

extension Canvas {
    /// Builds a shape's edges and blends `paint` through its coverage. A canvas that fits
    /// one band (every tile size) accumulates the edges straight into the coverage buffer
    /// as they are produced; taller canvases record them and rasterize band by band.
    func draw<P: EdgeProducer>(_ producer: P, rule: FillRule, antialias: Bool, paint: Paint, opacity: Float, coverageScale: Float = 1) {
        guard isVisible(paint, alpha: clampUnit(opacity) * clampUnit(coverageScale)) else { return }
        let w = pixmap.width, h = pixmap.height
        guard w > 0, h > 0 else { return }
        prepareCoverage(width: w, height: h)
        if h <= coverage.rowCapacity {
            coverage.beginBand(top: 0, rows: h)
            var sink = DirectEdgeSink(coverage: coverage, antialias: antialias)
            producer.build(on: self, into: &sink)
            if !blend(paint, opacity: opacity, coverageScale: coverageScale, from: BandCoverage(rule: rule)) {
                coverage.discard()
            }
        } else {
            var list = takeEdges()
            producer.build(on: self, into: &list)
            edges = list
            blend(paint, opacity: opacity, coverageScale: coverageScale, from: EdgeCoverage(rule: rule, antialias: antialias))
        }
    }

    func prepareCoverage(width w: Int, height h: Int) {
        let rows = min(CoverageBuffer.bandRows(width: w, height: h), bandRowLimit ?? .max)
        if coverage.width != w || coverage.height != h || coverage.rowCapacity != rows {
            coverage.configure(width: w, height: h, rows: rows)
        }
    }

    /// Whether drawing `paint` at `alpha` can change a pixel (checked before any work, so
    /// the coverage buffer is never filled for a paint that would not sweep it).
    func isVisible(_ paint: Paint, alpha: Float) -> Bool {
        guard alpha > 0 else { return false }
        switch paint {
        case .solid(let c):
            return c.withAlpha(multipliedBy: alpha).premultipliedRGBA8.a > 0
        case .pattern(let p):
            return p.image.width > 0 && p.image.height > 0 && p.transform.inverted != nil && (alpha * 255).rounded() > 0
        }
    }
}

/// The current band of the coverage buffer, already accumulated.
struct BandCoverage: CoverageProducer {
    let rule: FillRule
    func produce<S: CoverageSink>(on canvas: Canvas, width: Int, height: Int, into sink: inout S) {
        canvas.coverage.sweep(rule: rule, mode: canvas.kernelMode, into: &sink)
    }
}

/// A fill's contours.
struct FillEdges: EdgeProducer {
    let path: Path
    let transform: Transform
    func build<E: EdgeSink>(on canvas: Canvas, into sink: inout E) {
        var fill = FillEdgeSink(edges: sink)
        PathFlattener(cullRect: canvas.bounds.outset(by: 1)).flatten(path, transform: transform, into: &fill)
        sink = fill.edges
    }
}
