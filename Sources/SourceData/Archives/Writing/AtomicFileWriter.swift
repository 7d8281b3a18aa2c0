import Foundation

/// A file written under a temporary name and renamed over its final path only when complete
/// and on disk (fsync of the file, then of its folder): a reader, or a run after a crash, sees
/// the old file or the whole new one, never half of it. Writes are buffered.
public final class AtomicFileWriter {
    public let path: String
    public let temporaryPath: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    /// fsync on commit (off for many small files that the caller syncs at once afterwards).
    private let sync: Bool
    private static let flushBytes = 1 << 20

    /// Creates (or truncates) `path` + ".tmp"; a temporary file left by a crash is overwritten.
    public init(path: String, sync: Bool = true) throws {
        self.path = path
        self.sync = sync
        temporaryPath = path + ".tmp"
        fd = open(temporaryPath, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ArchiveWriteError("cannot create \(temporaryPath): \(String(cString: strerror(errno)))") }
        buffer.reserveCapacity(Self.flushBytes)
    }

    deinit { if fd >= 0 { close(fd); unlink(temporaryPath) } }

    public func write(_ bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= Self.flushBytes { try flush() }
    }

    private func flush() throws {
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw ArchiveWriteError("cannot write \(temporaryPath): \(String(cString: strerror(errno)))") }
            done += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs and renames the file into place, then syncs its folder (the rename).
    public func commit() throws {
        try flush()
        guard !sync || fsync(fd) == 0 else { throw ArchiveWriteError("cannot sync \(temporaryPath): \(String(cString: strerror(errno)))") }
        close(fd); fd = -1
        guard rename(temporaryPath, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw ArchiveWriteError("cannot rename \(temporaryPath) to \(path): \(why)")
        }
        if sync { Self.syncFolder(of: path) }
    }

    /// fsync of the folder holding `path`, so a rename or unlink in it survives a crash.
    public static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let dfd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }
}
