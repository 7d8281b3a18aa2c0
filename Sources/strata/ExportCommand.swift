import ArgumentParser
import Foundation
import TileServer

/// `strata export`: every tile of an area and zoom range of a style, rendered as the server's
/// `/tiles` renders them, into a PMTiles or MBTiles archive or a z/x/y folder; resumable.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every tile of an area into FILE.pmtiles, FILE.mbtiles or a z/x/y folder (resumes after an interruption).")

    @Option(help: "A published style's name (config styles / stylesDir) or a style file.") var style: String
    @Option(parsing: .unconditional, help: "Area W,S,E,N in degrees (a negative west needs no \"=\").") var bbox: String?
    @Option(help: "Area: a GeoJSON file of polygons (only the tiles they touch).") var geojson: String?
    @Option(help: "Zoom range A-B (or one zoom).") var zooms: String
    @Option(help: "png, webp or jpg.") var format: String = "png"
    @Option(help: "WebP/JPEG quality 1-100 (WebP without one is lossless; JPEG defaults to 85).") var quality: Int?
    @Option(help: "Tile size: 256 or 512.") var tileSize: Int = 256
    @Option(help: "Pixel ratio (1-4): 2 gives @2x tiles.") var ratio: Int = 1
    @Option(help: "Render threads (default: every core).") var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Output: FILE.pmtiles, FILE.mbtiles or a folder.") var out: String
    @Option(help: "Config file (as for serve): data, styles and fonts directories, jpegBackground.") var config: String?
    @Option(help: "Data directory (overrides the config).") var dataDir: String?
    @Option(help: "Fonts directory (overrides the config; \"\" = none).") var fontsDir: String?
    @Flag(help: "No progress output.") var quiet = false

    func run() throws {
        let path = try ServeConfigLocator.locate(explicit: config)
        var cfg: ServerConfig
        do { cfg = try ServerConfig.load(path: path) } catch let e as ConfigError {
            FileHandle.standardError.write(Data("strata: configuration error: \(e)\n".utf8))
            throw ExitCode(2)
        }
        let cwd = FileManager.default.currentDirectoryPath
        if let dataDir { cfg.dataDir = Serve.absolute(dataDir, cwd) }
        if let fontsDir { cfg.fontsDir = fontsDir.isEmpty ? "" : Serve.absolute(fontsDir, cwd) }
        let job = try makeJob(cfg)
        let printer = ExportProgressPrinter()
        let exporter = TileExporter(job: job.job, renderer: job.renderer, onProgress: { s, final in if !quiet { printer.update(s, final: final) } })
        // Ctrl-C or SIGTERM: the workers stop after their tile, finished tiles stay in the
        // journal, and the same command resumes.
        let signals = [SIGINT, SIGTERM].map { sig -> DispatchSourceSignal in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { exporter.cancel() }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        do {
            let s = try exporter.run()
            print("\(s.path): \(s.tiles) tiles (\(s.rendered) rendered now, \(s.tiles - s.rendered) from the journal), "
                  + "\(s.contents) distinct, " + String(format: "%.1f tiles/s, %.1f s", s.tilesPerSecond, s.seconds))
        } catch let e as ExportError {
            FileHandle.standardError.write(Data("strata export: \(e.message)\n".utf8))
            throw ExitCode(1)
        }
    }

    private func makeJob(_ cfg: ServerConfig) throws -> (job: ExportJob, renderer: any TileRenderer) {
        let directory = try cfg.makeDataDirectory()
        let renderer = ServeRendererFactory.make(directory: directory, fontsDirectory: cfg.fontsDir, renderCacheBytes: cfg.renderCacheBytes,
                                                 geoJSONCacheBytes: cfg.geoJSONCacheBytes, crossSourceCollisions: cfg.crossSourceCollisions)
        do {
            let loaded = try ExportStyle.load(style, config: cfg, directory: directory, customLayers: renderer.customLayers)
            let area: ExportArea
            switch (bbox, geojson) {
            case (let b?, nil): area = try ExportArea.box(b)
            case (nil, let g?):
                guard let bytes = FileManager.default.contents(atPath: g) else { throw ValidationError("--geojson \(g): cannot read the file") }
                area = try ExportArea.geoJSON([UInt8](bytes), name: g)
            default: throw ValidationError("give one of --bbox W,S,E,N or --geojson FILE")
            }
            let output = try ImageOutput.export(format: format, quality: quality, jpegBackground: cfg.jpegBackground)
            var job = ExportJob(style: loaded.style, name: loaded.name, area: area, zooms: try Self.zoomRange(zooms), tileSize: tileSize,
                                scale: ratio, output: output, target: ExportTarget(out: out), threads: threads, attribution: loaded.attribution)
            job.dataVersion = ExportJob.dataVersion(root: directory.root, archives: directory.archives, output: Serve.absolute(out, FileManager.default.currentDirectoryPath))
            try job.validate()
            return (job, renderer)
        } catch let e as ExportError {
            throw ValidationError(e.message)
        } catch let e as InvalidRequest {
            throw ValidationError(e.message)
        }
    }

    /// "A-B" or "A".
    static func zoomRange(_ s: String) throws -> ClosedRange<Int> {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(parts.count), let a = parts.first!, let b = parts.last!, a <= b else {
            throw ValidationError("--zooms is A-B with A ≤ B, or one zoom (got \"\(s)\")")
        }
        return a...b
    }
}
