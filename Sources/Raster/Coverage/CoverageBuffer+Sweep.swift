/// Receives the coverage of a sweep, row by row, left to right.
protocol CoverageSink {
    /// `count` pixels from (x, y) with per-pixel coverage bytes.
    mutating func mask(y: Int, x: Int, count: Int, alpha: UnsafePointer<UInt8>)
    /// `count` pixels from (x, y) all with coverage `alpha` (> 0).
    mutating func constant(y: Int, x: Int, count: Int, alpha: UInt8)
}

extension CoverageBuffer {
    /// Sweeps every touched row of the band into `sink` and leaves the buffer zeroed.
    func sweep<S: CoverageSink>(rule: FillRule, mode: KernelMode, into sink: inout S) {
        guard touchedTop <= touchedBottom else { return }
        switch (rule, mode) {
        case (.nonZero, .simd): sweep(CoverageKernels.NonZero.self, simd: true, into: &sink)
        case (.nonZero, .scalar): sweep(CoverageKernels.NonZero.self, simd: false, into: &sink)
        case (.evenOdd, .simd): sweep(CoverageKernels.EvenOdd.self, simd: true, into: &sink)
        case (.evenOdd, .scalar): sweep(CoverageKernels.EvenOdd.self, simd: false, into: &sink)
        }
    }

    private func sweep<R: CoverageKernels.Rule, S: CoverageSink>(_ rule: R.Type, simd: Bool, into sink: inout S) {
        let blockCells = Self.blockCells
        for r in touchedTop...touchedBottom {
            let rowCells = cells + r * stride
            let rowBits = bits + r * wordsPerRow
            let y = bandTop + r
            var acc: Int32 = 0
            var nextBlock = 0
            for wi in 0..<wordsPerRow {
                var w = rowBits[wi]
                if w == 0 { continue }
                rowBits[wi] = 0
                while w != 0 {
                    let tz = w.trailingZeroBitCount
                    let run = (~(w >> UInt64(tz))).trailingZeroBitCount
                    w = run + tz >= 64 ? 0 : w & ~(((1 << UInt64(run)) - 1) << UInt64(tz))
                    let first = wi << 6 + tz
                    if acc != 0 && first > nextBlock {
                        emitConstant(&sink, y: y, from: nextBlock * blockCells, to: first * blockCells, alpha: R.alpha(acc))
                    }
                    for b in first..<(first + run) {
                        let c = b * blockCells
                        if simd {
                            CoverageKernels.block(rowCells + c, &acc, mask + c, rule: R.self)
                        } else {
                            CoverageKernels.blockScalar(rowCells + c, &acc, mask + c, rule: R.self)
                        }
                    }
                    let x0 = first * blockCells, x1 = min(width, (first + run) * blockCells)
                    if x1 > x0 { sink.mask(y: y, x: x0, count: x1 - x0, alpha: mask + x0) }
                    nextBlock = first + run
                }
            }
            if acc != 0 {
                emitConstant(&sink, y: y, from: nextBlock * blockCells, to: width, alpha: R.alpha(acc))
            }
        }
        touchedTop = Int.max
        touchedBottom = -1
    }

    @inline(__always)
    private func emitConstant<S: CoverageSink>(_ sink: inout S, y: Int, from: Int, to: Int, alpha a: UInt8) {
        let end = min(to, width)
        guard end > from, a != 0 else { return }
        sink.constant(y: y, x: from, count: end - from, alpha: a)
    }
}
