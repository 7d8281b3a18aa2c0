import JSON
import Renderer
import StyleSpec
import XCTest
@testable import TileServer

/// The attribution text static images draw: the sources' `attribution` HTML as a browser
/// shows it in one line, and the `attribution` query value.
final class StaticAttributionTests: XCTestCase {
    func testHTMLIsTakenOutAndEntitiesDecoded() {
        XCTAssertEqual(StaticAttribution.plain(#"<a href="https://openmaptiles.org/" target="_blank">© OpenMapTiles</a>"#), "© OpenMapTiles")
        XCTAssertEqual(StaticAttribution.plain("<a href=\"https://www.openstreetmap.org/copyright\">&copy; OpenStreetMap contributors</a>"),
                       "© OpenStreetMap contributors")
        XCTAssertEqual(StaticAttribution.plain("A &amp; B &lt;3&gt; &#169; &#xA9;&nbsp;x"), "A & B <3> © © x")
        XCTAssertEqual(StaticAttribution.plain("<b>Tiles</b>\n  <i>by</i>   me"), "Tiles by me")
        // Not entities or tags: kept as written
        XCTAssertEqual(StaticAttribution.plain("AT&T & co; a < b"), "AT&T & co; a < b")
        XCTAssertEqual(StaticAttribution.plain("&bogus; &#xZZ;"), "&bogus; &#xZZ;")
    }

    func testSourcesDistinctAttributionsInOrder() throws {
        let json = try JSONParser.parse(#"""
        {"version": 8, "sources": {
          "a": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []},
                "attribution": "<a href=\"https://openmaptiles.org/\">&copy; OpenMapTiles</a> <a href=\"https://www.openstreetmap.org/copyright\">&copy; OpenStreetMap contributors</a>"},
          "b": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}, "attribution": "Natural Earth"},
          "c": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}, "attribution": "<i>Natural Earth</i>"},
          "d": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
         "layers": []}
        """#)
        let style = try LiveStyle.load(json).style
        XCTAssertEqual(StaticAttribution.text(of: style), "© OpenMapTiles © OpenStreetMap contributors | Natural Earth")
        let none = try LiveStyle.load(try JSONParser.parse(#"{"version": 8, "sources": {}, "layers": []}"#)).style
        XCTAssertNil(StaticAttribution.text(of: none))
    }

    func testQueryValue() throws {
        XCTAssertTrue(try StaticAttribution.wanted("true", default: false))
        XCTAssertFalse(try StaticAttribution.wanted("false", default: true))
        XCTAssertTrue(try StaticAttribution.wanted(nil, default: true))
        XCTAssertFalse(try StaticAttribution.wanted(nil, default: false))
        XCTAssertThrowsError(try StaticAttribution.wanted("1", default: false))
    }
}
