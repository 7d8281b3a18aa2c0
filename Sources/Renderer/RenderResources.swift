import Foundation
import JSON
import SourceData
import StyleSpec

/// Data a render needs beyond the style: parsed source data, shared by every session and
/// render thread and keyed by content, so equal data is parsed and indexed once.
public final class RenderResources: @unchecked Sendable {
    /// Root that relative URLs in styles resolve inside (nil: only inline data).
    public let dataDirectory: URL?
    private let lock = NSLock()
    private var geojson: [String: GeoJSONSource] = [:]
    private var order: [String] = []
    private let maxSources: Int

    public init(dataDirectory: URL?, maxCachedSources: Int = 64) {
        self.dataDirectory = dataDirectory
        self.maxSources = max(1, maxCachedSources)
    }

    /// The parsed, indexed data of a GeoJSON source (inline or a file in the data directory).
    /// Unreadable data renders as an empty source: a style stays drawable when one file is bad.
    func geoJSON(_ spec: SourceSpec) -> GeoJSONSource? {
        guard spec.type == .geojson, let data = spec.geojsonData else { return nil }
        let key = spec.contentHash.hex
        lock.lock()
        if let hit = geojson[key] { lock.unlock(); return hit }
        lock.unlock()
        let options = GeoJSONOptions(source: .object(spec.json))
        let parsed: GeoJSONSource?
        switch data {
        case .inline(let json):
            parsed = try? GeoJSONSource.parse(json, options: options)
        case .url(let url):
            parsed = loadFile(url).flatMap { try? GeoJSONSource.parse($0, options: options) }
        }
        guard let parsed else { return nil }
        lock.lock()
        if geojson[key] == nil {
            geojson[key] = parsed
            order.append(key)
            if order.count > maxSources { geojson[order.removeFirst()] = nil }
        }
        lock.unlock()
        return parsed
    }

    /// Reads a relative path inside the data directory; anything that would leave it is refused.
    private func loadFile(_ url: String) -> JSONValue? {
        guard let root = dataDirectory, let file = DataPath.resolve(url, in: root),
              let bytes = FileManager.default.contents(atPath: file.path) else { return nil }
        return try? JSONParser.parse(bytes)
    }
}

/// Minimal containment check for relative data paths (the style validator and the server
/// refuse hostile paths with a 400 first; this guards the read itself).
enum DataPath {
    static func resolve(_ relative: String, in root: URL) -> URL? {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\0"),
              !relative.contains("://") else { return nil }
        let parts = relative.split(separator: "/")
        guard !parts.contains("..") else { return nil }
        let base = root.standardizedFileURL.resolvingSymlinksInPath()
        let file = base.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        guard file.path.hasPrefix(base.path + "/") else { return nil }
        return file
    }
}
