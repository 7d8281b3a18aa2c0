/// Accumulates anti-aliased coverage for one horizontal band of the canvas as signed-area
/// deltas per cell (font-rs / FreeType "gray" style, in 24.8 fixed point), then sweeps each
/// row with a prefix sum into coverage spans.
///
/// A row holds `stride` Int32 cells (the canvas width + 2, rounded up to whole 16-cell
/// blocks) and one bit per block marking the blocks that edges touched. The sweep reads only
/// touched blocks; between them the running winding is constant, so it emits one constant
/// span (a fill's interior) or nothing (outside). It zeroes the cells it reads, so the
/// buffer is clean for the next path without a separate clear: a small path costs little.
///
/// Coverage units: a fully covered cell sums to `fullCoverage` = 2¹⁷ (256 subpixels of
/// height × 512, twice the 256 subpixels of width). Integer arithmetic makes the SIMD and
/// scalar sweeps agree exactly.
final class CoverageBuffer {
    static let blockShift = 4
    static let blockCells = 1 << blockShift
    static let fullCoverage: Int32 = 1 << 17
    /// Band memory budget in cells (4 MiB); taller canvases are rasterized band by band.
    static let maxBandCells = 1 << 20

    private(set) var width = 0
    /// Canvas height: edges are clipped to the canvas, the band selects rows.
    private(set) var height = 0
    private(set) var stride = 0
    private(set) var wordsPerRow = 0
    private(set) var rowCapacity = 0
    private(set) var bandTop = 0
    private(set) var bandRows = 0
    /// Band-relative rows that edges touched (touchedTop > touchedBottom when none).
    var touchedTop = Int.max
    var touchedBottom = -1

    private(set) var cells: UnsafeMutablePointer<Int32>
    private(set) var bits: UnsafeMutablePointer<UInt64>
    /// One row of coverage bytes the sweep hands to its sink.
    private(set) var mask: UnsafeMutablePointer<UInt8>
    private var cellCapacity = 0
    private var wordCapacity = 0
    private var maskCapacity = 0

    init() {
        cells = .allocate(capacity: 1); cells.initialize(to: 0)
        bits = .allocate(capacity: 1); bits.initialize(to: 0)
        mask = .allocate(capacity: 1); mask.initialize(to: 0)
    }

    deinit {
        cells.deallocate(); bits.deallocate(); mask.deallocate()
    }

    static func stride(width: Int) -> Int {
        ((width + 2 + blockCells - 1) >> blockShift) << blockShift
    }

    /// Rows per band for a canvas: all of them when they fit the memory budget.
    static func bandRows(width: Int, height: Int) -> Int {
        max(1, min(height, max(16, maxBandCells / stride(width: width))))
    }

    /// Prepares for a canvas of `width` × `height` pixels in bands of `rows` rows (default:
    /// as many as the budget allows); reuses memory when it fits.
    func configure(width: Int, height: Int, rows requested: Int? = nil) {
        let newStride = Self.stride(width: width)
        let blocks = newStride >> Self.blockShift
        let rows = max(1, min(requested ?? .max, Self.bandRows(width: width, height: height)))
        self.width = width
        self.height = height
        stride = newStride
        wordsPerRow = (blocks + 63) >> 6
        rowCapacity = rows
        let needCells = stride * rows, needWords = wordsPerRow * rows
        if needCells > cellCapacity {
            cells.deallocate()
            cells = .allocate(capacity: needCells)
            cells.initialize(repeating: 0, count: needCells)
            cellCapacity = needCells
        }
        if needWords > wordCapacity {
            bits.deallocate()
            bits = .allocate(capacity: needWords)
            bits.initialize(repeating: 0, count: needWords)
            wordCapacity = needWords
        }
        if stride > maskCapacity {
            mask.deallocate()
            mask = .allocate(capacity: stride)
            mask.initialize(repeating: 0, count: stride)
            maskCapacity = stride
        }
    }

    /// Starts a band of `rows` canvas rows from `top` (rows ≤ rowCapacity).
    func beginBand(top: Int, rows: Int) {
        precondition(rows <= rowCapacity)
        bandTop = top
        bandRows = rows
        touchedTop = Int.max
        touchedBottom = -1
    }

    /// Marks blocks of `row` from cell `first` through cell `last` as touched.
    @inline(__always)
    func markCells(row: Int, _ first: Int, _ last: Int) {
        let b0 = first >> Self.blockShift, b1 = last >> Self.blockShift
        let words = bits + row * wordsPerRow
        if b0 >> 6 == b1 >> 6 {
            let lo = UInt64(b0 & 63), hi = UInt64(b1 & 63)
            let span: UInt64 = hi == 63 ? ~0 : (1 << (hi + 1)) - 1
            words[b0 >> 6] |= span & ~((1 << lo) - 1)
        } else {
            for b in b0...b1 { words[b >> 6] |= 1 << UInt64(b & 63) }
        }
    }

    @inline(__always)
    func touchRows(_ first: Int, _ last: Int) {
        if first < touchedTop { touchedTop = first }
        if last > touchedBottom { touchedBottom = last }
    }

    /// Adds a cell's cover (signed subpixel height) and area (cover × (fx0 + fx1), the
    /// doubled horizontal position of the edge inside the cell) as prefix-sum deltas.
    @inline(__always)
    func addCell(_ rowCells: UnsafeMutablePointer<Int32>, _ cell: Int, cover: Int32, area: Int32) {
        rowCells[cell] &+= (cover << 9) &- area
        rowCells[cell + 1] &+= area
    }

    /// Clears what the current band accumulated without sweeping it.
    func discard() {
        guard touchedTop <= touchedBottom else { return }
        for r in touchedTop...touchedBottom {
            (cells + r * stride).update(repeating: 0, count: stride)
            (bits + r * wordsPerRow).update(repeating: 0, count: wordsPerRow)
        }
        touchedTop = Int.max
        touchedBottom = -1
    }
}
