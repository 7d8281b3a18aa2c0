import Dispatch
import Foundation
import Logging

/// Keeps the published styles in step with their files without a restart: a look every
/// `stylePollSeconds` (only files whose `stat` changed are read) and a full re-read on SIGHUP.
/// Both run on one serial background queue, never on an event loop (the reads block).
enum StyleWatch {
    /// The poll timer (nil when `seconds` is 0) and the SIGHUP source; cancel them on shutdown.
    static func start(_ app: StrataApp, every seconds: Double) -> [any DispatchSourceProtocol] {
        let queue = DispatchQueue(label: "strata.style-watch")
        let log = Logger(label: "strata.publish")
        var sources: [any DispatchSourceProtocol] = []
        if seconds > 0 {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .milliseconds(100))
            timer.setEventHandler { app.refreshPublishedStyles() }
            timer.resume()
            sources.append(timer)
        }
        signal(SIGHUP, SIG_IGN)
        let hup = DispatchSource.makeSignalSource(signal: SIGHUP, queue: queue)
        hup.setEventHandler {
            let changed = app.refreshPublishedStyles(force: true)
            log.info("SIGHUP: styles re-read, \(changed.count) changed\(changed.isEmpty ? "" : ": " + changed.sorted().joined(separator: ", "))")
        }
        hup.resume()
        sources.append(hup)
        return sources
    }
}
