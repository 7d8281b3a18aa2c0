import Foundation
import Geo
import JSON
@testable import SourceData

/// Deterministic generator for tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func parse(_ text: String, _ options: GeoJSONOptions = GeoJSONOptions()) throws -> GeoJSONSource {
    try GeoJSONSource.parse(JSONParser.parse(text), options: options)
}

func polygonArea(_ g: FeatureGeometry) -> Double {
    var a = 0.0
    for i in 0..<g.partCount { a += Winding.signedArea(Array(g.points[g.partRange(i)])) }
    return a
}

/// `/work/shared` inputs when this machine has them (tests using them skip elsewhere).
let sharedDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../shared").standardized
