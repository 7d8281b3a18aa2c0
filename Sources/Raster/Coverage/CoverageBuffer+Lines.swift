/// Rasterizing one clipped line in band-relative 24.8 fixed point. Every split point (row
/// and cell boundaries) is computed once and shared by the two pieces it separates, so
/// covers telescope exactly and a closed contour always sums to zero across a row.
extension CoverageBuffer {
    /// Area coverage of the line (x0,y0)→(x1,y1) in canvas 24.8 fixed point (x in
    /// 0...width·256, y in 0...height·256); only the rows of the current band are written.
    /// Row-boundary positions come from the whole line's end points, so a band boundary
    /// never changes a pixel: banded and single-band rasterization agree exactly.
    @inline(__always)
    func lineAA(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) {
        if y0 == y1 { return }
        let sign: Int32 = y0 < y1 ? 1 : -1
        let (xa, ya, xb, yb) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let rowA = Int(ya >> 8), rowB = Int((yb - 1) >> 8)
        let first = max(rowA, bandTop), last = min(rowB, bandTop + bandRows - 1)
        guard first <= last else { return }
        touchRows(first - bandTop, last - bandTop)
        if rowA == rowB {
            rowSpan(rowA - bandTop, xa, ya & 255, xb, yb - Int32(rowA << 8), sign)
            return
        }
        if xa == xb {
            verticalAA(xa, ya, yb, first, last, sign)
            return
        }
        let dxdy = Float(xb - xa) / Float(yb - ya)
        let xMin = min(xa, xb), xMax = max(xa, xb)
        // Clamped so float rounding can never step outside the line's x range.
        @inline(__always) func xAt(_ y: Int32) -> Int32 { min(xMax, max(xMin, xa + roundToInt32(Float(y - ya) * dxdy))) }
        var xPrev = first == rowA ? xa : xAt(Int32(first << 8))
        var yPrev = first == rowA ? ya : Int32(first << 8)
        for r in first...last {
            let rowTop = Int32(r << 8)
            let yEnd = r == rowB ? yb : rowTop + 256
            let xEnd = r == rowB ? xb : xAt(yEnd)
            rowSpan(r - bandTop, xPrev, yPrev - rowTop, xEnd, yEnd - rowTop, sign)
            xPrev = xEnd; yPrev = yEnd
        }
    }

    /// A vertical line covers one cell per row: the common case of edges left of the canvas.
    @inline(__always)
    private func verticalAA(_ x: Int32, _ ya: Int32, _ yb: Int32, _ first: Int, _ last: Int, _ sign: Int32) {
        let cell = Int(x >> 8)
        let fx2 = (x - Int32(cell << 8)) << 1
        var rowCells = cells + (first - bandTop) * stride
        for r in first...last {
            let rowTop = Int32(r << 8)
            let cover = (min(yb, rowTop + 256) - max(ya, rowTop)) * sign
            addCell(rowCells, cell, cover: cover, area: cover * fx2)
            markCells(row: r - bandTop, cell, cell + 1)
            rowCells += stride
        }
    }

    /// The part of a line inside one row: 0 ≤ ya < yb ≤ 256 relative to the row's top.
    @inline(__always)
    private func rowSpan(_ row: Int, _ xa: Int32, _ ya: Int32, _ xb: Int32, _ yb: Int32, _ sign: Int32) {
        let rowCells = cells + row * stride
        let lo = min(xa, xb), hi = max(xa, xb)
        let firstCell = Int(lo >> 8)
        if hi <= Int32((firstCell + 1) << 8) {
            let cover = (yb - ya) * sign
            addCell(rowCells, firstCell, cover: cover, area: cover * (xa + xb - Int32(firstCell << 9)))
            markCells(row: row, firstCell, firstCell + 1)
            return
        }
        let dydx = Float(yb - ya) / Float(xb - xa)
        var x = xa, y = ya
        if xa < xb {
            var cell = Int(xa >> 8)
            while true {
                let cellLeft = Int32(cell << 8)
                let xNext = cellLeft + 256
                if xNext >= xb {
                    let cover = (yb - y) * sign
                    addCell(rowCells, cell, cover: cover, area: cover * (x + xb - (cellLeft << 1)))
                    break
                }
                let yNext = ya + roundToInt32(Float(xNext - xa) * dydx)
                let cover = (yNext - y) * sign
                addCell(rowCells, cell, cover: cover, area: cover * (x + xNext - (cellLeft << 1)))
                x = xNext; y = yNext; cell += 1
            }
            markCells(row: row, firstCell, Int(hi >> 8) + 1)
        } else {
            var cell = Int((xa - 1) >> 8)
            while true {
                let cellLeft = Int32(cell << 8)
                if cellLeft <= xb {
                    let cover = (yb - y) * sign
                    addCell(rowCells, cell, cover: cover, area: cover * (x + xb - (cellLeft << 1)))
                    break
                }
                let yNext = ya + roundToInt32(Float(cellLeft - xa) * dydx)
                let cover = (yNext - y) * sign
                addCell(rowCells, cell, cover: cover, area: cover * (x - cellLeft))
                x = cellLeft; y = yNext; cell -= 1
            }
            markCells(row: row, firstCell, Int(hi >> 8) + 1)
        }
    }

    /// Point-sampled (aliased) line: adds a full winding step at the first pixel whose centre
    /// is right of the line, for every row whose centre the line crosses (half-open in y).
    @inline(__always)
    func lineSampled(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) {
        if y0 == y1 { return }
        let sign: Int32 = y0 < y1 ? 1 : -1
        let (xa, ya, xb, yb) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let rowFirst = max(bandTop, Int((ya - 128 + 255) >> 8))
        let rowEnd = min(bandTop + bandRows, Int((yb - 128 + 255) >> 8))
        guard rowFirst < rowEnd else { return }
        touchRows(rowFirst - bandTop, rowEnd - 1 - bandTop)
        let dxdy = Float(xb - xa) / Float(yb - ya)
        let step = Self.fullCoverage * sign
        let maxCell = width + 1
        for r in rowFirst..<rowEnd {
            let yc = Int32(r << 8) + 128
            let x = Float(xa) + Float(yc - ya) * dxdy
            // ceil of the clamped value (the bounds are whole, so clamping first is the same),
            // without `ceilf`, a libm call per row on the x86-64 baseline.
            let v = min(Float(maxCell), max(0, (x - 128) / 256))
            let whole = Int(v)
            let cell = Float(whole) < v ? whole + 1 : whole
            cells[(r - bandTop) * stride + cell] &+= step
            markCells(row: r - bandTop, cell, cell)
        }
    }
}
