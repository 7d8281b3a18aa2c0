import Foundation

/// Runs the reference renderers of `shared/bench/anchors` (Blend2D, Skia, cairo, Mapnik) as
/// separate processes pinned to one core, exactly as their `run_all.py` does, and reads
/// their `RESULT {json}` lines.
struct AnchorRunner {
    /// The anchors' directory (bench_raster2d.py, bench_mapnik.py, common.py).
    let directory: String
    /// Python with the anchor packages ($ANCHORS_WORK/venv/bin/python).
    let python: String
    /// GeoJSON directory handed to the anchors (ANCHORS_DATA); nil = their own data
    /// directory. It must be writable: Mapnik's bench writes pre-projected copies there.
    let dataDirectory: String?
    let core: Int
    let reps: Int

    struct Result {
        let renderer: String
        /// workload name ("z0", "z2", "z3") → (wall ms/tile, cpu ms/tile)
        let raster: [String: (wall: Double, cpu: Double)]
        let png: [String: (wall: Double, cpu: Double)]
        let pngBytes: [String: Double]
    }

    static func fromEnvironment(dataDirectory: String, core: Int, reps: Int, directory: String?) -> AnchorRunner? {
        let env = ProcessInfo.processInfo.environment
        let work = env["ANCHORS_WORK"] ?? NSHomeDirectory() + "/.cache/tile-anchors"
        let python = env["ANCHORS_PY"] ?? work + "/venv/bin/python"
        let dir = directory ?? "/work/shared/bench/anchors"
        guard FileManager.default.isExecutableFile(atPath: python),
              FileManager.default.fileExists(atPath: dir + "/bench_raster2d.py") else { return nil }
        // The anchors keep their data (and Mapnik's EPSG:3857 copies) in $ANCHORS_WORK/data;
        // when that is missing, hand them a writable copy of ours rather than our directory.
        var data: String? = env["ANCHORS_DATA"]
        if data == nil && !FileManager.default.fileExists(atPath: work + "/data/countries.geojson") {
            let tmp = NSTemporaryDirectory() + "strata-anchor-data"
            try? FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
            for name in ["countries.geojson", "cities.geojson"] {
                try? FileManager.default.removeItem(atPath: tmp + "/" + name)
                try? FileManager.default.copyItem(atPath: dataDirectory + "/" + name, toPath: tmp + "/" + name)
            }
            data = tmp
        }
        return AnchorRunner(directory: dir, python: python, dataDirectory: data, core: core, reps: reps)
    }

    func runRaster2D(backend: String) throws -> Result {
        try run(script: "bench_raster2d.py", ["--backend", backend])
    }

    func runMapnik() throws -> Result {
        try run(script: "bench_mapnik.py", ["--src", "3857"])
    }

    private func run(script: String, _ args: [String]) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        p.arguments = ["-c", String(core), python, directory + "/" + script] + args + ["--reps", String(reps), "--save", "0"]
        var env = ProcessInfo.processInfo.environment
        if let dataDirectory { env["ANCHORS_DATA"] = dataDirectory }
        env["OMP_NUM_THREADS"] = "1"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") }),
              let obj = try JSONSerialization.jsonObject(with: Data(line.dropFirst(7).utf8)) as? [String: Any],
              let workloads = obj["workloads"] as? [String: Any] else {
            throw BenchError("\(script) \(args.joined(separator: " ")) failed: \(String(decoding: errData.suffix(800), as: UTF8.self))")
        }
        var raster: [String: (Double, Double)] = [:], png: [String: (Double, Double)] = [:], bytes: [String: Double] = [:]
        for (name, value) in workloads {
            guard let w = value as? [String: Any] else { continue }
            if let r = w["raster"] as? [String: Any], let ms = r["ms_per_tile"] as? Double, let cpu = r["cpu_ms_per_tile"] as? Double {
                raster[name] = (ms, cpu)
            }
            if let r = w["png"] as? [String: Any], let ms = r["ms_per_tile"] as? Double, let cpu = r["cpu_ms_per_tile"] as? Double {
                png[name] = (ms, cpu)
            }
            if let b = w["png_bytes_mean"] as? Double { bytes[name] = b }
        }
        return Result(renderer: (obj["renderer"] as? String) ?? script, raster: raster, png: png, pngBytes: bytes)
    }
}

/// A benchmark that could not run (missing data, a failed anchor process).
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
