import SplitMix
import ArgumentParser
import Foundation
import Geo
import JSON
import SourceData

/// `strata bench index`: the GeoJSON source scaling benchmark (issue 6). For each size of the
/// synthetic workload: index build time, memory per feature, and query + simplify + clip time
/// per tile at the zoom where a tile holds a fixed number of features (flat if the index
/// scales). Also JSON + GeoJSON parse speed and a huge ring clipped at z14. Run with
/// `swift run -c release strata bench index`; the last line is one JSON object.
struct BenchIndex: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "index", abstract: "GeoJSON index scaling benchmark.")

    @Option(help: "Feature counts, comma-separated.")
    var sizes: String = "10000,100000,1000000"
    @Option(help: "Small features per tile (sets the tile zoom per size).")
    var perTile: Double = 200
    @Option(help: "Tiles queried per size.")
    var tiles: Int = 400
    @Option(help: "Features of the workload serialized to GeoJSON for the parse benchmark (0: skip).")
    var parseFeatures: Int = 100_000
    @Option(help: "Random seed of the workload.")
    var seed: UInt64 = 1

    func run() throws {
        let counts = sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 }
        guard !counts.isEmpty else { throw ValidationError("--sizes needs positive counts") }
        print("strata bench index: synthetic lines + polygons over lon 5.9…15, lat 47.3…55 (+\(SyntheticWorkload.rivers) rivers, \(SyntheticWorkload.regions) regions), \(perTile) features/tile, \(tiles) tiles, CPU time of this thread")
        var results: [JSONValue] = []
        for n in counts { results.append(measureSize(n)) }

        let flat = results.compactMap { $0["query_clip_ms_per_tile"]?.numberValue }
        let flatness = flat.count > 1 ? flat.last! / flat.first! : 1
        print(String(format: "ms/tile ratio largest/smallest size: %.2f (target ≤ 1.5)", flatness))
        var summary = JSONObject([("bench", "index"), ("features_per_tile_target", .number(perTile)), ("tiles", .number(Double(tiles))),
                                  ("sizes", .array(results)), ("query_clip_ratio_largest_to_smallest", .number(round3(flatness)))])
        summary["huge_ring"] = measureHugeRing()
        if parseFeatures > 0 { summary["parse"] = measureParse(parseFeatures) }
        print(JSONValue.object(summary).serialized())
    }

    func measureSize(_ n: Int) -> JSONValue {
        let workload = SyntheticWorkload(count: n, seed: seed)
        // Generation alone, so the build time below excludes it.
        var sink = 0
        let genTime = cpuTime { workload.forEachFeature { g, _, _ in sink &+= g.points.count } }
        trimHeap()
        let rssBefore = residentBytes()
        var builder = GeoJSONSourceBuilder()
        let addTime = cpuTime { workload.forEachFeature { g, id, props in builder.add(g, id: .number(Double(id)), properties: props) } }
        var source: GeoJSONSource!
        let indexTime = cpuTime { source = builder.build() }
        builder = GeoJSONSourceBuilder()
        trimHeap()
        let rssAfter = residentBytes()
        let features = source.features.count

        let (side, zoom) = workload.tileSide(featuresPerTile: perTile)
        let z = Int(zoom.rounded(.down))
        let buffer = side * GeoJSONOptions().bufferFraction
        var rng = SplitMix64(seed: seed &+ 99)
        let area = SyntheticWorkload.area
        let rects: [WorldRect] = (0..<tiles).map { _ in
            let x = area.minX + side + rng.unit() * (area.width - 2 * side), y = area.minY + side + rng.unit() * (area.height - 2 * side)
            return WorldRect(minX: x, minY: y, maxX: x + side, maxY: y + side).outset(by: buffer)
        }
        var scratch = GeometryScratch()
        var hits: [Int32] = []
        var featureCount = 0, vertexCount = 0
        func renderPass(record: inout [Double]) {
            for r in rects {
                var nf = 0, nv = 0
                let t = cpuTime {
                    source.forEachFeature(in: r, zoom: z, scratch: &scratch) { _, g, _ in nf += 1; nv += g.points.count }
                }
                record.append(t)
                featureCount += nf; vertexCount += nv
            }
        }
        var warm: [Double] = []
        renderPass(record: &warm)
        featureCount = 0; vertexCount = 0
        var times: [Double] = []
        renderPass(record: &times)
        var queryTimes: [Double] = []
        for r in rects {
            queryTimes.append(cpuTime { hits.removeAll(keepingCapacity: true); source.query(r, into: &hits) })
        }
        let perTileMs = median(times) * 1000, meanMs = times.reduce(0, +) / Double(times.count) * 1000
        let bytesPerFeature = Double(source.byteSize) / Double(features)
        let rssPerFeature = Double(max(0, rssAfter - rssBefore)) / Double(features)
        print(String(format: "%8d features (%d vertices): generate %.0f ms, build %.0f ms (+ index %.0f ms), %.0f B/feature accounted, %.0f B/feature RSS; z%.2f tiles: %.1f features, %.0f vertices, query+clip %.3f ms/tile (median; mean %.3f), query only %.4f ms",
                     features, source.vertexCount, genTime * 1000, (addTime - genTime) * 1000, indexTime * 1000, bytesPerFeature, rssPerFeature,
                     zoom, Double(featureCount) / Double(tiles), Double(vertexCount) / Double(tiles), perTileMs, meanMs, median(queryTimes) * 1000))
        _ = sink
        return ["features": .number(Double(features)), "vertices": .number(Double(source.vertexCount)),
                "build_ms": .number(round3((addTime - genTime + indexTime) * 1000)), "index_ms": .number(round3(indexTime * 1000)),
                "bytes_per_feature": .number(round3(bytesPerFeature)), "rss_bytes_per_feature": .number(round3(rssPerFeature)),
                "tile_zoom": .number(round3(zoom)), "features_per_tile": .number(round3(Double(featureCount) / Double(tiles))),
                "vertices_per_tile": .number(round3(Double(vertexCount) / Double(tiles))),
                "query_clip_ms_per_tile": .number(round3(perTileMs)), "query_clip_mean_ms_per_tile": .number(round3(meanMs)),
                "query_ms_per_tile": .number(round3(median(queryTimes) * 1000))]
    }

    /// A country-like ring of 500,000 vertices: cost of z14 tiles on its border and inside.
    func measureHugeRing() -> JSONValue {
        let n = 500_000
        var g = FeatureGeometry(type: .polygon)
        let c = WebMercator.project(lon: 10, lat: 51), r = 0.01
        for k in 0..<n {
            let t = Double(k) / Double(n) * 2 * .pi
            g.points.append(c + WorldPoint(cos(t), sin(t)) * r * (1 + 0.02 * sin(t * 500)))
        }
        g.points.append(g.points[0]); g.endPart(); g.endPolygon()
        var b = GeoJSONSourceBuilder()
        b.add(g)
        let source = b.build()
        var scratch = GeometryScratch()
        func tiles(_ point: (Int) -> WorldPoint) -> (ms: Double, vertices: Double) {
            var out = 0
            let count = 200
            var times: [Double] = []
            for i in 0..<count {
                let rect = TileID.containing(point(i), zoom: 14).worldBounds(buffer: 0.25)
                times.append(cpuTime { source.clip(feature: 0, zoom: 14, to: rect, into: &scratch) })
                out += scratch.geometry.points.count
            }
            return (median(times) * 1000, Double(out) / Double(count))
        }
        let border = tiles { i in let t = Double(i) / 200 * 2 * .pi; return c + WorldPoint(cos(t), sin(t)) * r }
        let inside = tiles { i in c + WorldPoint(Double(i % 20) - 10, Double(i / 20) - 5) * r * 0.05 }
        print(String(format: "huge ring (%d vertices) at z14: border tiles %.4f ms (%.0f vertices out), inside tiles %.4f ms (%.0f vertices out)",
                     n, border.ms, border.vertices, inside.ms, inside.vertices))
        return ["vertices": .number(Double(n)), "z14_border_ms_per_tile": .number(round3(border.ms * 1000) / 1000),
                "z14_inside_ms_per_tile": .number(round3(inside.ms * 1000) / 1000)]
    }

    func measureParse(_ n: Int) -> JSONValue {
        let text = SyntheticWorkload(count: n, seed: seed).geoJSON().serializedBytes()
        var json: JSONValue = .null
        let parseTimes = (0..<3).map { _ in cpuTime { json = try! JSONParser.parse(text) } }
        var source: GeoJSONSource!
        let buildTimes = (0..<3).map { _ in cpuTime { source = try! GeoJSONSource.parse(json) } }
        let mbps = Double(text.count) / parseTimes.min()! / 1e6
        print(String(format: "parse %d features (%.1f MB): JSON %.0f MB/s (%.0f ms), GeoJSON → source %.0f ms (%d features)",
                     n, Double(text.count) / 1e6, mbps, parseTimes.min()! * 1000, buildTimes.min()! * 1000, source.features.count))
        return ["features": .number(Double(n)), "bytes": .number(Double(text.count)), "json_mb_per_s": .number(round3(mbps)),
                "json_ms": .number(round3(parseTimes.min()! * 1000)), "geojson_build_ms": .number(round3(buildTimes.min()! * 1000))]
    }
}

private func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

private func median(_ v: [Double]) -> Double {
    guard !v.isEmpty else { return 0 }
    let s = v.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// CPU seconds this thread spends in `body`.
private func cpuTime(_ body: () -> Void) -> Double {
    var a = timespec(), b = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b)
    return Double(b.tv_sec - a.tv_sec) + Double(b.tv_nsec - a.tv_nsec) * 1e-9
}

/// Resident set size of the process (bytes), from /proc/self/statm.
private func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Gives freed heap back to the OS (glibc's malloc_trim) so RSS deltas measure live data.
private func trimHeap() {
    typealias Trim = @convention(c) (Int) -> Int32
    if let sym = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") { _ = unsafeBitCast(sym, to: Trim.self)(0) }
}

