/// A canvas-sized 16-bit coverage accumulator for multi-pass coverage (blurred strokes):
/// passes add weighted coverage, then `emit` hands the average to a sink as byte masks.
/// Tracks the touched x range per row so emitting costs only what was drawn.
final class CoverageMask {
    private(set) var width = 0
    private(set) var height = 0
    private var values: [UInt16] = []
    private var rowMin: [Int] = []
    private var rowMax: [Int] = []
    private var bytes: [UInt8] = []
    /// The number of passes the sum is divided by.
    var divisor: UInt32 = 1

    func begin(width: Int, height: Int) {
        if width != self.width || height != self.height {
            self.width = width; self.height = height
            values = [UInt16](repeating: 0, count: width * height)
            rowMin = [Int](repeating: Int.max, count: height)
            rowMax = [Int](repeating: -1, count: height)
            bytes = [UInt8](repeating: 0, count: width)
        }
        divisor = 1
    }

    @inline(__always)
    private func touch(_ y: Int, _ x: Int, _ count: Int) {
        rowMin[y] = min(rowMin[y], x)
        rowMax[y] = max(rowMax[y], x + count)
    }

    func add(y: Int, x: Int, count: Int, alpha: UnsafePointer<UInt8>, weight: UInt16) {
        touch(y, x, count)
        let base = y * width + x
        let w = UInt32(weight)
        values.withUnsafeMutableBufferPointer { v in
            for i in 0..<count { v[base + i] &+= UInt16((UInt32(alpha[i]) * w + 128) >> 8) }
        }
    }

    func add(y: Int, x: Int, count: Int, constant: UInt8, weight: UInt16) {
        touch(y, x, count)
        let base = y * width + x
        let a = UInt16((UInt32(constant) * UInt32(weight) + 128) >> 8)
        values.withUnsafeMutableBufferPointer { v in
            for i in 0..<count { v[base + i] &+= a }
        }
    }

    /// Hands every touched row to `sink` as averaged coverage bytes and clears the mask.
    func emit<S: CoverageSink>(into sink: inout S) {
        let d = max(1, divisor)
        for y in 0..<height where rowMin[y] < rowMax[y] {
            let x0 = rowMin[y], x1 = min(width, rowMax[y])
            let base = y * width
            values.withUnsafeMutableBufferPointer { v in
                bytes.withUnsafeMutableBufferPointer { out in
                    for x in x0..<x1 {
                        out[x] = UInt8(min(255, (UInt32(v[base + x]) + d / 2) / d))
                        v[base + x] = 0
                    }
                    sink.mask(y: y, x: x0, count: x1 - x0, alpha: out.baseAddress! + x0)
                }
            }
            rowMin[y] = Int.max; rowMax[y] = -1
        }
    }
}
