import XCTest
import Foundation
import JSON
import SourceData
import StyleSpec
import StrataTestSupport
@testable import Renderer

/// Per-tile filter results: the same features as evaluating the filter, and only for filters
/// whose answer cannot change while the tile's data does not.
final class FilterResultsTests: XCTestCase {
    func layer(_ filter: String) throws -> Layer {
        let json = try JSONParser.parse(#"{"version": 8, "sources": {"v": {"type": "vector", "tiles": ["t/{z}/{x}/{y}.mvt"]}},"# +
            #""layers": [{"id": "l", "type": "line", "source": "v", "source-layer": "road", "filter": \#(filter)}]}"#)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            struct NotParsed: Error {}
            throw NotParsed()
        }
        return try XCTUnwrap(parsed.0.layer("l"))
    }

    func testCachedResultsEqualTheFilterAndKeyOnlyFeatureFilters() throws {
        let url = try TestEnvironment.shared("render-tests/assets/tiles/14-8802-5374.mvt")
        let tile = try VectorTile.decode([UInt8](try Data(contentsOf: url)))
        let road = try XCTUnwrap(tile.layers["road"])
        let byClass = try layer(#"["match", ["get", "class"], ["street", "main"], true, false]"#)
        let key = try XCTUnwrap(FilterResults.cacheKey(byClass))
        let results = FilterResults()
        let ctx = EvaluationContext(zoom: 14)
        let cached = try XCTUnwrap(results.passing("tile", layer: byClass, filterKey: key, data: road, promoteId: nil, context: ctx))
        var expected: [Int32] = []
        for i in road.features.indices {
            var c = ctx
            let f = road.features[i]
            c.feature = FeatureContext(id: f.id, properties: f.properties, geometryType: f.type, isMulti: f.isMulti)
            if byClass.filter!.evaluateFilter(c) { expected.append(Int32(i)) }
        }
        XCTAssertEqual(cached, expected)
        XCTAssertFalse(cached.isEmpty); XCTAssertLessThan(cached.count, road.features.count)
        // Filters that read the zoom or global state are evaluated per render (the spec keeps
        // feature state out of filters).
        XCTAssertNil(FilterResults.cacheKey(try layer(#"["<", ["zoom"], 15]"#)))
        XCTAssertNil(FilterResults.cacheKey(try layer(#"["==", ["global-state", "x"], 1]"#)))
    }
}
