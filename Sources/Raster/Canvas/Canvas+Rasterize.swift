/// Something that produces coverage spans for the canvas (edges through the accumulator,
/// or a finished mask), so one generic blend routine serves every paint.
///
/// Producers run while the pixmap is borrowed for writing, so they get the canvas size as
/// arguments and must not touch `canvas.pixmap`.
protocol CoverageProducer {
    func produce<S: CoverageSink>(on canvas: Canvas, width: Int, height: Int, into sink: inout S)
}

/// The canvas's recorded edge list, rasterized with a fill rule.
struct EdgeCoverage: CoverageProducer {
    let rule: FillRule
    let antialias: Bool
    func produce<S: CoverageSink>(on canvas: Canvas, width: Int, height: Int, into sink: inout S) {
        canvas.accumulateAndSweep(width: width, height: height, rule: rule, antialias: antialias, into: &sink)
    }
}

extension Canvas {
    /// Blends `paint` × coverage × `opacity` × `coverageScale` wherever `producer` says;
    /// false when nothing could be drawn (the producer did not run).
    @discardableResult
    func blend<P: CoverageProducer>(_ paint: Paint, opacity: Float, coverageScale: Float = 1, from producer: P) -> Bool {
        let alpha = clampUnit(opacity) * clampUnit(coverageScale)
        guard alpha > 0, pixmap.width > 0, pixmap.height > 0 else { return false }
        let w = pixmap.width, h = pixmap.height
        let mode = kernelMode
        switch paint {
        case .solid(let color):
            let c = color.withAlpha(multipliedBy: alpha).premultipliedRGBA8.packed
            guard c >> 24 != 0 else { return false }
            pixmap.withUnsafeMutablePixels { px in
                var sink = SolidSink(pixels: px.baseAddress!, width: w, color: c, mode: mode)
                producer.produce(on: self, width: w, height: h, into: &sink)
            }
        case .pattern(let pattern):
            guard let inverse = pattern.transform.inverted, pattern.image.width > 0, pattern.image.height > 0 else { return false }
            let opacityByte = UInt8((alpha * 255).rounded())
            guard opacityByte > 0 else { return false }
            let scratch = rowScratch(width: w)
            pattern.image.withUnsafePixels { texels in
                let sampler = PatternSampler(texels: texels.baseAddress!, width: pattern.image.width, height: pattern.image.height,
                                             inverse: inverse, filter: pattern.filter, extend: pattern.extend)
                pixmap.withUnsafeMutablePixels { px in
                    var sink = PatternSink(pixels: px.baseAddress!, width: w, sampler: sampler, opacity: opacityByte,
                                           scratch: scratch, mode: mode)
                    producer.produce(on: self, width: w, height: h, into: &sink)
                }
            }
        }
        return true
    }

    /// Runs the recorded edges through the coverage buffer band by band into `sink`.
    func accumulateAndSweep<S: CoverageSink>(width w: Int, height h: Int, rule: FillRule, antialias: Bool, into sink: inout S) {
        guard !edges.isEmpty, edges.maxX > 0, edges.minX < Float(w) else { return }
        // Clamped as floats first: Int(1e30) would trap.
        let first = max(0, Int(min(Float(h), max(-1, edges.minY)).rounded(.down)))
        let end = min(h, Int(max(-1, min(Float(h) + 1, edges.maxY)).rounded(.up)))
        guard first < end else { return }
        prepareCoverage(width: w, height: h)
        let mode = kernelMode
        var top = first
        while top < end {
            let rows = min(coverage.rowCapacity, end - top)
            coverage.beginBand(top: top, rows: rows)
            let bandTop = Float(top), bandBottom = Float(top + rows)
            edges.edges.withUnsafeBufferPointer { list in
                for e in list where max(e.y, e.w) > bandTop && min(e.y, e.w) < bandBottom {
                    coverage.addEdge(e, antialias: antialias)
                }
            }
            coverage.sweep(rule: rule, mode: mode, into: &sink)
            top += rows
        }
    }

    /// Moves the edge list out (so appending through a sink does not copy it).
    func takeEdges() -> EdgeList {
        var e = EdgeList()
        swap(&e, &edges)
        e.removeAll()
        return e
    }
}

@inline(__always)
func clampUnit(_ v: Float) -> Float { v.isFinite ? max(0, min(1, v)) : 0 }
