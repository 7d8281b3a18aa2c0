/// Rasterizing one clipped line in band-relative 24.8 fixed point. Every split point (row
/// and cell boundaries) is computed once and shared by the two pieces it separates, so
/// covers telescope exactly and a closed contour always sums to zero across a row.
extension CoverageBuffer {
    /// Area coverage of the line (x0,y0)→(x1,y1); x in 0...width·256, y in 0...bandRows·256.
    @inline(__always)
    func lineAA(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) {
        if y0 == y1 { return }
        let sign: Int32 = y0 < y1 ? 1 : -1
        let (xa, ya, xb, yb) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let rowA = Int(ya >> 8), rowB = Int((yb - 1) >> 8)
        touchRows(rowA, rowB)
        if rowA == rowB {
            rowSpan(rowA, xa, ya & 255, xb, yb - Int32(rowA << 8), sign)
            return
        }
        if xa == xb {
            verticalAA(xa, ya, yb, rowA, rowB, sign)
            return
        }
        let dxdy = Float(xb - xa) / Float(yb - ya)
        var xPrev = xa, yPrev = ya
        for r in rowA...rowB {
            let rowTop = Int32(r << 8)
            let yEnd = r == rowB ? yb : rowTop + 256
            let xEnd = r == rowB ? xb : xa + Int32((Float(yEnd - ya) * dxdy).rounded())
            rowSpan(r, xPrev, yPrev - rowTop, xEnd, yEnd - rowTop, sign)
            xPrev = xEnd; yPrev = yEnd
        }
    }

    /// A vertical line covers one cell per row: the common case of edges left of the canvas.
    @inline(__always)
    private func verticalAA(_ x: Int32, _ ya: Int32, _ yb: Int32, _ rowA: Int, _ rowB: Int, _ sign: Int32) {
        let cell = Int(x >> 8)
        let fx2 = (x - Int32(cell << 8)) << 1
        var rowCells = cells + rowA * stride
        for r in rowA...rowB {
            let rowTop = Int32(r << 8)
            let cover = (min(yb, rowTop + 256) - max(ya, rowTop)) * sign
            addCell(rowCells, cell, cover: cover, area: cover * fx2)
            markCells(row: r, cell, cell + 1)
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
                let yNext = ya + Int32((Float(xNext - xa) * dydx).rounded())
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
                let yNext = ya + Int32((Float(cellLeft - xa) * dydx).rounded())
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
        let rowFirst = Int((ya - 128 + 255) >> 8)
        let rowEnd = Int((yb - 128 + 255) >> 8)
        guard rowFirst < rowEnd else { return }
        touchRows(rowFirst, rowEnd - 1)
        let dxdy = Float(xb - xa) / Float(yb - ya)
        let step = Self.fullCoverage * sign
        let maxCell = width + 1
        for r in rowFirst..<rowEnd {
            let yc = Int32(r << 8) + 128
            let x = Float(xa) + Float(yc - ya) * dxdy
            let cell = min(maxCell, max(0, Int(((x - 128) / 256).rounded(.up))))
            cells[r * stride + cell] &+= step
            markCells(row: r, cell, cell)
        }
    }
}
