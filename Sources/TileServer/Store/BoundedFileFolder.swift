import Foundation
import Logging
import NIOConcurrencyHelpers

/// A folder of whole files named by 64 hex digits (a SHA-256), bounded in bytes: the disk
/// caches' common part (`TileDiskCache`, `RemoteDiskCache`). A file is written under a
/// temporary name and renamed, so a crash or a concurrent writer leaves the old file or the new
/// one, never part of one; past the bound the least recently used files go first, down to
/// 90 % of it. The index lives in memory: after a restart files start in the order they were
/// last written. Callers run these methods off the event loops (they touch the disk).
final class BoundedFileFolder: Sendable {
    let directory: String
    let maxBytes: Int
    /// What the folder holds, for log lines ("tile disk cache").
    private let what: String
    private let logger: Logger

    private struct Index {
        /// File name → (bytes, last use).
        var files: [String: (bytes: Int, used: UInt64)] = [:]
        var total = 0
        var clock: UInt64 = 0
    }
    private let index = NIOLockedValueBox(Index())

    /// Creates `directory` if needed and indexes what it holds (deleting leftover temporary
    /// files, and files over the bound). Throws when the directory cannot be created or read.
    init(directory: String, maxBytes: Int, what: String, logger: Logger) throws {
        self.directory = directory
        self.maxBytes = maxBytes
        self.what = what
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
        evictIfNeeded(keeping: nil)
    }

    var usage: (files: Int, bytes: Int) { index.withLockedValue { ($0.files.count, $0.total) } }

    /// Whether the index holds `name` (no disk access).
    func contains(_ name: String) -> Bool { index.withLockedValue { $0.files[name] != nil } }

    /// What `decode` makes of file `name`, which becomes the most recently used; nil when there
    /// is none, and a file `decode` refuses is deleted as damaged. `indexedOnly`: a file the
    /// index does not know (another process wrote it since) is not looked for.
    func read<T>(_ name: String, indexedOnly: Bool = true, decode: ([UInt8]) -> T?) -> T? {
        if indexedOnly, !contains(name) { return nil }
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else { forget(name); return nil }
        guard let value = decode([UInt8](data)) else {
            logger.warning("\(what): removed a damaged file \(name)")
            unlink(path)
            forget(name)
            return nil
        }
        index.withLockedValue { ix in
            ix.clock += 1
            ix.files[name]?.used = ix.clock
        }
        return value
    }

    /// Writes `bytes` as file `name` (replacing it whole), unless they alone exceed the bound,
    /// then removes the least recently used files beyond it.
    func write(_ name: String, _ bytes: [UInt8]) {
        guard bytes.count <= maxBytes else { return }
        let path = directory + "/" + name
        let temp = path + "." + String(UInt32.random(in: .min ... .max), radix: 16) + ".tmp"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temp))
            guard rename(temp, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(temp)
            logger.warning("\(what): cannot write \(name): \(error)")
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
        for name in victims { unlink(directory + "/" + name) }
    }

    private func forget(_ name: String) {
        index.withLockedValue { ix in
            if let f = ix.files.removeValue(forKey: name) { ix.total -= f.bytes }
        }
    }
}
