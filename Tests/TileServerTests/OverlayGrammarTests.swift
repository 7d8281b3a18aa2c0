import JSON
import XCTest
@testable import TileServer

/// tileserver-gl's static overlay grammar (`path=`, `marker=`, defaults, `latlng`), Google's
/// encoded polylines, and the 400s that name the wrong part.
final class OverlayGrammarTests: XCTestCase {
    func parse(_ pairs: [(String, String)]) throws -> StaticOverlays {
        var p = OverlayQueryParser(pairs.map { (name: $0.0, value: $0.1) })
        return try p.parse()
    }

    /// The message of the 400 `f` throws (nil when it does not).
    func error(_ f: @autoclosure () throws -> Any) -> String? {
        do { _ = try f(); return nil } catch {
            let e = APIError(mapping: error)
            XCTAssertEqual(e?.status, .badRequest)
            return e?.message
        }
    }

    func testGooglesEncodedPolylineExample() throws {
        let pts = try XCTUnwrap(EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@"))
        XCTAssertEqual(pts.count, 3)
        for (p, e) in zip(pts, [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)]) {
            XCTAssertEqual(p.lat, e.0, accuracy: 1e-9); XCTAssertEqual(p.lon, e.1, accuracy: 1e-9)
        }
        XCTAssertEqual(EncodedPolyline.decode("")?.count, 0)
        XCTAssertNil(EncodedPolyline.decode("_p~iF"))          // a latitude without its longitude
        XCTAssertNil(EncodedPolyline.decode("_p~iF~ps|U_"))    // a value cut short
        XCTAssertNil(EncodedPolyline.decode("_p~iF~ps U"))     // a character outside ?…~
    }

