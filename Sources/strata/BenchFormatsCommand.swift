import ArgumentParser
import Foundation
import ImageCodec
import PNGCodec

/// `strata bench formats`: encodes the same rendered tiles as PNG, WebP (lossless and lossy)
/// and JPEG, and reports CPU time and bytes per tile, so the README can say what each output
/// format costs and saves on real map tiles (the dense city: `bench/formats-osm.sh`).
struct BenchFormats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats", abstract: "PNG vs WebP vs JPEG encode time and bytes on saved tiles (z-x-y.png).")

    @Option(help: "Directory of PNG tiles (as `strata bench tiles --save-dir` writes them).")
    var dir: String

    @Option(help: "Timed repetitions per format (median of the per-tile mean reported).")
    var reps: Int = 5

    /// One output format under test.
    struct Format: Sendable {
        var name: String
        var encode: @Sendable (UnsafeRawBufferPointer, Int, Int) throws -> [UInt8]
    }

    static let formats: [Format] = [
        Format(name: "PNG (default options)") { try PNGEncoder.encode(premultipliedRGBA: $0, width: $1, height: $2) },
        Format(name: "(straight-alpha conversion, in WebP)") { pixels, width, height in
            StraightRGBAImage(premultipliedRGBA: pixels, width: width, height: height).rgba
        },
        Format(name: "WebP lossless level 0") { try WebPEncoder.encode(premultipliedRGBA: $0, width: $1, height: $2, losslessLevel: 0) },
        Format(name: "WebP lossless level 1 (default)") { try WebPEncoder.encode(premultipliedRGBA: $0, width: $1, height: $2, losslessLevel: 1) },
        Format(name: "WebP lossless level 2") { try WebPEncoder.encode(premultipliedRGBA: $0, width: $1, height: $2, losslessLevel: 2) },
        Format(name: "WebP lossless level 6 (libwebp default)") { try WebPEncoder.encode(premultipliedRGBA: $0, width: $1, height: $2, losslessLevel: 6) },
        Format(name: "WebP quality 90") { try WebPEncoder.encode(premultipliedRGBA: $0, width: $1, height: $2, quality: 90) },
        Format(name: "WebP quality 75") { try WebPEncoder.encode(premultipliedRGBA: $0, width: $1, height: $2, quality: 75) },
        Format(name: "JPEG quality 85 (default)") { try JPEGEncoder.encode(premultipliedRGBA: $0, width: $1, height: $2, quality: 85) },
        Format(name: "JPEG quality 75") { try JPEGEncoder.encode(premultipliedRGBA: $0, width: $1, height: $2, quality: 75) },
    ]

    func run() async throws {
        guard reps >= 1 else { throw ValidationError("--reps must be at least 1") }
        let tiles = try loadTiles()
        print("tiles: \(tiles.count) from \(dir)")
        var json: [String: Any] = ["tiles": tiles.count, "reps": reps]
        for format in Self.formats {
            let (ms, bytes) = try measure(format, tiles)
            print(format.name.padding(toLength: 40, withPad: " ", startingAt: 0) + String(format: "%8.3f ms/tile  %9.1f bytes/tile", ms, bytes))
            json[format.name] = ["ms_per_tile": (ms * 1000).rounded() / 1000, "bytes_per_tile": bytes.rounded()]
        }
        let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    private func loadTiles() throws -> [DecodedImage] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { throw ValidationError("cannot list \(dir)") }
        let files = names.filter { $0.hasSuffix(".png") }.sorted()
        guard !files.isEmpty else { throw ValidationError("no .png tiles in \(dir)") }
        return try files.map { try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/" + $0)))) }
    }

    /// Median over `reps` of the process CPU ms per tile, and the mean bytes per tile.
    private func measure(_ format: Format, _ tiles: [DecodedImage]) throws -> (Double, Double) {
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<reps {
            bytes = 0
            let start = Self.cpuSeconds()
            for tile in tiles {
                bytes += try tile.premultipliedRGBA.withUnsafeBytes { try format.encode($0, tile.width, tile.height).count }
            }
            times.append((Self.cpuSeconds() - start) * 1e3 / Double(tiles.count))
        }
        return (times.sorted()[reps / 2], Double(bytes) / Double(tiles.count))
    }

    private static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
