import Crypto
import Foundation

/// One remote body as a file of the disk cache: a magic line, a JSON header line (the URL's
/// SHA-256, validators, freshness, version, body length), then the body. Reading checks every
/// part, the length and the body's digest against the version, so a partial or corrupt file is
/// recognised (and thrown away) rather than served.
enum RemoteDiskFormat {
    static let magic = Array("STRATA-REMOTE 1\n".utf8)

    private struct Header: Codable {
        /// SHA-256 of the URL (never the URL: keys may live in its query).
        var key: String
        var etag: String?
        var lastModified: String?
        var freshUntil: Double
        var strict: Bool
        /// Hexadecimal: JSON numbers lose 64-bit integers.
        var version: String
        var absent: Bool
        var length: Int
    }

    /// The file name of `url`: its SHA-256 in hexadecimal.
    static func key(_ url: String) -> String {
        SHA256.hash(data: Array(url.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static func encode(_ url: String, _ e: RemoteStore.Entry) throws -> [UInt8] {
        let header = Header(key: key(url), etag: e.etag, lastModified: e.lastModified, freshUntil: e.freshUntil,
                            strict: e.strict, version: String(e.version, radix: 16), absent: e.body == nil, length: e.body?.count ?? 0)
        var out = magic
        out += Array(try JSONEncoder().encode(header))
        out.append(UInt8(ascii: "\n"))
        out += e.body ?? []
        return out
    }

    /// The entry in `bytes`, nil when the file is not a whole, intact entry for `url`.
    static func decode(_ bytes: [UInt8], url: String) -> RemoteStore.Entry? {
        guard bytes.count > magic.count, Array(bytes[..<magic.count]) == magic,
              let newline = bytes[magic.count...].firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[magic.count..<newline])),
              header.key == key(url), let version = UInt64(header.version, radix: 16),
              bytes.count - newline - 1 == header.length, !(header.absent && header.length > 0) else { return nil }
        let body: [UInt8]? = header.absent ? nil : Array(bytes[(newline + 1)...])
        guard RemoteStore.contentVersion(body) == version else { return nil }
        return RemoteStore.Entry(body: body, etag: header.etag, lastModified: header.lastModified,
                                 freshUntil: header.freshUntil, strict: header.strict, version: version)
    }
}
