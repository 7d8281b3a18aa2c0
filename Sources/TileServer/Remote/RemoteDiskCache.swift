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
    let directory: String
    let maxBytes: Int
    private let pool: NIOThreadPool
    private let logger: Logger

    private struct Index {
        /// File name → (bytes, last use): the LRU order survives in memory only; after a
        /// restart, files start in the order they were last written.
        var files: [String: (bytes: Int, used: UInt64)] = [:]
        var total = 0
        var clock: UInt64 = 0
    }
    private let index = NIOLockedValueBox(Index())
    /// Saves submitted and not written yet (shutdown waits for them).
    private let saving = DispatchGroup()

    /// Creates `directory` if needed and indexes what it holds (deleting leftover temporary
    /// files). Throws when the directory cannot be created or read.
    public init(directory: String, maxBytes: Int, threads: Int = 1, logger: Logger = Logger(label: "strata.remote.disk")) throws {
        self.directory = directory
        self.maxBytes = maxBytes
        self.logger = logger
        let fm = FileManager.default
        try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var found: [(name: String, bytes: Int, modified: Date)] = []
        for name in try fm.contentsOfDirectory(atPath: directory) {
            let path = directory + "/" + name
            if name.hasSuffix(".tmp") { try? fm.removeItem(atPath: path); continue }
            guard name.count == 64, let attributes = try? fm.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            found.append((name, (attributes[.size] as? Int) ?? 0, (attributes[.modificationDate] as? Date) ?? .distantPast))
        }
        index.withLockedValue { ix in
            for f in found.sorted(by: { $0.modified < $1.modified }) {
                ix.clock += 1
                ix.files[f.name] = (f.bytes, ix.clock)
                ix.total += f.bytes
            }
        }
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
        evictIfNeeded(keeping: nil)
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

    var usage: (files: Int, bytes: Int) { index.withLockedValue { ($0.files.count, $0.total) } }

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
        let name = RemoteDiskFormat.key(url)
        guard index.withLockedValue({ $0.files[name] != nil }) else { return nil }
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else { forget(name); return nil }
        guard let entry = RemoteDiskFormat.decode(Array(data), url: url) else {
            logger.warning("remote disk cache: removed a damaged file \(name)")
            try? FileManager.default.removeItem(atPath: path)
            forget(name)
            return nil
        }
        index.withLockedValue { ix in
            ix.clock += 1
            ix.files[name]?.used = ix.clock
        }
        return entry
    }

    func saveNow(_ url: String, _ entry: RemoteStore.Entry) {
        let name = RemoteDiskFormat.key(url)
        guard let bytes = try? RemoteDiskFormat.encode(url, entry), bytes.count <= maxBytes else { return }
        let path = directory + "/" + name
        let temp = path + "." + String(UInt32.random(in: .min ... .max), radix: 16) + ".tmp"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temp))
            guard rename(temp, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            logger.warning("remote disk cache: cannot write \(name): \(error)")
            return
        }
        index.withLockedValue { ix in
            ix.clock += 1
            ix.total += bytes.count - (ix.files[name]?.bytes ?? 0)
            ix.files[name] = (bytes.count, ix.clock)
        }
        evictIfNeeded(keeping: name)
    }

    /// Over the bound: deletes the least recently used files down to 90 % of it.
    private func evictIfNeeded(keeping kept: String?) {
        let victims = index.withLockedValue { ix -> [String] in
            guard ix.total > maxBytes else { return [] }
            var out: [String] = []
            for (name, file) in ix.files.sorted(by: { $0.value.used < $1.value.used }) where name != kept {
                guard ix.total > maxBytes / 10 * 9 else { break }
                ix.total -= file.bytes
                ix.files[name] = nil
                out.append(name)
            }
            return out
        }
        for name in victims { try? FileManager.default.removeItem(atPath: directory + "/" + name) }
    }

    private func forget(_ name: String) {
        index.withLockedValue { ix in
            if let f = ix.files.removeValue(forKey: name) { ix.total -= f.bytes }
        }
    }
}
