import Foundation

/// How far an export is, as its observers see it (the CLI's bar, the server's job status).
public struct ExportProgressState: Sendable {
    public var total: Int
    /// Finished tiles, those of earlier runs included.
    public var done: Int
    /// Finished by earlier runs (resumed, not rendered again).
    public var resumed: Int
    public var elapsedSeconds: Double

    /// Tiles rendered per second by this run.
    public var rate: Double { elapsedSeconds > 0 ? Double(done - resumed) / elapsedSeconds : 0 }
    /// Seconds left at the current rate (nil before the first tile).
    public var etaSeconds: Double? { rate > 0 ? Double(total - done) / rate : nil }
}

/// The CLI's report: on a terminal a bar redrawn in place with tiles/s and an ETA; otherwise
/// one plain line every `interval` seconds (logs and CI keep them readable). Written to stderr.
public final class ExportProgressPrinter: @unchecked Sendable {
    private let terminal: Bool
    private let interval: Double
    private var last = 0.0
    private let lock = NSLock()

    public init(terminal: Bool = isatty(STDERR_FILENO) == 1, interval: Double = 5) {
        self.terminal = terminal
        self.interval = terminal ? 0.2 : interval
    }

    /// Called after every recorded batch; prints when due (always for the final state).
    public func update(_ s: ExportProgressState, final: Bool = false) {
        lock.lock(); defer { lock.unlock() }
        guard final || s.elapsedSeconds - last >= interval else { return }
        last = s.elapsedSeconds
        let pct = s.total > 0 ? Double(s.done) * 100 / Double(s.total) : 100
        let eta = s.etaSeconds.map(Self.duration) ?? "?"
        let line: String
        if terminal {
            let width = 30, filled = s.total > 0 ? width * s.done / s.total : width
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            line = "\r[\(bar)] " + String(format: "%5.1f%% %d/%d tiles  %.1f tiles/s", pct, s.done, s.total, s.rate)
                + "  ETA \(eta) " + (final ? "\n" : "")
        } else {
            line = String(format: "export: %d/%d tiles (%.1f%%), %.1f tiles/s", s.done, s.total, pct, s.rate) + ", ETA \(eta)\n"
        }
        FileHandle.standardError.write(Data(line.utf8))
    }

    static func duration(_ s: Double) -> String {
        let t = Int(s.rounded())
        return t >= 3600 ? String(format: "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60) : String(format: "%d:%02d", t / 60, t % 60)
    }
}
