import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix

/// Remote bodies kept on disk (`remoteCacheDir`), so a restart neither refetches everything nor
/// loses the stale copies that serve while an upstream is down. One file per URL, named by the
/// URL's SHA-256 (keys in queries never reach a file name), written to a temporary file and
/// renamed (a crash leaves the old file or none), bounded by `maxBytes` with least-recently-used
/// files removed first. Files that do not read back whole are deleted. All file I/O runs on the
/// cache's own threads, never on an event loop (the folder is indexed once, at start-up).
public final class RemoteDiskCache: Sendable {
    private let folder: BoundedFileFolder
    private let pool: NIOThreadPool
    /// Saves submitted and not written yet (shutdown waits for them).
    private let saving = DispatchGroup()

    var directory: String { folder.directory }
    var maxBytes: Int { folder.maxBytes }

    /// Creates `directory` if needed and indexes what it holds (deleting leftover temporary
    /// files). Throws when the directory cannot be created or read.
    public init(directory: String, maxBytes: Int, threads: Int = 1, logger: Logger = Logger(label: "strata.remote.disk")) throws {
        folder = try BoundedFileFolder(directory: directory, maxBytes: maxBytes, what: "remote disk cache", logger: logger)
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
    }

    /// The disk cache `settings` name (nil: none); a folder that cannot be created or read is
    /// a configuration error naming `remoteCacheDir`.
    public static func configured(_ settings: RemoteSettings, configFile: String) throws -> RemoteDiskCache? {
        guard !settings.cacheDir.isEmpty else { return nil }
        do {
            return try RemoteDiskCache(directory: settings.cacheDir, maxBytes: settings.cacheDirBytes)
        } catch {
            throw ConfigError(file: configFile, message: "/remoteCacheDir: cannot use \(settings.cacheDir) as a folder: \(error.localizedDescription)")
        }
    }

    var usage: (files: Int, bytes: Int) { folder.usage }

    /// The saved entry of `url`, read on the cache's threads; nil when none is saved or the
    /// file is damaged (then it is deleted).
    func load(_ url: String) async -> RemoteStore.Entry? {
        (try? await pool.runIfActive { self.loadNow(url) }) ?? nil
    }

    /// Saves `entry` for `url` on the cache's threads (the caller does not wait). A save still
    /// queued at shutdown is written all the same (the pool hands it over as cancelled).
    func save(_ url: String, _ entry: RemoteStore.Entry) {
        saving.enter()
        pool.submit { _ in
            self.saveNow(url, entry)
            self.saving.leave()
        }
    }

    /// Waits for the saves under way, then stops the cache's threads.
    func shutdown() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            saving.notify(queue: .global()) { done.resume() }
        }
        try? await pool.shutdownGracefully()
    }

    func loadNow(_ url: String) -> RemoteStore.Entry? {
        folder.read(RemoteDiskFormat.key(url)) { RemoteDiskFormat.decode($0, url: url) }
    }

    func saveNow(_ url: String, _ entry: RemoteStore.Entry) {
        guard let bytes = try? RemoteDiskFormat.encode(url, entry) else { return }
        folder.write(RemoteDiskFormat.key(url), bytes)
    }
}
