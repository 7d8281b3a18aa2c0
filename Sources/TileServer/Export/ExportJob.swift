import Foundation
import Geo
import ImageCodec
import SourceData

/// Where an export goes, chosen by the output's name: `*.pmtiles`, `*.mbtiles`, else a folder
/// of `z/x/y.ext` files.
public enum ExportTarget: Sendable, Equatable {
    case pmtiles(String), mbtiles(String), folder(String)

    public init(out: String) {
        var path = out
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path.lowercased().hasSuffix(".pmtiles") { self = .pmtiles(path) }
        else if path.lowercased().hasSuffix(".mbtiles") { self = .mbtiles(path) }
        else { self = .folder(path) }
    }

    public var path: String {
        switch self { case .pmtiles(let p), .mbtiles(let p), .folder(let p): return p }
    }

    var kind: String {
        switch self { case .pmtiles: return "pmtiles"; case .mbtiles: return "mbtiles"; case .folder: return "folder" }
    }

    /// The journal of finished tiles, next to the output.
    public var journalPath: String { path + ".journal" }
}

/// One export: a style's tiles over an area and zoom range, in one format and size, to one
/// target. The same value drives `strata export` and (later) the server's export jobs.
public struct ExportJob: Sendable {
    public var style: LiveStyle
    /// Recorded as the tileset's name.
    public var name: String
    public var area: ExportArea
    public var zooms: ClosedRange<Int>
    /// CSS size (256 or 512) and integer pixel ratio, as `/tiles/512/…@2x`.
    public var tileSize: Int
    public var scale: Int
    public var output: ImageOutput
    public var target: ExportTarget
    public var threads: Int
    /// The sources' attribution, recorded in the archive's metadata.
    public var attribution: String?
    /// What the data looked like (`dataVersion(of:)`): a resumed export must draw the same data.
    public var dataVersion = ""

    public init(style: LiveStyle, name: String, area: ExportArea, zooms: ClosedRange<Int>, tileSize: Int = 256, scale: Int = 1,
                output: ImageOutput = .png, target: ExportTarget, threads: Int = 1, attribution: String? = nil) {
        self.style = style; self.name = name; self.area = area; self.zooms = zooms
        self.tileSize = tileSize; self.scale = scale; self.output = output; self.target = target
        self.threads = threads; self.attribution = attribution
    }

    /// Most tiles one export lists (its queue and journal index are held in memory).
    public static let maxTiles = 20_000_000

    /// Every tile of the area at every zoom, zoom by zoom.
    public var tiles: [TileID] { zooms.flatMap { area.tiles(zoom: $0) } }

    /// What must match for a journal to be resumed: anything that changes which tiles exist or
    /// their bytes.
    var fingerprint: [String: String] {
        ["style": style.renderHash, "area": area.fingerprint, "zooms": "\(zooms.lowerBound)-\(zooms.upperBound)",
         "tile": TileRequest(z: 0, x: 0, y: 0, tileSize: tileSize, scale: scale, output: output).cacheKey, "target": target.kind,
         "data": dataVersion]
    }

    /// The archive's self-description.
    var description: TilesetDescription {
        let b = area.bounds
        func micro(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
        let center = (lon: micro((b[0] + b[2]) / 2), lat: micro((b[1] + b[3]) / 2), zoom: (zooms.lowerBound + zooms.upperBound) / 2)
        return TilesetDescription(name: name, format: output.fileExtension, bounds: b, center: center, minZoom: zooms.lowerBound,
                                  maxZoom: zooms.upperBound, attribution: attribution, tileSize: tileSize, pixelRatio: scale)
    }

    /// What a style's sources, sprites and glyphs read from the data directory.
    static let dataExtensions: Set<String> = ["geojson", "json", "mbtiles", "pmtiles", "pbf", "png", "jpg", "jpeg", "webp"]

    /// The size and modification time of every data file directly in the data directory
    /// (`dataExtensions`: not the session store living there) and of each configured archive,
    /// hashed: an edited GeoJSON file or a replaced archive changes it. The export's own files
    /// (`output`, its journal and temporary file) do not count.
    public static func dataVersion(root: String, archives: [String: String], output: String = "") -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).map { root + "/" + $0 }
        let own = output.isEmpty ? nil : URL(fileURLWithPath: output).standardizedFileURL.path
        let data = names.filter { dataExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
        let paths = Set(data + archives.values).sorted().filter { p in
            own.map { !URL(fileURLWithPath: p).standardizedFileURL.path.hasPrefix($0) } ?? true
        }
        let stamps = paths.compactMap { path -> String? in
            var st = stat()
            guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
            return "\(path):\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
        }
        return StableHash.hex(stamps.joined(separator: "\n"))
    }

    /// A request for `tile` in this job's size and format, as the `/tiles` route makes it.
    func request(_ tile: TileID) -> TileRequest { TileRequest(id: tile, tileSize: tileSize, scale: scale, output: output) }

    /// Checks the options a caller may get wrong (the CLI and the routes report these).
    public func validate() throws {
        guard tileSize == 256 || tileSize == 512 else { throw ExportError("tile size must be 256 or 512 (got \(tileSize))") }
        guard (1...4).contains(scale) else { throw ExportError("ratio must be 1 to 4 (got \(scale))") }
        guard zooms.lowerBound >= 0, zooms.upperBound <= TileRequest.maxZoom else {
            throw ExportError("zooms must lie in 0-\(TileRequest.maxZoom) (got \(zooms.lowerBound)-\(zooms.upperBound))")
        }
        let count = zooms.reduce(0) { $0 + area.boundsTileCount(zoom: $1) }
        guard count <= Self.maxTiles else {
            throw ExportError("the area holds \(count) tiles at zooms \(zooms.lowerBound)-\(zooms.upperBound), more than one export takes (\(Self.maxTiles)): split it by zoom or area")
        }
        guard (1...256).contains(threads) else { throw ExportError("threads must be 1 to 256 (got \(threads))") }
    }
}

extension ImageOutput {
    /// The output an export names: `png`, `webp` or `jpg`/`jpeg` and an optional quality, checked
    /// as a tile URL's extension and `quality` are.
    public static func export(format: String, quality: Int?, jpegBackground: JPEGEncoder.Background) throws -> ImageOutput {
        guard extensions.contains(format) else { throw InvalidRequest("format must be png, webp or jpg (got \"\(format)\")", code: "invalid_format") }
        return try parse(ext: format, quality: quality.map(String.init), jpegBackground: jpegBackground)
    }
}
