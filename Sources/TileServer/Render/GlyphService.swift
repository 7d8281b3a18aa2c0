import Fonts
import Foundation
import SourceData

/// The fonts directory behind `GET /fonts/...`: scanned on first use (off the event loop; the
/// scan is shared with the renderer, `FontDirectory.shared`), generated glyph ranges kept in a
/// byte-bounded LRU, so a range costs its SDF generation once. Thread-safe; generation runs
/// outside the lock (two first requests for one range may both generate it, harmlessly).
final class GlyphService: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var cache: LRUCache<String, [UInt8]>

    init(path: String, cacheBytes: Int) {
        self.path = path
        cache = LRUCache(budget: max(0, cacheBytes))
    }

    /// The scanned directory (scanned by the first caller).
    var fonts: FontDirectory { FontDirectory.shared(path) }

    /// The PBF of `range` for the fontstack; nil when the directory has none of its fonts.
    func pbf(fontstack: [String], range: GlyphRange) -> [UInt8]? {
        let key = fontstack.joined(separator: ",") + "|" + range.description
        lock.lock()
        let hit = cache.get(key)
        lock.unlock()
        if let hit { return hit }
        guard let bytes = fonts.pbf(fontstack: fontstack, range: range) else { return nil }
        lock.lock()
        _ = cache.set(key, bytes, cost: bytes.count + key.utf8.count)
        lock.unlock()
        return bytes
    }
}
