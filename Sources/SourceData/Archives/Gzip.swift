import CZlib

/// gzip compression (zlib's deflate through the `CZlib` shim): what PMTiles writers use for
/// their directories and metadata, the twin of `Inflate`.
public enum Gzip {
    /// One gzip member holding `bytes`, deflated at `level` (0–9; 9 is smallest: directories
    /// are written once and read many times).
    public static func compress(_ bytes: [UInt8], level: Int = 9) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        let status = bytes.withUnsafeBufferPointer { src in
            strata_gzip(src.baseAddress, src.count, Int32(max(0, min(9, level))), &out, &count)
        }
        defer { strata_deflate_free(out) }
        guard status == STRATA_INFLATE_OK, let out else {
            throw InflateError(message: status == STRATA_INFLATE_TOO_LARGE ? "data over 1 GiB cannot be gzipped in one piece"
                                                                           : "gzip compression failed (out of memory)")
        }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }
}
