/// The fixed 127-byte header of a PMTiles v3 archive.
struct PMTilesHeader: Sendable, Equatable {
    enum Compression: UInt8, Sendable { case unknown = 0, none = 1, gzip = 2, brotli = 3, zstd = 4 }
    enum TileType: UInt8, Sendable { case unknown = 0, mvt = 1, png = 2, jpeg = 3, webp = 4, avif = 5 }

    static let length = 127

    var rootOffset: UInt64, rootLength: UInt64
    var metadataOffset: UInt64, metadataLength: UInt64
    var leafOffset: UInt64, leafLength: UInt64
    var dataOffset: UInt64, dataLength: UInt64
    var internalCompression: Compression
    var tileCompression: Compression
    var tileType: TileType
    var minZoom: Int, maxZoom: Int
    /// Degrees: west, south, east, north.
    var bounds: [Double]

    /// Reads the header; throws unless the magic, version and fields make sense for a file
    /// of `fileSize` bytes (nil for a remote file of unknown size: reads past its end fail).
    init(_ b: [UInt8], fileSize: UInt64?) throws {
        let fileSize = fileSize ?? UInt64.max
        guard b.count >= Self.length else { throw TileSourceError("PMTiles header is truncated (\(b.count) bytes)") }
        guard Array(b[0..<7]) == Array("PMTiles".utf8) else { throw TileSourceError("not a PMTiles archive (bad magic)") }
        guard b[7] == 3 else { throw TileSourceError("PMTiles version \(b[7]) is not supported (only v3)") }
        func u64(_ o: Int) -> UInt64 { (0..<8).reduce(UInt64(0)) { $0 | UInt64(b[o + $1]) << (8 * UInt64($1)) } }
        func i32(_ o: Int) -> Int32 { Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[o + $1]) << (8 * UInt32($1)) }) }
        rootOffset = u64(8); rootLength = u64(16)
        metadataOffset = u64(24); metadataLength = u64(32)
        leafOffset = u64(40); leafLength = u64(48)
        dataOffset = u64(56); dataLength = u64(64)
        guard let ic = Compression(rawValue: b[97]), let tc = Compression(rawValue: b[98]) else {
            throw TileSourceError("PMTiles header names an unknown compression (\(b[97]), \(b[98]))")
        }
        internalCompression = ic; tileCompression = tc
        tileType = TileType(rawValue: b[99]) ?? .unknown
        minZoom = Int(b[100]); maxZoom = Int(b[101])
        bounds = [Double(i32(102)) / 1e7, Double(i32(106)) / 1e7, Double(i32(110)) / 1e7, Double(i32(114)) / 1e7]
        for (name, offset, length) in [("root directory", rootOffset, rootLength), ("metadata", metadataOffset, metadataLength),
                                       ("leaf directories", leafOffset, leafLength), ("tile data", dataOffset, dataLength)] {
            guard offset <= fileSize, length <= fileSize - offset else {
                throw TileSourceError("PMTiles \(name) section (\(offset)+\(length)) lies beyond the file's \(fileSize) bytes")
            }
        }
        guard rootLength > 0 else { throw TileSourceError("PMTiles root directory is empty") }
        guard internalCompression == .none || internalCompression == .gzip || internalCompression == .unknown else {
            throw TileSourceError("PMTiles internal compression \(internalCompression) is not supported (only none and gzip)")
        }
    }

    /// The tile format name as MBTiles' `format` says it.
    var formatName: String? {
        switch tileType {
        case .mvt: return "pbf"
        case .png: return "png"
        case .jpeg: return "jpg"
        case .webp: return "webp"
        case .avif: return "avif"
        case .unknown: return nil
        }
    }
}
