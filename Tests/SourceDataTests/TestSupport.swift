import Foundation
import Geo
import JSON
@testable import SourceData

func parse(_ text: String, _ options: GeoJSONOptions = GeoJSONOptions()) throws -> GeoJSONSource {
    try GeoJSONSource.parse(JSONParser.parse(text), options: options)
}

func polygonArea(_ g: FeatureGeometry) -> Double {
    var a = 0.0
    for i in 0..<g.partCount { a += Winding.signedArea(Array(g.points[g.partRange(i)])) }
    return a
}

