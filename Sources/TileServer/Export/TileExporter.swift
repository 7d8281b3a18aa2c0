import Dispatch
import Foundation
import Geo
import Renderer
import SourceData

/// What an export did.
public struct ExportSummary: Sendable {
    public var tiles: Int
    /// Rendered by this run (the rest came from the journal of an interrupted run).
    public var rendered: Int
    /// Distinct tile contents stored.
    public var contents: Int
    public var seconds: Double
    public var renderSeconds: Double
    public var path: String
    /// Tiles rendered per second of rendering (finalizing excluded).
    public var tilesPerSecond: Double { renderSeconds > 0 ? Double(rendered) / renderSeconds : 0 }
}

/// Runs an export: renders the tiles the journal does not have on `threads` worker threads
/// through the server's own renderer (`TileRenderer.renderTile`, the `/tiles` path, so the
/// bytes equal the server's), records them in batches, and when every tile is in the journal
/// writes the target from it (`ExportFinalizer`) and deletes the journal.
public final class TileExporter: @unchecked Sendable {
    public let job: ExportJob
    private let renderer: any TileRenderer
    private let onProgress: (ExportProgressState, Bool) -> Void
    private let lock = NSLock()
    private var queue: [TileID] = []
    private var next = 0
    private var pending: [(tile: TileID, bytes: [UInt8])] = []
    private var done = 0
    private var failure: Error?
    private var cancelled = false
    private var start = DispatchTime.now().uptimeNanoseconds
    /// Tiles per journal transaction: few enough that a kill loses little work.
    static let batchSize = 16

    public init(job: ExportJob, renderer: any TileRenderer, onProgress: @escaping (ExportProgressState, Bool) -> Void = { _, _ in }) {
        self.job = job
        self.renderer = renderer
        self.onProgress = onProgress
    }

    /// Stops the workers after their current tile; `run` then throws.
    public func cancel() { lock.lock(); cancelled = true; lock.unlock() }

    /// Blocks until the export is written (or fails). Call off any event loop.
    public func run() throws -> ExportSummary {
        try job.validate()
        let all = job.tiles
        guard !all.isEmpty else { throw ExportError("the area holds no tile at zooms \(job.zooms.lowerBound)-\(job.zooms.upperBound)") }
        let folder = (job.target.journalPath as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let journal = try ExportJournal(path: job.target.journalPath, fingerprint: job.fingerprint)
        defer { journal.release() }
        let finished = try journal.finished()
        queue = all.filter { !finished.contains($0) }
        done = all.count - queue.count
        let resumed = done
        start = DispatchTime.now().uptimeNanoseconds
        try renderAll(journal: journal, total: all.count, resumed: resumed)
        let renderSeconds = elapsed
        onProgress(state(total: all.count, resumed: resumed), true)
        let contents = try ExportFinalizer.write(job, from: journal)
        try journal.remove()
        return ExportSummary(tiles: all.count, rendered: all.count - resumed, contents: contents, seconds: elapsed,
                             renderSeconds: renderSeconds, path: job.target.path)
    }

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    private func state(total: Int, resumed: Int) -> ExportProgressState {
        ExportProgressState(total: total, done: done, resumed: resumed, elapsedSeconds: elapsed)
    }

    private func renderAll(journal: ExportJournal, total: Int, resumed: Int) throws {
        let group = DispatchGroup()
        for _ in 0..<min(job.threads, max(1, queue.count)) {
            group.enter()
            let t = Thread { [self] in
                work(journal: journal, total: total, resumed: resumed)
                group.leave()
            }
            t.stackSize = 8 << 20
            t.start()
        }
        group.wait()
        let rest = lock.withLock { () -> [(tile: TileID, bytes: [UInt8])] in defer { pending = [] }; return pending }
        if failure == nil { try journal.record(rest); lock.withLock { done += rest.count } }
        if let failure { throw failure }
        if cancelled { throw ExportError("cancelled: the finished tiles are kept in \(journal.path); the same command resumes") }
    }

    /// One worker: take a tile, render it, hand a full batch to the journal.
    private func work(journal: ExportJournal, total: Int, resumed: Int) {
        while true {
            let tile: TileID? = lock.withLock {
                guard failure == nil, !cancelled, next < queue.count else { return nil }
                defer { next += 1 }
                return queue[next]
            }
            guard let tile else { return }
            do {
                let bytes = try RemoteNeeds.collecting {
                    try renderer.renderTile(style: job.style, tile: job.request(tile), budget: .distant)
                }
                let batch: [(tile: TileID, bytes: [UInt8])]? = lock.withLock {
                    pending.append((tile, bytes))
                    guard pending.count >= Self.batchSize else { return nil }
                    defer { pending = [] }
                    return pending
                }
                if let batch {
                    try journal.record(batch)
                    let s = lock.withLock { () -> ExportProgressState in done += batch.count; return state(total: total, resumed: resumed) }
                    onProgress(s, false)
                }
            } catch {
                lock.withLock { if failure == nil { failure = Self.describe(error, tile) } }
                return
            }
        }
    }

    static func describe(_ error: Error, _ tile: TileID) -> Error {
        if error is RemoteFetchNeeded {
            return ExportError("tile \(tile) needs remote data (an http source, sprite or glyphs); exports render local data only")
        }
        return ExportError("tile \(tile) failed: \(error)")
    }
}
