import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import JSON
import NIOCore
import NIOHTTP1
import NIOPosix
import XCTest
@testable import TileServer

/// WMTS capabilities of published styles: the document parsed back as XML (tile matrix sets,
/// layers, resource URLs, escaping), and the route through the whole responder.
final class WMTSCapabilitiesTests: XCTestCase {
    static let style = ##"""
    {"version": 8, "name": "Bright",
     "sources": {"a": {"type": "raster", "tiles": ["r/{z}/{x}/{y}.png"], "bounds": [0, 40, 20, 60]},
                 "b": {"type": "vector", "url": "mbtiles://city"}},
     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#0000ff"}}]}
    """##

    func parse(_ xml: String) throws -> XMLElement {
        let doc = try XMLDocument(xmlString: xml, options: [])
        return try XCTUnwrap(doc.rootElement())
    }

    func capabilities(_ style: String = style, baseURL: String = "http://maps.example:8080",
                      archiveBounds: @escaping (String) -> [Double]? = { $0 == "city" ? [13, 53, 14, 54] : nil }) throws -> XMLElement {
        try parse(WMTSCapabilities.published(id: "bright", style: JSONParser.parse(Array(style.utf8)), renderHash: "h1",
                                             baseURL: baseURL, archiveBounds: archiveBounds))
    }

    func testTileMatrixSetsAreGoogleMapsCompatibleIn256And512Pixels() throws {
        let root = try capabilities()
        XCTAssertEqual(root.localName, "Capabilities")
        XCTAssertEqual(root.uri, "http://www.opengis.net/wmts/1.0")
        XCTAssertEqual(root.attr("version"), "1.0.0")
        let contents = try XCTUnwrap(root.child("Contents"))
        let sets = contents.children("TileMatrixSet")
        XCTAssertEqual(sets.map { $0.text("Identifier") }, ["GoogleMapsCompatible_256", "GoogleMapsCompatible_512"])
        for (set, size) in zip(sets, [256, 512]) {
            XCTAssertEqual(set.text("SupportedCRS"), "urn:ogc:def:crs:EPSG::3857")
            let matrices = set.children("TileMatrix")
            XCTAssertEqual(matrices.count, TileRequest.maxZoom + 1)
            XCTAssertEqual(matrices.count, 25)
            for (z, m) in matrices.enumerated() {
                XCTAssertEqual(m.text("Identifier"), String(z))
                let scale = try XCTUnwrap(Double(m.text("ScaleDenominator") ?? ""))
                // OGC WMTS 1.0.0 Annex E.4: 559,082,264.0287178 at zoom 0 in 256 px tiles, halved per zoom.
                let expected = 559_082_264.0287178 / Double(1 << z) * 256 / Double(size)
                XCTAssertEqual(scale, expected, accuracy: expected * 1e-12, "z\(z) \(size) px")
                let corner = (m.text("TopLeftCorner") ?? "").split(separator: " ").compactMap { Double($0) }
                XCTAssertEqual(corner.count, 2)
                XCTAssertEqual(corner.first ?? 0, -20_037_508.3427892, accuracy: 1e-6)
                XCTAssertEqual(corner.last ?? 0, 20_037_508.3427892, accuracy: 1e-6)
                XCTAssertEqual(m.text("TileWidth"), String(size))
                XCTAssertEqual(m.text("TileHeight"), String(size))
                XCTAssertEqual(m.text("MatrixWidth"), String(1 << z))
                XCTAssertEqual(m.text("MatrixHeight"), String(1 << z))
            }
        }
        XCTAssertEqual(sets[0].childOrder, ["Identifier", "SupportedCRS", "WellKnownScaleSet", "TileMatrix"])
        XCTAssertEqual(root.childOrder, ["ServiceIdentification", "OperationsMetadata", "Contents", "ServiceMetadataURL"])
        XCTAssertEqual(contents.childOrder, ["Layer", "TileMatrixSet"])
        XCTAssertEqual(sets[0].text("WellKnownScaleSet"), "urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible")
        XCTAssertNil(sets[1].text("WellKnownScaleSet"), "the well-known set is 256 px only")
    }

    func testLayersHaveAResourceURLPerFormatOnTheRequestHost() throws {
        let contents = try XCTUnwrap(capabilities().child("Contents"))
        let layers = contents.children("Layer")
        XCTAssertEqual(layers.map { $0.text("Identifier") }, ["bright-256", "bright-512"])
        XCTAssertEqual(layers.map { $0.text("Title") }, ["Bright (256 px)", "Bright (512 px)"])
        for (layer, sizePart) in zip(layers, ["", "/512"]) {
            XCTAssertEqual(layer.childOrder, ["Title", "WGS84BoundingBox", "Identifier", "Style", "Format", "TileMatrixSetLink", "ResourceURL"],
                           "the order of WMTS 1.0.0's LayerType")
            XCTAssertEqual(layer.children("Format").map(\.stringValue), ["image/png", "image/jpeg", "image/webp"])
            XCTAssertEqual(layer.child("TileMatrixSetLink")?.text("TileMatrixSet"), "GoogleMapsCompatible" + (sizePart.isEmpty ? "_256" : "_512"))
            let urls = layer.children("ResourceURL")
            XCTAssertEqual(urls.map { $0.attr("format") }, ["image/png", "image/jpeg", "image/webp"])
            XCTAssertEqual(urls.map { $0.attr("resourceType") }, ["tile", "tile", "tile"])
            XCTAssertEqual(urls.map { $0.attr("template") }, ["png", "jpg", "webp"].map {
                "http://maps.example:8080/styles/bright\(sizePart)/{TileMatrix}/{TileCol}/{TileRow}.\($0)?v=h1"
            })
        }
    }

    func testBoundsFromSourcesAndTheirArchives() throws {
        func bounds(_ root: XMLElement) -> [String] {
            let box = root.child("Contents")?.children("Layer").first?.child("WGS84BoundingBox")
            return [box?.text("LowerCorner") ?? "", box?.text("UpperCorner") ?? ""]
        }
        XCTAssertEqual(bounds(try capabilities()), ["0 40", "20 60"], "union of [0,40,20,60] and the archive's [13,53,14,54]")
        XCTAssertEqual(bounds(try capabilities(archiveBounds: { _ in [-5, 50.5, 25, 70] })), ["-5 40", "25 70"])
        XCTAssertEqual(bounds(try capabilities(archiveBounds: { _ in nil })), ["-180 -85.0511287798066", "180 85.0511287798066"],
                       "a source without bounds may cover the world")
        XCTAssertEqual(bounds(try capabilities(archiveBounds: { _ in [-200, -90, 200, 90] })), ["-180 -85.0511287798066", "180 85.0511287798066"],
                       "clamped to what EPSG:3857 covers")
        let noSources = ##"{"version": 8, "sources": {}, "layers": []}"##
        XCTAssertEqual(bounds(try capabilities(noSources)), ["-180 -85.0511287798066", "180 85.0511287798066"])
        XCTAssertEqual(try capabilities(noSources).child("Contents")?.children("Layer").first?.text("Title"), "bright (256 px)",
                       "a style without a name is titled by its id")
    }

    func testNamesAndURLsAreEscaped() throws {
        let style = ##"{"version": 8, "name": "Rock & <Roll> \"quoted\" 'single' \u0001", "sources": {}, "layers": []}"##
        let xml = WMTSCapabilities.published(id: "bright", style: try JSONParser.parse(Array(style.utf8)), renderHash: "h&<1",
                                             baseURL: "http://a&b<c")
        XCTAssertFalse(xml.contains("Rock & <"))
        let root = try parse(xml)
        let layer = try XCTUnwrap(root.child("Contents")?.children("Layer").first)
        XCTAssertEqual(layer.text("Title"), "Rock & <Roll> \"quoted\" 'single' \u{FFFD} (256 px)")
        XCTAssertEqual(layer.children("ResourceURL").first?.attr("template"),
                       "http://a&b<c/styles/bright/{TileMatrix}/{TileCol}/{TileRow}.png?v=h&<1")
        XCTAssertEqual(root.child("ServiceMetadataURL")?.attr("href"), "http://a&b<c/styles/bright/wmts.xml")
    }

    func testRoute() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-wmts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // No archive in this data directory: the style's raster source only.
        let style = ##"{"version": 8, "name": "Bright", "sources": {"a": {"type": "raster", "tiles": ["r/{z}/{x}/{y}.png"]}}, "layers": []}"##
        try Data(style.utf8).write(to: dir.appendingPathComponent("bright.json"))
        try Data(##"{"version": 8, "sources": {}, "layers": []}"##.utf8).write(to: dir.appendingPathComponent("default.json"))
        var config = ServerConfig()
        config.dataDir = dir.path
        config.stylesDir = dir.path
        config.renderThreads = 1
        let app = StrataApp(config: config, store: MemorySessionStore(), renderer: OnePixelRenderer())
        try app.start()
        defer { app.shutdown(); try? group.syncShutdownGracefully(); try? FileManager.default.removeItem(at: dir) }
        func send(_ uri: String, _ extra: HTTPHeaders = [:]) throws -> HTTPResponse {
            var headers: HTTPHeaders = ["Host": "maps.example:8080", "Origin": "https://gis.example"]
            for (name, value) in extra { headers.replaceOrAdd(name: name, value: value) }
            return try app.respond(to: HTTPRequest(method: .GET, uri: uri, headers: headers, body: []), on: group.next()).wait()
        }
        let hash = try XCTUnwrap(app.published.style("bright")).renderHash
        let r = try send("/styles/bright/wmts.xml")
        XCTAssertEqual(r.status, .ok)
        XCTAssertEqual(r.headers.first(name: "Content-Type"), "application/xml")
        XCTAssertEqual(r.headers.first(name: "Access-Control-Allow-Origin"), "*")
        let etag = try XCTUnwrap(r.headers.first(name: "ETag"))
        let root = try parse(String(decoding: r.bodyBytes, as: UTF8.self))
        XCTAssertEqual(root.child("Contents")?.children("Layer").last?.children("ResourceURL").first?.attr("template"),
                       "http://maps.example:8080/styles/bright/512/{TileMatrix}/{TileCol}/{TileRow}.png?v=\(hash)")
        let again = try send("/styles/bright/wmts.xml", ["If-None-Match": etag])
        XCTAssertEqual(again.status, .notModified)
        XCTAssertEqual(again.headers.first(name: "ETag"), etag)
        XCTAssertTrue(again.bodyBytes.isEmpty)
        XCTAssertNotEqual(try send("/styles/bright/wmts.xml", ["Host": "other.example"]).headers.first(name: "ETag"), etag,
                          "another Host, other URLs, another tag")
        let missing = try send("/styles/nope/wmts.xml")
        XCTAssertEqual(missing.status, .notFound)
        XCTAssertEqual(try JSONParser.parse(missing.bodyBytes)["error"]?["code"], "unknown_style")
        XCTAssertEqual(try send("/styles/default/wmts.xml").status, .ok)

        // A session's capabilities: its tiles, following its edits (no style hash).
        let created = try app.respond(to: HTTPRequest(method: .POST, uri: "/sessions", headers: ["Host": "maps.example:8080"],
                                                      body: Array(##"{"style": "bright"}"##.utf8)), on: group.next()).wait()
        let sid = try XCTUnwrap(JSONParser.parse(created.bodyBytes)["id"]?.stringValue)
        let s = try send("/sessions/\(sid)/wmts.xml")
        XCTAssertEqual(s.status, .ok)
        XCTAssertEqual(s.headers.first(name: "Content-Type"), "application/xml")
        let layers = try XCTUnwrap(parse(String(decoding: s.bodyBytes, as: UTF8.self)).child("Contents")?.children("Layer"))
        XCTAssertEqual(layers.map { $0.text("Identifier") }, ["session-\(sid)-256", "session-\(sid)-512"])
        XCTAssertEqual(layers.first?.text("Title"), "Bright (256 px)")
        XCTAssertEqual(layers.map { $0.children("ResourceURL").last?.attr("template") }, [
            "http://maps.example:8080/tiles/{TileMatrix}/{TileCol}/{TileRow}.webp?session=\(sid)",
            "http://maps.example:8080/tiles/512/{TileMatrix}/{TileCol}/{TileRow}.webp?session=\(sid)",
        ])
        let unknown = try send("/sessions/0123456789abcdef0123456789abcdef/wmts.xml")
        XCTAssertEqual(unknown.status, .notFound)
        XCTAssertEqual(try JSONParser.parse(unknown.bodyBytes)["error"]?["code"], "unknown_session")
    }
}

extension XMLElement {
    /// Child elements whose local name is `name` (namespaces aside).
    func children(_ name: String) -> [XMLElement] {
        (children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == name }
    }

    func child(_ name: String) -> XMLElement? { children(name).first }

    /// The local names of the child elements, runs of the same name counted once.
    var childOrder: [String] {
        (children ?? []).compactMap { ($0 as? XMLElement)?.localName }.reduce(into: []) { out, n in
            if out.last != n { out.append(n) }
        }
    }

    /// The value of the attribute whose local name is `name` (namespaces aside).
    func attr(_ name: String) -> String? {
        (attributes ?? []).first { $0.localName == name || $0.name == name }?.stringValue
    }

    /// The text of the first child element named `name`.
    func text(_ name: String) -> String? { child(name)?.stringValue }
}
