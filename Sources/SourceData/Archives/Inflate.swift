import CZlib

/// Why compressed bytes could not be inflated.
public struct InflateError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// gzip / zlib decompression (zlib's inflate through the `CZlib` shim). MBTiles stores vector
/// tiles gzipped, PMTiles may compress tiles and directories, and tile files on disk are
/// sometimes gzipped too.
public enum Inflate {
    /// Largest output accepted by default: far above any real tile, low enough that a
    /// decompression bomb cannot exhaust memory.
    public static let defaultLimit = 64 << 20

    /// True when `bytes` start with the gzip magic number (1f 8b).
    @inline(__always)
    public static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// True for a zlib header (deflate, window ≤ 32K, header checksum valid).
    public static func isZlib(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        let cmf = UInt16(bytes[0]), flg = UInt16(bytes[1])
        return cmf & 0x0F == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0
    }

    /// Inflates a gzip or zlib stream. Throws for corrupt or truncated input and for output
    /// beyond `limit` bytes.
    public static func inflate(_ bytes: [UInt8], limit: Int = defaultLimit) throws -> [UInt8] {
        guard !bytes.isEmpty else { throw InflateError(message: "compressed data is empty") }
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        let status = bytes.withUnsafeBufferPointer { src in
            strata_inflate(src.baseAddress, src.count, max(0, limit), &out, &count)
        }
        defer { strata_inflate_free(out) }
        switch status {
        case STRATA_INFLATE_OK:
            guard let out else { return [] }
            return Array(UnsafeBufferPointer(start: out, count: count))
        case STRATA_INFLATE_TOO_LARGE:
            throw InflateError(message: "compressed data inflates to more than \(limit) bytes")
        case STRATA_INFLATE_NO_MEMORY:
            throw InflateError(message: "out of memory while inflating")
        default:
            throw InflateError(message: "compressed data is corrupt or truncated")
        }
    }

    /// The bytes as they are, or inflated when they carry a gzip header.
    public static func gunzipIfNeeded(_ bytes: [UInt8], limit: Int = defaultLimit) throws -> [UInt8] {
        isGzip(bytes) ? try inflate(bytes, limit: limit) : bytes
    }
}
