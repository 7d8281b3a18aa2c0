/// A drawing surface: owns a premultiplied RGBA8 pixmap and the scratch memory every draw
/// reuses (coverage cells, edge list, sample rows), so drawing allocates nothing once warm.
/// Not thread-safe: use one canvas per thread.
///
/// Coordinates are device pixels, y down, pixel (x, y) covering [x, x+1) × [y, y+1).
public final class Canvas {
    /// The pixels drawn so far (premultiplied). May be replaced by one of any size.
    public var pixmap: Pixmap
    /// SIMD kernels (default) or their scalar twins.
    public var kernelMode: KernelMode = .simd

    let coverage = CoverageBuffer()
    /// Caps the rows per coverage band (tests use it to exercise banded rasterization on
    /// small canvases); nil = as many as the memory budget allows.
    var bandRowLimit: Int?
    var edges = EdgeList()
    private(set) var rowScratch: UnsafeMutablePointer<UInt32>
    private var rowScratchCapacity = 0

    public init(width: Int, height: Int) {
        pixmap = Pixmap(width: max(0, width), height: max(0, height))
        rowScratch = .allocate(capacity: 1)
        rowScratch.initialize(to: 0)
    }

    deinit { rowScratch.deallocate() }

    public var width: Int { pixmap.width }
    public var height: Int { pixmap.height }

    /// Starts a new image: resizes if needed (keeping scratch memory) and fills with `fill`.
    public func reset(width: Int, height: Int, fill: Color = .transparent) {
        let w = max(0, width), h = max(0, height)
        if w != pixmap.width || h != pixmap.height {
            pixmap = Pixmap(width: w, height: h, fill: fill.premultipliedRGBA8)
        } else {
            pixmap.fill(fill.premultipliedRGBA8)
        }
    }

    /// Clears the whole canvas to `color` (replacing, not blending).
    public func clear(_ color: Color) {
        pixmap.fill(color.premultipliedRGBA8)
    }

    /// A row of scratch source pixels at least `width` long.
    func rowScratch(width: Int) -> UnsafeMutablePointer<UInt32> {
        if width > rowScratchCapacity {
            rowScratch.deallocate()
            rowScratch = .allocate(capacity: width)
            rowScratch.initialize(repeating: 0, count: width)
            rowScratchCapacity = width
        }
        return rowScratch
    }

    /// The pixels for direct writing (premultiplied RGBA8 words, R in the low byte), in place:
    /// going through `pixmap.withUnsafeMutablePixels` may copy the whole image first
    /// (copy-on-write through the property's getter and setter). Raster's own: other modules
    /// write through `withSpans` and the drawing calls, never the pointer.
    @inlinable
    func withUnsafeMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try pixmap.withUnsafeMutablePixels(body)
    }

    /// The canvas rectangle in device pixels.
    var bounds: Rect { Rect(minX: 0, minY: 0, maxX: Float(pixmap.width), maxY: Float(pixmap.height)) }
}
