import ArgumentParser
import Foundation
import Geo
import JSON
import PNGCodec
import Raster
import Renderer
import SourceData
import StyleSpec

/// `strata render`: one tile or view of a style to a PNG file, without a server.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a tile (--tile z/x/y) or a view (--view lon,lat,zoom[,bearing[,pitch]]) of a style to PNG.")

    @Option(help: "Style JSON file.") var style: String = "config/styles/default.json"
    @Option(help: "Data directory for relative source URLs.") var dataDir: String = "config/data"
    @Option(help: "Fonts for labels whose style has no glyph PBFs (TTF/OTF, searched recursively; \"\" for none).")
    var fontsDir: String = "/usr/share/fonts/truetype/noto"
    @Option(help: "Tile z/x/y (256 px; style zoom z-1).") var tile: String?
    @Option(help: "Tile size for --tile: 256 or 512.") var tileSize: Int = 256
    @Option(help: "View lon,lat,zoom[,bearing[,pitch]] (MapLibre zoom).") var view: String?
    @Option(help: "View size WxH in CSS px.") var size: String = "512x512"
    @Option(help: "Pixel ratio.") var ratio: Double = 1
    @Option(name: .shortAndLong, help: "Output PNG path.") var output: String = "out.png"
    @Option(help: "Archive for mbtiles://NAME / pmtiles://NAME as NAME=PATH (repeatable; *.mbtiles and *.pmtiles in the data directory are found by name).")
    var archive: [String] = []

    func run() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: style))
        let json = try JSONParser.parse([UInt8](bytes))
        let parsed: Style
        let customLayers = CustomLayerRegistry.standard()
        switch Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes, customLayers: customLayers) {
        case .success(let r):
            parsed = r.0
            for w in r.warnings { FileHandle.standardError.write(Data("warning: \(w)\n".utf8)) }
        case .failure(let errors):
            throw ValidationError(errors.map(\.description).joined(separator: "\n"))
        }
        let camera: Camera
        if let tile {
            let p = tile.split(separator: "/").compactMap { Int($0) }
            guard p.count == 3, let id = TileID(z: p[0], x: p[1], y: p[2]) else { throw ValidationError("bad --tile \(tile)") }
            camera = .tile(id, tileSize: tileSize, pixelRatio: max(1, Int(ratio)))
        } else if let view {
            let v = view.split(separator: ",").compactMap { Double($0) }
            let s = size.split(separator: "x").compactMap { Int($0) }
            guard v.count >= 3, s.count == 2 else { throw ValidationError("bad --view/--size") }
            camera = .view(lon: v[0], lat: v[1], zoom: v[2], bearing: v.count > 3 ? v[3] : 0, pitch: v.count > 4 ? v[4] : 0,
                           cssWidth: s[0], cssHeight: s[1], pixelRatio: ratio)
        } else {
            throw ValidationError("give --tile or --view")
        }
        var archives = DataDirectory.discoverArchives(in: dataDir)
        for a in archive {
            guard let eq = a.firstIndex(of: "="), eq != a.startIndex else { throw ValidationError("bad --archive \(a): expected NAME=PATH") }
            archives[String(a[..<eq])] = String(a[a.index(after: eq)...])
        }
        let directory = try? DataDirectory(root: dataDir, archives: archives)
        let fonts = fontsDir.isEmpty || !FileManager.default.fileExists(atPath: fontsDir) ? nil : fontsDir
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: directory, fontsDirectory: fonts), customLayers: customLayers)
        let pixmap = try customLayers.lifecycle.holding(parsed) { try renderer.render(parsed, camera: camera) }
        for w in renderer.resources.tiles.warnings.all { FileHandle.standardError.write(Data("warning: \(w)\n".utf8)) }
        let png = try PNGEncoder.encode(premultipliedRGBA: pixmap.data, width: pixmap.width, height: pixmap.height)
        try Data(png).write(to: URL(fileURLWithPath: output))
        print("\(output): \(pixmap.width)x\(pixmap.height), \(png.count) bytes")
    }
}
