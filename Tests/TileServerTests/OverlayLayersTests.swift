import JSON
import StyleSpec
import XCTest
@testable import TileServer

/// Overlays as style layers: what is added, in which order, where `before_layer` puts it.
final class OverlayLayersTests: XCTestCase {
    let style = #"""
    {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
     "layers": [{"id": "bg", "type": "background"},
                {"id": "water-name", "type": "symbol", "source": "s", "layout": {"text-field": "x", "text-font": ["Noto Sans Italic"]}},
                {"id": "place", "type": "symbol", "source": "s", "layout": {"text-field": "x", "text-font": ["Noto Sans Regular", "Arial"]}}]}
    """#

    func overlays(_ pairs: [(String, String)]) throws -> StaticOverlays {
        var p = OverlayQueryParser(pairs.map { (name: $0.0, value: $0.1) })
        return try p.parse()
    }

    func testLayersGoAboveTheMapOrBelowBeforeLayer() throws {
        let live = try LiveStyle.load(JSONParser.parse(style))
        let o = try overlays([("path", "fill:red|border:white|0,0|1,1|1,0"), ("path", "width:0|0,0|1,1"),
                              ("marker", "0,0|pin-blue-A"), ("marker", "1,1|pin|scale:2")])
        let drawn = try live.applying(OverlayLayers.commands(o, style: live.style, icons: [:], pixelRatio: 2))
        XCTAssertEqual(drawn.style.layers.map(\.id), ["bg", "water-name", "place",
            "strata-overlay-path-0-fill", "strata-overlay-path-0-border", "strata-overlay-path-0-stroke",
            "strata-overlay-marker-0", "strata-overlay-marker-0-label", "strata-overlay-marker-1"],
            "a width-0 path draws nothing; an unlabelled pin has no label layer")
        XCTAssertEqual(drawn.style.images["strata-overlay-pin-0"]?.pixelRatio, 2, "pins are drawn at the request's ratio")
        XCTAssertNotEqual(drawn.renderHash, live.renderHash)
        var below = o; below.beforeLayer = "place"
        let under = try live.applying(OverlayLayers.commands(below, style: live.style, icons: [:], pixelRatio: 1))
        XCTAssertEqual(under.style.layers.first?.id, "bg"); XCTAssertEqual(under.style.layers.last?.id, "place")
        below.beforeLayer = "nope"
        XCTAssertThrowsError(try OverlayLayers.commands(below, style: live.style, icons: [:], pixelRatio: 1)) {
            XCTAssertEqual(($0 as? InvalidRequest)?.message, #"before_layer: the style has no layer "nope""#)
        }
    }

    func testPinLabelsUseARegularFontOfTheStyle() throws {
        let live = try LiveStyle.load(JSONParser.parse(style))
        XCTAssertEqual(OverlayLayers.labelFont(live.style), ["Noto Sans Regular", "Arial"])
        let bare = try LiveStyle.load(JSONParser.parse(#"{"version": 8, "sources": {}, "layers": []}"#))
        XCTAssertEqual(OverlayLayers.labelFont(bare.style), ["Noto Sans Regular"])
    }
}
