import Dispatch
import Foundation
import PNGCodec
import Raster
import Renderer
import StyleSpec

/// One pass over a tile set: what it cost and what it produced.
struct TileBenchPass {
    var tiles = 0
    /// Process CPU time of the pass (all threads).
    var cpuSeconds = 0.0
    var wallSeconds = 0.0
    /// Render phases summed over tiles (thread CPU); zero unless the pass collected stats.
    var render = RenderStats()
    /// Thread CPU in `PNGEncoder.encode`, summed over tiles (stats passes only).
    var encodeSeconds = 0.0
    var pngBytes = 0
    /// Thread CPU of each tile (render + encode), by tile index (stats passes only).
    var tileSeconds: [Double] = []
    var pngSizes: [Int] = []

    var msPerTile: Double { cpuSeconds * 1e3 / Double(max(tiles, 1)) }
}

/// Renders cameras the way the server does (`MapRenderer.render` into a reused canvas, then
/// `PNGEncoder.encode`) on `threads` threads, each with its own canvas kept across passes.
final class TileBenchRunner: @unchecked Sendable {
    let renderer: MapRenderer
    let style: Style
    let cameras: [Camera]
    let threads: Int
    private let canvases: [Canvas]

    init(renderer: MapRenderer, style: Style, cameras: [Camera], threads: Int, kernelMode: KernelMode = .simd) {
        self.renderer = renderer
        self.style = style
        self.cameras = cameras
        self.threads = max(1, threads)
        self.canvases = (0..<max(1, threads)).map { _ in
            let canvas = Canvas(width: 256, height: 256)
            canvas.kernelMode = kernelMode
            return canvas
        }
    }

    /// A runner of other cameras on the same renderer and style (shared caches), one thread.
    func sibling(cameras: [Camera]) -> TileBenchRunner {
        TileBenchRunner(renderer: renderer, style: style, cameras: cameras, threads: 1, kernelMode: canvases[0].kernelMode)
    }

    /// Renders and encodes every camera once. With `collectStats` each tile's phases, encode
    /// time and thread CPU are recorded (that costs a few clock reads per feature).
    func pass(collectStats: Bool) throws -> TileBenchPass {
        let state = PassState(tiles: cameras.count, collectStats: collectStats)
        let cpu0 = BenchClock.cpu(), wall0 = BenchClock.wall()
        if threads == 1 {
            work(worker: 0, state)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { self.work(worker: $0, state) }
        }
        var out = state.result
        out.cpuSeconds = BenchClock.cpu() - cpu0
        out.wallSeconds = BenchClock.wall() - wall0
        if let failure = state.failure { throw failure }
        return out
    }

    /// One thread's loop: takes the next tile until none is left or another thread failed.
    private func work(worker: Int, _ state: PassState) {
        let canvas = canvases[worker]
        let stats = state.collectStats
        var local = TileBenchPass()
        var perTile: [(index: Int, seconds: Double, bytes: Int)] = []
        // A deadline far away: production renders always carry one, so the check is paid here too.
        let deadline = Deadline.distant
        while let i = state.take() {
            do {
                let t0 = stats ? BenchClock.threadCPU() : 0
                let phases = try renderer.render(style, camera: cameras[i], into: canvas, deadline: deadline, collectStats: stats)
                let e0 = stats ? BenchClock.threadCPU() : 0
                let pixmap = canvas.pixmap
                let png = try pixmap.data.withUnsafeBytes {
                    try PNGEncoder.encode(premultipliedRGBA: $0, width: pixmap.width, height: pixmap.height)
                }
                local.pngBytes += png.count
                if stats, let phases {
                    let t1 = BenchClock.threadCPU()
                    local.render.add(phases)
                    local.encodeSeconds += t1 - e0
                    perTile.append((i, t1 - t0, png.count))
                }
            } catch {
                state.fail(error)
                break
            }
        }
        state.merge(local, perTile)
    }
}

/// Shared state of one pass: the next tile to take, the first failure, the merged result.
private final class PassState: @unchecked Sendable {
    let collectStats: Bool
    private let lock = NSLock()
    private let tiles: Int
    private var next = 0
    private(set) var failure: Error?
    private(set) var result = TileBenchPass()

    init(tiles: Int, collectStats: Bool) {
        self.tiles = tiles
        self.collectStats = collectStats
        result.tiles = tiles
        if collectStats {
            result.tileSeconds = Array(repeating: 0, count: tiles)
            result.pngSizes = Array(repeating: 0, count: tiles)
        }
    }

    func take() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard failure == nil, next < tiles else { return nil }
        next += 1
        return next - 1
    }

    func fail(_ error: Error) {
        lock.lock(); defer { lock.unlock() }
        if failure == nil { failure = error }
    }

    func merge(_ local: TileBenchPass, _ perTile: [(index: Int, seconds: Double, bytes: Int)]) {
        lock.lock(); defer { lock.unlock() }
        result.render.add(local.render)
        result.encodeSeconds += local.encodeSeconds
        result.pngBytes += local.pngBytes
        for t in perTile { result.tileSeconds[t.index] = t.seconds; result.pngSizes[t.index] = t.bytes }
    }
}

extension TileBenchRunner {
    /// Every tile rendered and encoded once, in camera order (for looking at the output).
    func encodedTiles() throws -> [[UInt8]] {
        let canvas = Canvas(width: 256, height: 256)
        return try cameras.map { camera in
            try renderer.render(style, camera: camera, into: canvas)
            let pixmap = canvas.pixmap
            return try pixmap.data.withUnsafeBytes {
                try PNGEncoder.encode(premultipliedRGBA: $0, width: pixmap.width, height: pixmap.height)
            }
        }
    }
}
