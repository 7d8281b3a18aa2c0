import Foundation
import JSON

/// OGC WMTS 1.0.0 capabilities (RESTful) of a style's rendered tiles, so desktop GIS (QGIS,
/// ArcGIS, GDAL) can add the style as a WMTS layer, as they do with tileserver-gl's
/// `/styles/{id}/wmts.xml`. The tile matrix set and layer identifiers are tileserver-gl's
/// (`GoogleMapsCompatible_256`, `GoogleMapsCompatible_512`, layers `{id}-256` and `{id}-512`),
/// so a client's saved connection keeps working after a migration. Pure functions of their
/// inputs, tested without a server.
enum WMTSCapabilities {
    /// What the document describes: one style's tiles under `tilesURL`, where a 256 px tile
    /// is `{tilesURL}/{z}/{x}/{y}.{ext}` and a 512 px one `{tilesURL}/512/{z}/{x}/{y}.{ext}`.
    struct Layer {
        /// The layer identifiers' stem (`{identifier}-256`, `{identifier}-512`).
        var identifier: String
        var title: String
        /// `[west, south, east, north]` in degrees.
        var bounds: [Double]
        var tilesURL: String
        /// Appended to each tile URL after `?` (e.g. the style's render hash), or nil.
        var query: String?
        /// This document's own URL.
        var capabilitiesURL: String
    }

    /// The tile sizes a style is offered in, each as its own tile matrix set and layer.
    static let tileSizes = [256, 512]
    /// The formats Strata renders: MIME type and file extension.
    static let formats: [(mime: String, ext: String)] = [("image/png", "png"), ("image/jpeg", "jpg"), ("image/webp", "webp")]
    /// Half the width of the EPSG:3857 square (π × the WGS 84 semi-major axis), in metres.
    static let originShift = Double.pi * 6_378_137
    /// The latitude where EPSG:3857 ends.
    static let maxLatitude = 85.0511287798066

    /// The capabilities of published style `id`: its `name` as title, bounds from its sources
    /// (see `bounds`), tiles at `/styles/{id}/…?v={renderHash}`.
    static func published(id: String, style: JSONValue, renderHash: String, baseURL: String,
                          archiveBounds: (String) -> [Double]? = { _ in nil }) -> String {
        document(Layer(identifier: id, title: style["name"]?.stringValue ?? id, bounds: bounds(style, archiveBounds),
                       tilesURL: "\(baseURL)/styles/\(id)", query: "v=\(renderHash)",
                       capabilitiesURL: "\(baseURL)/styles/\(id)/wmts.xml"))
    }

    /// The capabilities of session `sessionID`'s current style: its tiles at
    /// `/tiles/…?session={sessionID}`, not pinned to a style hash, since the session's style
    /// changes under the client's saved connection. `sessionID` is well-formed (hex or
    /// "default"), so it needs no percent-encoding.
    static func session(_ sessionID: String, style: JSONValue, baseURL: String,
                        archiveBounds: (String) -> [Double]? = { _ in nil }) -> String {
        document(Layer(identifier: "session-\(sessionID)", title: style["name"]?.stringValue ?? "Session \(sessionID)",
                       bounds: bounds(style, archiveBounds), tilesURL: "\(baseURL)/tiles", query: "session=\(sessionID)",
                       capabilitiesURL: "\(baseURL)/sessions/\(sessionID)/wmts.xml"))
    }

    /// The union of the style's sources' bounds, the world when a source has none;
    /// `archiveBounds` names the bounds of the archives that `mbtiles://`/`pmtiles://` sources use.
    static func bounds(_ style: JSONValue, _ archiveBounds: (String) -> [Double]?) -> [Double] {
        let sources = (style["sources"]?.objectValue.map { $0.map(\.value) } ?? []).map { withArchiveBounds($0, archiveBounds) }
        return PublishedTileJSON.unionBounds(sources) ?? PublishedTileJSON.worldBounds
    }

    /// `source` with `bounds` from the archive its URL names, when it has none of its own.
    static func withArchiveBounds(_ source: JSONValue, _ archiveBounds: (String) -> [Double]?) -> JSONValue {
        guard case .object(var o) = source, o["bounds"] == nil, let url = o["url"]?.stringValue,
              let name = GLStyleDocument.archiveName(url), let b = archiveBounds(name), b.count == 4 else { return source }
        o["bounds"] = .array(b.map { .number($0) })
        return .object(o)
    }

    /// The whole capabilities document of `layer`.
    static func document(_ layer: Layer) -> String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" \
        xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.opengis.net/wmts/1.0 http://schemas.opengis.net/wmts/1.0/wmtsGetCapabilities_response.xsd" \
        version="1.0.0">
          <ows:ServiceIdentification>
            <ows:Title>Strata</ows:Title>
            <ows:ServiceType>OGC WMTS</ows:ServiceType>
            <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
          </ows:ServiceIdentification>
          <ows:OperationsMetadata>

