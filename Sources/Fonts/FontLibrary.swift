import Foundation

/// A fonts directory scanned on first use and then shared by everything that reads it — the
/// renderer's label glyphs and the `/fonts` routes — so its FreeType faces are opened once.
/// Made by whoever owns the server (or a command) and handed to both, instead of a
/// process-wide table of scanned directories.
public final class FontLibrary: @unchecked Sendable {
    public let path: String
    private let lock = NSLock()
    private var scanned: FontDirectory?

    public init(path: String) { self.path = path }

    /// The scanned directory (the first caller scans it; later callers wait for that scan).
    public var directory: FontDirectory {
        lock.lock(); defer { lock.unlock() }
        if let scanned { return scanned }
        let d = FontDirectory(path: path)
        scanned = d
        return d
    }
}
