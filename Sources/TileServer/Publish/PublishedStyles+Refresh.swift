import Foundation
import Logging
import StyleSpec

extension StrataApp {
    /// Publishes the config's style files (`PublishedStyles.styleFiles(of:)`) as they are on
    /// disk: a file whose `stat` changed since the last look (every file when `force`, as on
    /// SIGHUP) is read again, and the new set replaces the old one in a single swap, so a
    /// request in flight keeps the style it started with. A file that does not load (bad
    /// JSON, invalid style, a URL leaving the data directory) is logged once per version and
    /// leaves its last good version published (none at start-up), so a half-saved edit never
    /// takes a style down; a file that is gone is unpublished. Blocking file I/O: call it at
    /// start-up or from a background queue, never on an event loop. Returns the ids whose
    /// published style changed.
    @discardableResult
    func refreshPublishedStyles(force: Bool = false) -> [String] {
        let log = Logger(label: "strata.publish")
        let files = PublishedStyles.styleFiles(of: config)
        var next = published.snapshot
        var stamps = published.fileStamps
        var changed: [String] = []
        for (id, _) in next where !files.contains(where: { $0.id == id }) {
            next[id] = nil; stamps[id] = nil; changed.append(id)
            log.warning("style \(id) is no longer published: its file is gone")
        }
        for (id, path) in files {
            guard let stamp = FileStamp(path) else {
                if next.removeValue(forKey: id) != nil {
                    changed.append(id)
                    log.warning("style \(id) is no longer published: \(path) is gone")
                }
                stamps[id] = nil
                continue
            }
            if !force, stamps[id] == stamp { continue }
            stamps[id] = stamp
            do {
                let style = try LiveStyle.load(readConfigStyle(path), customLayers: customLayers, importLoader: importLoader)
                try checkURLs(style)
                if next[id]?.renderHash != style.renderHash || next[id]?.json != style.json {
                    if next[id] != nil { log.info("style \(id) republished from \(path)") }
                    next[id] = style
                    changed.append(id)
                }
            } catch {
                log.warning(next[id] == nil ? "style \(path) is not published: \(error)"
                            : "style \(path) does not load, its last good version stays published: \(error)")
            }
        }
        published.fileStamps = stamps
        if !changed.isEmpty || force { published.publish(next) }
        return changed
    }
}
