import ArgumentParser
import Foundation
import PNGCodec

/// `strata bench png`: re-encodes real map tiles (Mapnik's png32 renders of the Natural
/// Earth anchors) with PNGCodec in several configurations and, in the same run, with
/// libpng's own `pngbench` (level 1, no filter) and optionally the Python anchors (fpng,
/// Mapnik, Pillow). Human-readable lines first; the last line is one JSON object.
struct BenchPNG: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "png", abstract: "PNG encoder benchmark on real map tiles (run with -c release).")

    @Option(help: "Directory of PNG tiles named z-x-y.png (default: $ANCHORS_WORK/out/mapnik).")
    var dir: String?

    @Option(help: "Only tiles of this zoom (z-*-*.png); -1 = every PNG in the directory.")
    var zoom: Int = 3

    @Option(help: "Timed repetitions per configuration (median reported).")
    var reps: Int = 21

    @Option(help: "libpng reference encoder binary (default: $ANCHORS_WORK/build/pngbench; skipped if absent).")
    var pngbench: String?

    @Flag(help: "Only the default configurations, no decode timing or reference encoders (for profiling).")
    var quick = false

    @Flag(help: "Also run the anchors' bench_png.py --src mapnik (fpng, Mapnik, Pillow) in this run.")
    var pythonAnchors = false

    private var anchorsWork: String {
        ProcessInfo.processInfo.environment["ANCHORS_WORK"] ?? NSHomeDirectory() + "/.cache/tile-anchors"
    }

    func run() async throws {
        guard reps >= 1 else { throw ValidationError("--reps must be at least 1") }
        let tiles = try loadTiles()
        print("tiles: \(tiles.count) from \(dir ?? anchorsWork + "/out/mapnik") (zoom \(zoom))")

        let mismatches = try roundTripMismatches(tiles)
        print("round trip (encode → decode == input): \(tiles.count - mismatches)/\(tiles.count) exact")
        let decodeMs = quick ? 0 : try measureDecode(tiles)
        print(String(format: "decode of the input files to premultiplied RGBA: %.4f ms/tile (process CPU median)", decodeMs))

        let chosen = quick ? Array(Self.configs.prefix(3)) : Self.configs
        let results = try measure(tiles, configs: chosen)
        print("ms/tile: process CPU median (wall median) over \(reps) interleaved rounds")
        for result in results {
            print(String(format: "strata %-66@ %7.4f (%7.4f) ms/tile  %8.1f bytes/tile", result.name as NSString,
                         result.msPerTile, result.wallMsPerTile, result.bytesPerTile))
        }

        let reference = quick ? [] : try runPngbench(tiles)
        for row in reference {
            print(String(format: "libpng %-66@ %7.4f (%7.4f) ms/tile  %8.1f bytes/tile", row.config as NSString, row.msPerTile, row.wallMsPerTile, row.bytesPerTile))
        }
        let python = pythonAnchors ? try runPythonAnchors() : []
        for row in python {
            print(String(format: "python %-66@ %7.4f (%7.4f) ms/tile  %8.1f bytes/tile", row.config as NSString, row.msPerTile, row.wallMsPerTile, row.bytesPerTile))
        }

        var json = summary(tiles, results: results, mismatches: mismatches, decodeMs: decodeMs)
        if let libpng = reference.first(where: { $0.config == "z1,filter-none" }) {
            let main = results[0]
            json["libpng_z1_none_ms_per_tile"] = round4(libpng.msPerTile)
            json["libpng_z1_none_wall_ms_per_tile"] = round4(libpng.wallMsPerTile)
            json["libpng_z1_none_bytes_per_tile"] = round1(libpng.bytesPerTile)
            json["speedup_vs_libpng_z1_none"] = round4(libpng.msPerTile / main.msPerTile)
        }
        for row in python { json["python: " + row.config] = [round4(row.msPerTile), round1(row.bytesPerTile)] }
        let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    /// The encoder configurations compared: the default first (the JSON's headline figures),
    /// `--quick` keeps the first three.
    static let configs: [(String, PNGEncodeOptions)] = [
        ("default (ISA-L level 2, no filter, palette, packed, RGB, single-colour cache)", PNGEncodeOptions()),
        ("default without single-colour cache", PNGEncodeOptions(cacheSingleColour: false)),
        ("ISA-L level 0", PNGEncodeOptions(level: 0)),
        ("ISA-L level 1", PNGEncodeOptions(level: 1)),
        ("ISA-L level 3", PNGEncodeOptions(level: 3)),
        ("libdeflate z1 (the default before §20)", PNGEncodeOptions(level: 1, deflater: .libdeflate)),
        ("libdeflate z2", PNGEncodeOptions(level: 2, deflater: .libdeflate)),
        ("libdeflate z6", PNGEncodeOptions(level: 6, deflater: .libdeflate)),
        ("zlib z1 (libpng's own stream)", PNGEncodeOptions(level: 1, deflater: .zlib)),
        ("palette not packed (8-bit indices)", PNGEncodeOptions(allowPackedPalette: false)),
        ("zlib z1, rle strategy", PNGEncodeOptions(level: 1, strategy: .rle)),
        ("zlib z1, filter sub", PNGEncodeOptions(level: 1, filter: .sub)),
        ("zlib z1, filter paeth", PNGEncodeOptions(level: 1, filter: .paeth)),
        ("zlib z1, adaptive filters", PNGEncodeOptions(level: 1, filter: .adaptive)),
        ("no palette (RGB when opaque)", PNGEncodeOptions(allowPalette: false)),
        ("RGBA only (pngbench's layout)", PNGEncodeOptions(allowPalette: false, allowRGB: false)),
    ]

    /// How many tiles do not decode back to their input after a default encode (must be 0:
    /// a fast encoder that loses pixels is no result).
    private func roundTripMismatches(_ tiles: [Tile]) throws -> Int {
        var mismatches = 0
        for tile in tiles {
            let png = try PNGEncoder.encode(premultipliedRGBA: tile.premultiplied, width: tile.width, height: tile.height)
            if try PNGDecoder.decode(png).premultipliedRGBA != tile.premultiplied { mismatches += 1 }
        }
        return mismatches
    }

    /// The JSON line's PNGCodec figures (the default configuration's, plus the palette-path
    /// tiles against the input files); prints the palette-path line on the way.
    private func summary(_ tiles: [Tile], results: [ConfigResult], mismatches: Int, decodeMs: Double) -> [String: Any] {
        let main = results[0]
        let paletteTiles = zip(tiles, main.layouts).filter { $0.1.isPalette }.map { $0.0 }
        let paletteSizes = zip(main.sizes, main.layouts).filter { $0.1.isPalette }.map { Double($0.0) }
        let paletteBytes = paletteSizes.isEmpty ? 0 : paletteSizes.reduce(0, +) / Double(paletteSizes.count)
        let paletteMapnik = paletteTiles.isEmpty ? 0 : Double(paletteTiles.map(\.fileBytes).reduce(0, +)) / Double(paletteTiles.count)
        let smallerThanMapnik = zip(zip(tiles, main.sizes), main.layouts).filter { $0.1.isPalette && $0.0.1 < $0.0.0.fileBytes }.count
        print("palette-path tiles: \(paletteTiles.count)/\(tiles.count), \(smallerThanMapnik) of them smaller than the input file (Mapnik png32 when --dir is Mapnik's output)")
        return [
            "tiles": tiles.count,
            "encode_ms_per_tile": round4(main.msPerTile),
            "encode_wall_ms_per_tile": round4(main.wallMsPerTile),
            "bytes_per_tile": round1(main.bytesPerTile),
            "palette_share": round4(Double(paletteTiles.count) / Double(tiles.count)),
            "single_colour_share": round4(main.share { $0 == .singleColour }),
            "rgb_share": round4(main.share { $0 == .rgb }),
            "rgba_share": round4(main.share { $0 == .rgba }),
            "encode_ms_per_tile_no_cache": round4(results[1].msPerTile),
            "encode_ms_per_tile_zlib": round4(results[2].msPerTile),
            "input_png_bytes_per_tile": round1(Double(tiles.map(\.fileBytes).reduce(0, +)) / Double(tiles.count)),
            "palette_tiles_bytes_per_tile": round1(paletteBytes),
            "palette_tiles_input_bytes_per_tile": round1(paletteMapnik),
            "palette_tiles_smaller_than_input": smallerThanMapnik,
            "roundtrip_mismatches": mismatches,
            "decode_ms_per_tile": round4(decodeMs),
            "reps": reps,
            "configs": Dictionary(uniqueKeysWithValues: results.map { ($0.name, [round4($0.msPerTile), round1($0.bytesPerTile)]) }),
        ]
    }

    // MARK: - Inputs

    struct Tile {
        var name: String
        var width: Int
        var height: Int
        var premultiplied: [UInt8]
        var straight: [UInt8]
        var fileBytes: Int
        var file: [UInt8]
    }

    private func loadTiles() throws -> [Tile] {
        let directory = dir ?? anchorsWork + "/out/mapnik"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw ValidationError("cannot list \(directory); run the anchors (bench_mapnik.py) or pass --dir")
        }
        let selected = names.filter { $0.hasSuffix(".png") && (zoom < 0 || $0.hasPrefix("\(zoom)-")) }.sorted()
        guard !selected.isEmpty else { throw ValidationError("no matching .png tiles in \(directory)") }
        return try selected.map { name in
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            let image = try PNGDecoder.decode(bytes)
            let straight = try bytes.withUnsafeBytes { try PNGDecoder.decodeStraightRGBA($0) }
            return Tile(name: name, width: image.width, height: image.height, premultiplied: image.premultipliedRGBA,
                        straight: straight.rgba, fileBytes: bytes.count, file: bytes)
        }
    }

    // MARK: - Measuring PNGCodec

    struct ConfigResult {
        var name: String
        var msPerTile: Double
        var wallMsPerTile: Double
        var bytesPerTile: Double
        var sizes: [Int]
        var layouts: [PNGLayout]

        func share(_ predicate: (PNGLayout) -> Bool) -> Double {
            Double(layouts.filter(predicate).count) / Double(layouts.count)
        }
    }

    /// Encodes every tile once per configuration and round, configurations interleaved
    /// within each round so that load from other processes hits them alike; per configuration
    /// the median over rounds of the mean time per tile, in process CPU time and wall time.
    private func measure(_ tiles: [Tile], configs: [(String, PNGEncodeOptions)]) throws -> [ConfigResult] {
        var results: [ConfigResult] = []
        for (name, options) in configs {
            var sizes: [Int] = [], layouts: [PNGLayout] = []
            for tile in tiles {
                let encoded = try tile.premultiplied.withUnsafeBytes {
                    try PNGEncoder.encodeDetailed(premultipliedRGBA: $0, width: tile.width, height: tile.height, options: options)
                }
                sizes.append(encoded.bytes.count)
                layouts.append(encoded.layout)
            }
            results.append(ConfigResult(name: name, msPerTile: 0, wallMsPerTile: 0,
                                        bytesPerTile: Double(sizes.reduce(0, +)) / Double(tiles.count), sizes: sizes, layouts: layouts))
        }
        var cpu = [[Double]](repeating: [], count: configs.count), wall = cpu
        var sink = 0
        for _ in 0..<reps {
            for (c, (_, options)) in configs.enumerated() {
                let wallStart = Self.seconds(CLOCK_MONOTONIC), cpuStart = Self.seconds(CLOCK_PROCESS_CPUTIME_ID)
                for tile in tiles {
                    sink &+= try tile.premultiplied.withUnsafeBytes {
                        try PNGEncoder.encode(premultipliedRGBA: $0, width: tile.width, height: tile.height, options: options).count
                    }
                }
                cpu[c].append((Self.seconds(CLOCK_PROCESS_CPUTIME_ID) - cpuStart) * 1e3 / Double(tiles.count))
                wall[c].append((Self.seconds(CLOCK_MONOTONIC) - wallStart) * 1e3 / Double(tiles.count))
            }
        }
        precondition(sink > 0)
        for c in results.indices {
            results[c].msPerTile = cpu[c].sorted()[reps / 2]
            results[c].wallMsPerTile = wall[c].sorted()[reps / 2]
        }
        return results
    }

    /// Median over `reps` of the mean time to decode one input file.
    private func measureDecode(_ tiles: [Tile]) throws -> Double {
        var times: [Double] = []
        var sink = 0
        for _ in 0..<reps {
            let start = Self.seconds(CLOCK_PROCESS_CPUTIME_ID)
            for tile in tiles { sink &+= try PNGDecoder.decode(tile.file).width }
            times.append((Self.seconds(CLOCK_PROCESS_CPUTIME_ID) - start) * 1e3 / Double(tiles.count))
        }
        precondition(sink > 0)
        return times.sorted()[reps / 2]
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    // MARK: - Reference encoders in the same run

    struct ReferenceRow {
        var config: String
        var msPerTile: Double
        var wallMsPerTile: Double
        var bytesPerTile: Double
    }

    /// Runs the anchors' C libpng bench on the same straight RGBA frames.
    private func runPngbench(_ tiles: [Tile]) throws -> [ReferenceRow] {
        let path = pngbench ?? anchorsWork + "/build/pngbench"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            print("libpng reference skipped: \(path) not found (built by the anchors' setup.sh)")
            return []
        }
        guard let first = tiles.first, tiles.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            print("libpng reference skipped: tiles differ in size")
            return []
        }
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-png-\(getpid()).rgba")
        try Data(tiles.flatMap(\.straight)).write(to: raw)
        defer { try? FileManager.default.removeItem(at: raw) }
        let output = try runProcess(path, [raw.path, String(first.width), String(first.height), String(reps)])
        return output.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let config = object["config"] as? String, let ms = object["cpu_median_ms"] as? Double,
                  let wallMs = object["median_ms"] as? Double, let bytes = object["bytes"] as? Double else { return nil }
            return ReferenceRow(config: config, msPerTile: ms, wallMsPerTile: wallMs, bytesPerTile: bytes)
        }
    }

    /// Runs bench_png.py on Mapnik's tiles and keeps its z3 rows (fpng, Mapnik, Pillow).
    private func runPythonAnchors() throws -> [ReferenceRow] {
        let python = anchorsWork + "/venv/bin/python"
        let script = "/work/shared/bench/anchors/bench_png.py"
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: script) else {
            print("python anchors skipped: \(python) or \(script) missing")
            return []
        }
        let output = try runProcess(python, [script, "--src", "mapnik", "--reps", String(reps)])
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") }),
              let object = try JSONSerialization.jsonObject(with: Data(line.dropFirst(7).utf8)) as? [String: Any],
              let rows = object["rows"] as? [[String: Any]] else { return [] }
        return rows.compactMap { row in
            guard row["input"] as? String == "z3-all-64", let encoder = row["encoder"] as? String,
                  !encoder.hasPrefix("libpng"), let ms = row["cpu_median_ms"] as? Double,
                  let wallMs = row["median_ms"] as? Double, let bytes = row["bytes"] as? Double
            else { return nil }
            return ReferenceRow(config: "\(encoder) \(row["config"] as? String ?? "")", msPerTile: ms, wallMsPerTile: wallMs, bytesPerTile: bytes)
        }
    }

    private func runProcess(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("\(executable) exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func round4(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
    private func round1(_ v: Double) -> Double { (v * 10).rounded() / 10 }
}

private extension PNGLayout {
    var isPalette: Bool {
        switch self {
        case .palette, .singleColour: true
        case .rgb, .rgba: false
        }
    }
}
