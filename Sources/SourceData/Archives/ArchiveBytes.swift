import Foundation

/// Where an archive's bytes come from: a local file read with `pread`, or a remote file read
/// with HTTP range requests through the server's remote store (`pmtiles://https://…`).
protocol ArchiveBytes: Sendable {
    /// The archive's size when known (local files).
    var size: UInt64? { get }
    func read(offset: UInt64, count: Int) throws -> [UInt8]
}

/// A local file; reads use `pread`, so render threads share one descriptor without a lock.
final class FileArchiveBytes: ArchiveBytes, @unchecked Sendable {
    private let fd: Int32
    let size: UInt64?

    init(path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw TileSourceError("archive \"\(path)\" does not exist or is not readable") }
        var st = stat()
        guard fstat(fd, &st) == 0 else { close(fd); throw TileSourceError("cannot stat \"\(path)\"") }
        self.fd = fd
        self.size = UInt64(max(0, st.st_size))
    }

    deinit { close(fd) }

    func read(offset: UInt64, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = out.withUnsafeMutableBytes { buf in
                pread(fd, buf.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw TileSourceError("the archive is shorter than its header says") }
            done += n
        }
        return out
    }
}

/// A remote file read by ranges: each range is a remote resource of its own, keyed
/// `URL#bytes=OFFSET-COUNT` (the fragment never goes on the wire: the fetcher sends it as a
/// `Range` header). Reads within the first 16 KiB come from one range, as PMTiles clients
/// fetch the header and root directory together.
struct RemoteArchiveBytes: ArchiveBytes {
    let url: String
    let directory: DataDirectory
    var size: UInt64? { nil }
    static let head = 16_384

    func read(offset: UInt64, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        let inHead = offset + UInt64(count) <= UInt64(Self.head)
        let start = inHead ? 0 : offset, length = inHead ? Self.head : count
        guard let body = try directory.remoteBytes(Self.rangeKey(url, offset: start, count: length), kind: .tile) else {
            throw TileSourceError("remote archive \(DataDirectory.host(of: url) ?? "?") answered 404")
        }
        let from = Int(offset - start)
        guard body.count >= from + count else {
            throw TileSourceError("remote archive is shorter than its header says")
        }
        return Array(body[from..<(from + count)])
    }

    static func rangeKey(_ url: String, offset: UInt64, count: Int) -> String { "\(url)#bytes=\(offset)-\(count)" }

    /// The URL and byte range of a range key; nil for an ordinary URL.
    public static func range(of key: String) -> (url: String, offset: UInt64, count: Int)? {
        guard let hash = key.range(of: "#bytes=", options: .backwards) else { return nil }
        let parts = key[hash.upperBound...].split(separator: "-")
        guard parts.count == 2, let o = UInt64(parts[0]), let c = Int(parts[1]), c > 0 else { return nil }
        return (String(key[..<hash.lowerBound]), o, c)
    }
}

/// Range keys for the server's fetcher (public, as `RemoteArchiveBytes` is internal).
public enum RemoteRange {
    /// The URL and byte range of a remote resource key; nil for an ordinary URL.
    public static func parse(_ key: String) -> (url: String, offset: UInt64, count: Int)? { RemoteArchiveBytes.range(of: key) }
}
