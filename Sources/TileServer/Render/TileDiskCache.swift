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
    private let folder: BoundedFileFolder
    private let salt: String
    private let pool: NIOThreadPool
    private static let magic = Array("STRTILE1".utf8)

    var directory: String { folder.directory }
    var maxBytes: Int { folder.maxBytes }

    /// Creates `directory` if needed and indexes it (deleting leftover temporary files).
    public init(directory: String, maxBytes: Int, threads: Int = 2) throws {
        folder = try BoundedFileFolder(directory: directory, maxBytes: maxBytes, what: "tile disk cache",
                                       logger: Logger(label: "strata.tiles.disk"))
        salt = Self.binaryIdentity()
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
    }

    /// The cache `config` names (nil without `tileCacheDir`); a folder that cannot be created or
    /// read is a configuration error naming the key.
    public static func configured(_ config: ServerConfig) throws -> TileDiskCache? {
        guard !config.tileCacheDir.isEmpty else { return nil }
        do { return try TileDiskCache(directory: config.tileCacheDir, maxBytes: config.tileCacheDirBytes) } catch {
            throw ConfigError(file: "config", message: "/tileCacheDir: cannot use \(config.tileCacheDir) as a folder: \(error.localizedDescription)")
        }
    }

    public var usage: (files: Int, bytes: Int) { folder.usage }

    /// The tile saved for `key`, read off the event loop; nil when none (or damaged).
    func load(_ key: String, on loop: any EventLoop) -> EventLoopFuture<[UInt8]?> {
        guard folder.contains(name(key)) else { return loop.makeSucceededFuture(nil) }
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
        folder.read(name(key), indexedOnly: false) { Self.decode($0, key: key) }
    }

    func saveNow(_ key: String, _ bytes: [UInt8]) {
        folder.write(name(key), Self.encode(key, bytes))
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
}
