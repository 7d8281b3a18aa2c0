/// Blurred strokes: MapLibre's line profile alpha(d) = clamp((outset − d) / b, 0, 1) with
/// outset = width/2 + 0.5 and b = blur + 1, built as the average of K anti-aliased strokes
/// whose 1 px edge ramps tile the b px ramp (exact when b is a whole number of pixels and
/// K = b). Each pass is a full single-coverage stroke (joins, caps, dashes, offset all
/// apply); the passes are summed in a 16-bit mask and blended once.
extension Canvas {
    static let maxBlurPasses = 16

    func strokeBlurred(_ path: Path, style: StrokeStyle, blur: Float, paint: Paint, opacity: Float, transform: Transform) {
        guard isVisible(paint, alpha: clampUnit(opacity)), pixmap.width > 0, pixmap.height > 0 else { return }
        let b = blur + 1
        let outset = style.width / 2 + 0.5
        let passes = max(2, Int(min(Float(Self.maxBlurPasses), b.rounded(.up))))
        mask.begin(width: pixmap.width, height: pixmap.height)
        for k in 0..<passes {
            // This pass's 1 px ramp is centred at half width hk.
            let hk = outset - (Float(k) + 0.5) * b / Float(passes)
            guard hk > -0.5 else { continue }
            let width = max(1, 2 * hk)
            let scale = hk < 0.5 ? hk + 0.5 : 1   // thinner than 1 px: a faint hairline
            var sink = MaskAccumulatorSink(mask: mask, weight: UInt16((scale * 256).rounded()))
            accumulate(StrokeEdges(path: path, style: style, width: width, transform: transform), rule: .nonZero, antialias: true, into: &sink)
        }
        mask.divisor = UInt32(passes)
        blend(paint, opacity: opacity, from: MaskCoverage())
    }
}

/// Adds weighted coverage into the canvas's blur mask.
struct MaskAccumulatorSink: CoverageSink {
    let mask: CoverageMask
    /// Coverage multiplier in 1/256 (256 = full).
    let weight: UInt16

    mutating func mask(y: Int, x: Int, count: Int, alpha: UnsafePointer<UInt8>) {
        mask.add(y: y, x: x, count: count, alpha: alpha, weight: weight)
    }

    mutating func constant(y: Int, x: Int, count: Int, alpha: UInt8) {
        mask.add(y: y, x: x, count: count, constant: alpha, weight: weight)
    }
}

/// The blur mask as a coverage producer: each row's touched range as one mask span.
struct MaskCoverage: CoverageProducer {
    func produce<S: CoverageSink>(on canvas: Canvas, width: Int, height: Int, into sink: inout S) {
        canvas.mask.emit(into: &sink)
    }
}