        """
        xml += operation("GetCapabilities", href: layer.capabilitiesURL)
        xml += operation("GetTile", href: layer.tilesURL + "/")
        xml += "  </ows:OperationsMetadata>\n  <Contents>\n"
        for size in tileSizes { xml += layerElement(layer, tileSize: size) }
        for size in tileSizes { xml += tileMatrixSet(tileSize: size) }
        xml += "  </Contents>\n  <ServiceMetadataURL xlink:href=\"\(escape(layer.capabilitiesURL))\"/>\n</Capabilities>\n"
        return xml
    }

    /// An operation offered with the RESTful encoding at `href`.
    static func operation(_ name: String, href: String) -> String {
        """
            <ows:Operation name="\(name)">
              <ows:DCP><ows:HTTP><ows:Get xlink:href="\(escape(href))">
                <ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>RESTful</ows:Value></ows:AllowedValues></ows:Constraint>
              </ows:Get></ows:HTTP></ows:DCP>
            </ows:Operation>

        """
    }

    /// The identifier of the tile matrix set of `tileSize` px tiles.
    static func matrixSetID(_ tileSize: Int) -> String { "GoogleMapsCompatible_\(tileSize)" }

    /// The `<Layer>` of `layer`'s `tileSize` px tiles: a resource URL template per format.
    /// Children in the schema's order (`ows:Title`, `ows:WGS84BoundingBox`, `ows:Identifier`,
    /// `Style`, `Format`, `TileMatrixSetLink`, `ResourceURL`), which strict clients check.
    static func layerElement(_ layer: Layer, tileSize: Int) -> String {
        let b = clamped(layer.bounds)
        let sizePart = tileSize == 256 ? "" : "/\(tileSize)"
        let query = layer.query.map { "?" + $0 } ?? ""
        var xml = """
            <Layer>
              <ows:Title>\(escape(layer.title)) (\(tileSize) px)</ows:Title>
              <ows:WGS84BoundingBox crs="urn:ogc:def:crs:OGC:2:84">
                <ows:LowerCorner>\(number(b[0])) \(number(b[1]))</ows:LowerCorner>
                <ows:UpperCorner>\(number(b[2])) \(number(b[3]))</ows:UpperCorner>
              </ows:WGS84BoundingBox>
              <ows:Identifier>\(escape(layer.identifier))-\(tileSize)</ows:Identifier>
              <Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>

        """
        for f in formats { xml += "      <Format>\(f.mime)</Format>\n" }
        xml += "      <TileMatrixSetLink><TileMatrixSet>\(matrixSetID(tileSize))</TileMatrixSet></TileMatrixSetLink>\n"
        for f in formats {
            let template = "\(layer.tilesURL)\(sizePart)/{TileMatrix}/{TileCol}/{TileRow}.\(f.ext)\(query)"
            xml += "      <ResourceURL format=\"\(f.mime)\" resourceType=\"tile\" template=\"\(escape(template))\"/>\n"
        }
        return xml + "    </Layer>\n"
    }

    /// Web Mercator (EPSG:3857) in `tileSize` px tiles, one tile matrix per zoom 0 to
    /// `TileRequest.maxZoom`: zoom z is 2^z × 2^z tiles over the whole square, as the z/x/y of
    /// the tile URLs (a 512 px tile covers what a 256 px tile of the same z/x/y covers).
    static func tileMatrixSet(tileSize: Int) -> String {
        let corner = "\(number(-originShift)) \(number(originShift))"
        var xml = """
            <TileMatrixSet>
              <ows:Identifier>\(matrixSetID(tileSize))</ows:Identifier>
              <ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS>

        """
        if tileSize == 256 { xml += "      <WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>\n" }
        for z in 0...TileRequest.maxZoom {
            let n = 1 << z
            xml += """
                  <TileMatrix>
                    <ows:Identifier>\(z)</ows:Identifier>
                    <ScaleDenominator>\(number(scaleDenominator(zoom: z, tileSize: tileSize)))</ScaleDenominator>
                    <TopLeftCorner>\(corner)</TopLeftCorner>
                    <TileWidth>\(tileSize)</TileWidth>
                    <TileHeight>\(tileSize)</TileHeight>
                    <MatrixWidth>\(n)</MatrixWidth>
                    <MatrixHeight>\(n)</MatrixHeight>
                  </TileMatrix>

            """
        }
        return xml + "    </TileMatrixSet>\n"
    }

    /// The scale denominator of zoom `zoom`: metres per pixel over the standard 0.28 mm
    /// rendering pixel of WMTS (559,082,264.0287178 at zoom 0 in 256 px tiles).
    static func scaleDenominator(zoom: Int, tileSize: Int) -> Double {
        2 * originShift / Double(tileSize) / Double(1 << zoom) / 0.00028
    }

    /// `bounds` inside the square EPSG:3857 covers.
    static func clamped(_ b: [Double]) -> [Double] {
        guard b.count == 4, b.allSatisfy(\.isFinite) else { return PublishedTileJSON.worldBounds }
        return [max(b[0], -180), max(b[1], -maxLatitude), min(b[2], 180), min(b[3], maxLatitude)]
    }

    /// A number as XML text: integers without a fraction, others in their shortest exact form.
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    /// `s` safe in XML text and in a double-quoted attribute; a character XML 1.0 cannot
    /// carry (a control character other than tab and line breaks, U+FFFE, U+FFFF) becomes U+FFFD.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            case _ where u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
