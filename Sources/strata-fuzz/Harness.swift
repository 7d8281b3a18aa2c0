#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fuzz targets, by the name `STRATA_FUZZ_TARGET` (or `--target`) gives.
enum FuzzTarget: String, CaseIterable, Sendable {
    case json, style, expression, geojson, mvt, pmtiles
    case mbtilesRow = "mbtiles-row"
    case image
    case jpeg, webp
    case glyphs
    case sprite

    func run(_ data: UnsafeRawBufferPointer) {
        switch self {
        case .json: fuzzJSON(data)
        case .style: fuzzStyle(data)
        case .expression: fuzzExpression(data)
        case .geojson: fuzzGeoJSON(data)
        case .mvt: fuzzMVT(data)
        case .pmtiles: fuzzPMTiles(data)
        case .mbtilesRow: fuzzMBTilesRow(data)
        case .image: fuzzImage(data)
        case .jpeg: fuzzJPEG(data)
        case .webp: fuzzWebP(data)
        case .glyphs: fuzzGlyphPBF(data)
        case .sprite: fuzzSprite(data)
        }
    }

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The target named by the environment, read once.
let environmentTarget: FuzzTarget? = getenv("STRATA_FUZZ_TARGET").flatMap { FuzzTarget(rawValue: String(cString: $0)) }

/// libFuzzer's entry point: runs the selected harness on one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = environmentTarget else { fatalError("set STRATA_FUZZ_TARGET to one of: \(FuzzTarget.names)") }
    target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// An invariant of a harness: a failure traps, which libFuzzer reports as a crash.
@inline(never)
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError("invariant failed: \(message())", file: file, line: line) }
}