    /// Every example of tileserver-gl's docs/endpoints.rst ("Static images").
    func testEveryDocumentationExampleParses() throws {
        let square = try parse([("path", "5.9,45.8|5.9,47.8|10.5,47.8|10.5,45.8|5.9,45.8")])
        XCTAssertEqual(square.paths.count, 1)
        XCTAssertEqual(square.paths[0].coordinates.first, Coordinate(lon: 5.9, lat: 45.8))
        XCTAssertEqual(square.paths[0].coordinates.count, 5); XCTAssertTrue(square.paths[0].isClosed)
        XCTAssertEqual(square.paths[0].stroke, OverlayPath.defaultStroke); XCTAssertEqual(square.paths[0].width, 1)
        XCTAssertNil(square.paths[0].fill)

        let enc = try parse([("path", "enc:_p~iF~ps|U_ulLnnqC_mqNvxq`@")])
        XCTAssertEqual(enc.paths[0].coordinates.count, 3)
        XCTAssertEqual(enc.paths[0].coordinates[0].lon, -120.2, accuracy: 1e-9)
        XCTAssertEqual(enc.paths[0].coordinates[2].lat, 43.252, accuracy: 1e-9)

        let styled = try parse([("path", "stroke:yellow|width:2|fill:green|5.9,45.8|5.9,47.8|10.5,47.8|10.5,45.8|5.9,45.8")])
        XCTAssertEqual(styled.paths[0].stroke, "yellow"); XCTAssertEqual(styled.paths[0].width, 2)
        XCTAssertEqual(styled.paths[0].fill, "green"); XCTAssertEqual(styled.paths[0].coordinates.count, 5)

        let styledEnc = try parse([("path", "stroke:blue|width:1|fill:yellow|enc:_p~iF~ps|U_ulLnnqC_mqNvxq`@")])
        XCTAssertEqual(styledEnc.paths[0].stroke, "blue"); XCTAssertEqual(styledEnc.paths[0].fill, "yellow")
        XCTAssertEqual(styledEnc.paths[0].coordinates.count, 3)

        let marker = try parse([("marker", "5.9,45.8|marker-icon.png|scale:0.5|offset:2,-4")])
        XCTAssertEqual(marker.markers, [OverlayMarker(lon: 5.9, lat: 45.8, icon: .file("marker-icon.png"), scale: 0.5, offsetX: 2, offsetY: -4)])

        // "can be provided multiple times"; the POST form {"path": ["10,10|20,20", "10,20|20,10"]}.
        let body = try JSONParser.parse(#"{"path": ["10,10|20,20", "10,20|20,10"]}"#)
        guard case .object(let o) = body else { return XCTFail() }
        let fromBody = try parse(OverlayParameters.pairs(o, keys: OverlayQueryParser.names).map { ($0.name, $0.value) })
        let fromQuery = try parse([("path", "10,10|20,20"), ("path", "10,20|20,10")])
        XCTAssertEqual(fromBody, fromQuery); XCTAssertEqual(fromQuery.paths.count, 2)

        // The colours the docs show for fill, and every default the query may set.
        for c in ["red", "rgba(255,255,255,0.5)", "#0000ff"] {
            XCTAssertEqual(try parse([("fill", c), ("path", "0,0|1,1")]).paths[0].fill, c)
        }
        let d = try parse([("stroke", "red"), ("width", "4"), ("border", "white"), ("borderwidth", "2"),
                           ("linecap", "round"), ("linejoin", "bevel"), ("path", "0,0|1,1"), ("path", "width:6|0,0|1,1")])
        XCTAssertEqual(d.paths[0].stroke, "red"); XCTAssertEqual(d.paths[0].width, 4); XCTAssertEqual(d.paths[0].border, "white")
        XCTAssertEqual(d.paths[0].borderWidth, 2); XCTAssertEqual(d.paths[0].lineCap, "round"); XCTAssertEqual(d.paths[0].lineJoin, "bevel")
        XCTAssertEqual(d.paths[1].width, 6)
        // The border is 10 % of the stroke unless given.
        XCTAssertEqual(try parse([("path", "border:black|width:5|0,0|1,1")]).paths[0].borderWidth, 0.5)
        XCTAssertEqual(try parse([("fill", ""), ("path", "0,0|1,1")]).paths[0].fill, OverlayPath.defaultFill)
        // latlng: coordinates given lat,lng.
        let ll = try parse([("latlng", "1"), ("path", "45.8,5.9|47.8,5.9"), ("marker", "45.8,5.9|pin")])
        XCTAssertEqual(ll.paths[0].coordinates[0], Coordinate(lon: 5.9, lat: 45.8)); XCTAssertEqual(ll.markers[0].lon, 5.9)
        XCTAssertEqual(try parse([("latlng", "true"), ("marker", "45.8,5.9|pin")]).markers[0].lat, 45.8)
    }

    func testPinsAndSpriteIcons() throws {
        let m = try parse([("marker", "1,2|pin"), ("marker", "1,2|pin-blue"), ("marker", "1,2|pin-0a0-A"),
                           ("marker", "1,2|pin-ff8800-12"), ("marker", "1,2|sprite:airport_11"), ("marker", "1,2|icons/a_b-1.png")])
        XCTAssertEqual(m.markers.map(\.icon), [.pin(MarkerPin(colour: MarkerPin.defaultColour, label: nil)), .pin(MarkerPin(colour: "blue", label: nil)),
                                               .pin(MarkerPin(colour: "#0a0", label: "A")), .pin(MarkerPin(colour: "#ff8800", label: "12")),
                                               .sprite("airport_11"), .file("icons/a_b-1.png")])
        let png = try MarkerPin(colour: "red", label: nil).image(pixelRatio: 2)
        XCTAssertEqual(png.pixelRatio, 2); XCTAssertEqual(Array(png.png.prefix(4)), [0x89, 0x50, 0x4e, 0x47])
    }

    func testAutoFitsEveryOverlayAndCapsTheZoom() throws {
        let o = try parse([("path", "13,53|13.5,53.2"), ("marker", "14,54|pin")])
        let b = try XCTUnwrap(o.coordinateBounds)
        XCTAssertEqual(b.minx, 13); XCTAssertEqual(b.miny, 53); XCTAssertEqual(b.maxx, 14); XCTAssertEqual(b.maxy, 54)
        let v = try StaticView(fittingOverlays: o, padding: 0.1, maxZoom: nil, width: 400, height: 300, pixelRatio: 1, maxSide: 8192)
        let f = try StaticBounds(minx: 13, miny: 53, maxx: 14, maxy: 54).fit(width: 400, height: 300, padding: 0.1)
        XCTAssertEqual(v.zoom, f.zoom); XCTAssertEqual(v.lon, 13.5)
        let capped = try StaticView(fittingOverlays: o, padding: 0.1, maxZoom: 3, width: 400, height: 300, pixelRatio: 1, maxSide: 8192)
        XCTAssertEqual(capped.zoom, 3)
        // One marker: the box is a point; the zoom stops at Strata's maximum, or at maxzoom.
        let one = try parse([("marker", "13,53|pin")])
        XCTAssertEqual(try StaticView(fittingOverlays: one, padding: 0.1, maxZoom: nil, width: 100, height: 100, pixelRatio: 1, maxSide: 8192).zoom, 24)
        XCTAssertEqual(try StaticView.maxZoom("15", offset: 1), 14)
        XCTAssertNotNil(error(try StaticView(fittingOverlays: StaticOverlays(), padding: 0.1, maxZoom: nil, width: 100, height: 100, pixelRatio: 1, maxSide: 8192)))
    }

    func testBadInputNamesThePart() {
        let cases: [([(String, String)], String)] = [
            ([("path", "0,0|abc")], #"path[0]: "abc" is not lng,lat"#),
            ([("path", "0,0|1,1"), ("path", "0,0|abc")], #"path[1]: "abc" is not lng,lat"#),
            ([("latlng", "1"), ("path", "0,0|1")], #"path[0]: "1" is not lat,lng"#),
            ([("path", "0,0")], "path[0]: a path needs at least 2 points"),
            ([("path", "stroke:red")], "path[0]: no coordinates"),
            ([("path", "stroke:nocolour|0,0|1,1")], #"path[0].stroke: "nocolour" is not a CSS colour"#),
            ([("path", "width:-1|0,0|1,1")], "path[0].width: must be a number"),
            ([("path", "width:1000|0,0|1,1")], "path[0].width: must be a number in [0, 500]"),
            ([("path", "colour:red|0,0|1,1")], #"path[0]: unknown path option "colour""#),
            ([("path", "enc:_p~iF")], "path[0]: \"_p~iF\" is not a Google encoded polyline"),
            ([("path", "0,0|200,1")], "path[0]: longitude 200.0 is not in [-180, 180]"),
            ([("path", "0,0|1,89")], "path[0]: latitude 89.0 is not in"),
            ([("stroke", "bad"), ("path", "0,0|1,1")], #"stroke: "bad" is not a CSS colour"#),
            ([("linecap", "flat")], "linecap: must be butt, round, square"),
            ([("linejoin", "sharp")], "linejoin: must be miter, round, bevel"),
            ([("width", "a")], "width: must be a number"),
            ([("latlng", "maybe")], "latlng must be true or false"),
            ([("stroke", "red"), ("stroke", "blue")], "stroke is given 2 times"),
            ([("marker", "1,2")], "marker[0]: a marker is lng,lat|icon"),
            ([("marker", "x,2|pin")], #"marker[0]: "x,2" is not lng,lat"#),
            ([("marker", "1,2|pin|scale:0")], "marker[0].scale: must be a number in (0, 10]"),
            ([("marker", "1,2|pin|offset:a,b")], "marker[0].offset: must be x[,y]"),
            ([("marker", "1,2|pin|rotate:4")], #"marker[0]: unknown option "rotate:4""#),
            ([("marker", "1,2|../secret.png")], #"marker[0] icon: "../secret.png" is not an icon file name"#),
            ([("marker", "1,2|/etc/x.png")], #"marker[0] icon: "/etc/x.png" is not an icon file name"#),
            ([("marker", "1,2|https://example.com/a.png")], "marker[0] icon: remote and data: icons are not supported"),
            ([("marker", "1,2|pin-nocolour")], #"marker[0] icon: "nocolour" is not a colour name"#),
            ([("marker", "1,2|pin-red-ABC")], "marker[0] icon: a pin label is 1 or 2 letters or digits"),
            ([("marker", "1,2|pin|x"), ("marker", "1,2|pin")], #"marker[0]: unknown option "x""#),
            ([("before_layer", "")], "before_layer must name a layer"),
        ]
        for (pairs, expected) in cases {
            let message = error(try parse(pairs))
            XCTAssertTrue(message?.contains(expected) == true, "\(pairs): \(message ?? "no error") does not say \(expected)")
        }
        XCTAssertNotNil(error(try parse(Array(repeating: ("path", "0,0|1,1"), count: OverlayQueryParser.maxPaths + 1))))
        XCTAssertNotNil(error(try parse(Array(repeating: ("marker", "0,0|pin"), count: OverlayQueryParser.maxMarkers + 1))))
        let long = (0..<(OverlayQueryParser.maxPoints / 2 + 1)).map { _ in "1,1" }.joined(separator: "|")
        XCTAssertEqual(error(try parse([("path", long), ("path", long)])), "the paths have more than \(OverlayQueryParser.maxPoints) points together")
        // Shown user text is cut and its control characters escaped.
        XCTAssertEqual(OverlayQueryParser.shown("a\u{1}b"), "a\\u{1}b")
    }
}
