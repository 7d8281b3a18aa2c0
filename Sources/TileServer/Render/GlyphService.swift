import Fonts
import Foundation
import SourceData

/// The fonts directory behind `GET /fonts/...`: scanned on first use (off the event loop; the
/// scan is shared with the renderer through one `FontLibrary`), generated glyph ranges kept in a
/// byte-bounded LRU, so a range costs its SDF generation once. Thread-safe; generation runs
/// outside the lock (two first requests for one range may both generate it, harmlessly).
final class GlyphService: @unchecked Sendable {
    let library: FontLibrary
    private let lock = NSLock()
    private var cache: LRUCache<String, [UInt8]>

    /// `fonts`: the library the renderer reads too (one scan, one set of FreeType faces).
    init(fonts: FontLibrary, cacheBytes: Int) {
        library = fonts
        cache = LRUCache(budget: max(0, cacheBytes))
    }

    convenience init(path: String, cacheBytes: Int) { self.init(fonts: FontLibrary(path: path), cacheBytes: cacheBytes) }

    var path: String { library.path }

    /// The scanned directory (scanned by the first caller).
    var fonts: FontDirectory { library.directory }

    /// The PBF of `range` for the fontstack; nil when the directory has none of its fonts.
    func pbf(fontstack: [String], range: GlyphRange) -> [UInt8]? {
        let key = fontstack.joined(separator: ",") + "|" + range.description
        lock.lock()
        let hit = cache.get(key)
        lock.unlock()
        if let hit { return hit }
        guard let bytes = make(fontstack: fontstack, range: range) else { return nil }
        lock.lock()
        _ = cache.set(key, bytes, cost: bytes.count + key.utf8.count)
        lock.unlock()
        return bytes
    }

    /// The glyph PBF folders of the directory.
    var folders: GlyphFolders { GlyphFolders(root: path) }

    /// Every font name: the PBF folders' and the TTF/OTF fonts', sorted.
    var names: [String] { Array(Set(folders.names).union(fonts.names)).sorted() }

    /// A whole fontstack's folder (`Metropolis Regular,Noto Sans Regular`), else one font's
    /// folder, as stored; else the fonts combined, each font from its folder or, failing
    /// that, made from its TTF/OTF file.
    private func make(fontstack: [String], range: GlyphRange) -> [UInt8]? {
        let folders = self.folders
        if let whole = folders.pbf(fontstack.joined(separator: ","), range: range) { return whole }
        let stored = fontstack.map { folders.pbf($0, range: range) }
        if stored.allSatisfy({ $0 == nil }) { return fonts.pbf(fontstack: fontstack, range: range) }
        if fontstack.count == 1 { return stored[0] }
        var parts: [[SDFGlyph]] = []
        for (name, bytes) in zip(fontstack, stored) {
            if let bytes {
                var warnings: [String] = []
                if let stack = (try? GlyphPBF.decode(bytes, warnings: &warnings))?.first { parts.append(stack.glyphs) }
            } else if let made = fonts.glyphs(fontstack: [name], range: range) {
                parts.append(made)
            }
        }
        return GlyphFolders.combine(parts, name: fontstack.joined(separator: ","), range: range)
    }
}
