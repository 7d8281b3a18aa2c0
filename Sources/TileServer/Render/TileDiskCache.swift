import Crypto
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Rendered tiles kept on disk (`tileCacheDir`) behind the memory cache, so a restarted server
/// answers a tile it drew before without drawing it. Keys are content keys (style render hash,
/// tile, scale, format), so an entry never goes stale; the file name is the SHA-256 of the key
/// and of this binary's identity (an upgraded renderer starts afresh). A file holds the key and
/// a checksum, and is written under a temporary name and renamed, so a crash or a concurrent
/// writer leaves a whole file or none, and a damaged one is deleted when read. Bounded by
/// `maxBytes`, least recently used files removed first (the order by modification time after a
/// restart). All file I/O runs on the cache's own threads, never on an event loop.
public final class TileDiskCache: Sendable {
    let directory: String
    let maxBytes: Int
    private let salt: String
    private let pool: NIOThreadPool
    private let logger = Logger(label: "strata.tiles.disk")
    private struct Index {
        var files: [String: (bytes: Int, used: UInt64)] = [:]
        var total = 0
        var clock: UInt64 = 0
    }
    private let index = NIOLockedValueBox(Index())
    private static let magic = Array("STRTILE1".utf8)

    /// Creates `directory` if needed and indexes it (deleting leftover temporary files).
    public init(directory: String, maxBytes: Int, threads: Int = 2) throws {
        self.directory = directory
        self.maxBytes = maxBytes
        salt = Self.binaryIdentity()
        let fm = FileManager.default
        try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var found: [(name: String, bytes: Int, modified: Date)] = []
        for name in try fm.contentsOfDirectory(atPath: directory) {
            let path = directory + "/" + name
            if name.hasSuffix(".tmp") { try? fm.removeItem(atPath: path); continue }
            guard name.count == 64, let a = try? fm.attributesOfItem(atPath: path), a[.type] as? FileAttributeType == .typeRegular else { continue }
            found.append((name, (a[.size] as? Int) ?? 0, (a[.modificationDate] as? Date) ?? .distantPast))
        }
        index.withLockedValue { ix in
            for f in found.sorted(by: { $0.modified < $1.modified }) {
                ix.clock += 1; ix.files[f.name] = (f.bytes, ix.clock); ix.total += f.bytes
            }
        }
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
        evictIfNeeded(keeping: nil)
    }

    /// The cache `config` names (nil without `tileCacheDir`); a folder that cannot be created or
    /// read is a configuration error naming the key.
    public static func configured(_ config: ServerConfig) throws -> TileDiskCache? {
        guard !config.tileCacheDir.isEmpty else { return nil }
        do { return try TileDiskCache(directory: config.tileCacheDir, maxBytes: config.tileCacheDirBytes) } catch {
            throw ConfigError(file: "config", message: "/tileCacheDir: cannot use \(config.tileCacheDir) as a folder: \(error.localizedDescription)")
        }
    }

    public var usage: (files: Int, bytes: Int) { index.withLockedValue { ($0.files.count, $0.total) } }

    /// The tile saved for `key`, read off the event loop; nil when none (or damaged).
    func load(_ key: String, on loop: any EventLoop) -> EventLoopFuture<[UInt8]?> {
        guard index.withLockedValue({ $0.files[name(key)] != nil }) else { return loop.makeSucceededFuture(nil) }
        return pool.runIfActive(eventLoop: loop) { self.loadNow(key) }.recover { _ in nil }
    }

    /// Saves `bytes` for `key` on the cache's threads (the caller does not wait).
    func save(_ key: String, _ bytes: [UInt8]) {
        pool.submit { _ in self.saveNow(key, bytes) }
    }

    public func shutdown() { try? pool.syncShutdownGracefully() }

    func name(_ key: String) -> String {
        SHA256.hash(data: Array((salt + "\n" + key).utf8)).map { String(format: "%02x", $0) }.joined()
    }

    func loadNow(_ key: String) -> [UInt8]? {
        let name = name(key), path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else { forget(name); return nil }
        guard let bytes = Self.decode([UInt8](data), key: key) else {
            logger.warning("tile disk cache: removed a damaged file \(name)")
            unlink(path); forget(name)
            return nil
        }
        index.withLockedValue { ix in ix.clock += 1; ix.files[name]?.used = ix.clock }
        return bytes
    }

    func saveNow(_ key: String, _ bytes: [UInt8]) {
        let name = name(key), path = directory + "/" + name
        let file = Self.encode(key, bytes)
        guard file.count <= maxBytes else { return }
        let temp = path + "." + String(UInt32.random(in: .min ... .max), radix: 16) + ".tmp"
        do {
            try Data(file).write(to: URL(fileURLWithPath: temp))
            guard rename(temp, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(temp)
            logger.warning("tile disk cache: cannot write \(name): \(error)")
            return
        }
        index.withLockedValue { ix in
            ix.clock += 1
            ix.total += file.count - (ix.files[name]?.bytes ?? 0)
            ix.files[name] = (file.count, ix.clock)
        }
        evictIfNeeded(keeping: name)
    }

    /// magic, key length, key, tile bytes, FNV-1a 64 of key and bytes.
    static func encode(_ key: String, _ bytes: [UInt8]) -> [UInt8] {
        let k = Array(key.utf8)
        var out = magic
        withUnsafeBytes(of: UInt32(k.count).littleEndian) { out += $0 }
        out += k; out += bytes
        withUnsafeBytes(of: checksum(k, bytes).littleEndian) { out += $0 }
        return out
    }

    static func decode(_ file: [UInt8], key: String) -> [UInt8]? {
        let k = Array(key.utf8)
        let head = magic.count + 4
        guard file.count >= head + k.count + 8, Array(file[0..<magic.count]) == magic else { return nil }
        let n = file[magic.count..<head].reversed().reduce(0) { $0 << 8 | Int($1) }
        guard n == k.count, Array(file[head..<head + n]) == k else { return nil }
        let bytes = Array(file[(head + n)..<(file.count - 8)])
        let sum = file[(file.count - 8)...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return sum == checksum(k, bytes) ? bytes : nil
    }

    static func checksum(_ a: [UInt8], _ b: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for byte in a { h = (h ^ UInt64(byte)) &* 0x100000001b3 }
        for byte in b { h = (h ^ UInt64(byte)) &* 0x100000001b3 }
        return h
    }

    /// This executable's size and modification time: a rebuilt renderer may draw other pixels.
    static func binaryIdentity() -> String {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return "unknown" }
        return "\(st.st_size)-\(st.st_mtim.tv_sec)-\(st.st_mtim.tv_nsec)"
    }

    /// Over the bound: deletes the least recently used files down to 90 % of it.
    private func evictIfNeeded(keeping kept: String?) {
        let victims = index.withLockedValue { ix -> [String] in
            guard ix.total > maxBytes else { return [] }
            var out: [String] = []
            for (name, file) in ix.files.sorted(by: { $0.value.used < $1.value.used }) where name != kept {
                guard ix.total > maxBytes / 10 * 9 else { break }
                ix.total -= file.bytes; ix.files[name] = nil; out.append(name)
            }
            return out
        }
        for name in victims { unlink(directory + "/" + name) }
    }

    private func forget(_ name: String) {
        index.withLockedValue { ix in if let f = ix.files.removeValue(forKey: name) { ix.total -= f.bytes } }
    }
}
