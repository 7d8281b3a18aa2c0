import JSON
import Raster
import StyleSpec
import XCTest
@testable import Renderer

/// The typed `*Properties` generated from v8.json (Scripts/generate-layer-properties.py):
/// defaults, set values, enum conversion with its spec-default fallback, and that the
/// committed files name every property of the spec they were generated from.
final class GeneratedLayerPropertiesTests: XCTestCase {
    func layer(_ type: String, paint: String = "{}", layout: String = "{}") throws -> Layer {
        let json = try JSONParser.parse("""
        {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "l", "type": "\(type)", "source": "p", "paint": \(paint), "layout": \(layout)}]}
        """)
        guard case .success(let (style, _)) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw StyleDoesNotParse()
        }
        return try XCTUnwrap(style.layer("l"))
    }

    struct StyleDoesNotParse: Error {}

    let ctx = EvaluationContext(zoom: 10)

    func testUnsetPropertiesTakeTheSpecDefault() throws {
        let p = FillProperties(try layer("fill"), ctx)
        XCTAssertEqual(p.fillOpacity.value(ctx), 1)
        XCTAssertEqual(p.fillTranslate.value(ctx), .zero)
        XCTAssertEqual(p.fillTranslateAnchor.value(ctx), .map)
        XCTAssertEqual(p.fillAntialias.constantValue, true)
        XCTAssertNil(p.fillSortKey, "no spec default: nil when unset")
        XCTAssertNil(p.fillOutlineColor)
        XCTAssertFalse(p.isSet(.fillOpacity))
        let line = LineProperties(try layer("line"), ctx)
        XCTAssertEqual(line.lineCap.value(ctx), .butt)
        XCTAssertEqual(line.lineJoin.value(ctx), .miter)
        XCTAssertEqual(line.lineRoundLimit.value(ctx), 1.05)
    }

    func testSetValuesConvertByTheirSpecType() throws {
        let l = try layer("line", paint: #"{"line-translate": [2, -3], "line-translate-anchor": "viewport", "line-dasharray": [1, 2]}"#,
                          layout: #"{"line-cap": "round", "line-join": ["step", ["zoom"], "bevel", 5, "round"], "line-sort-key": 4}"#)
        let p = LineProperties(l, ctx)
        XCTAssertEqual(p.lineTranslate.value(ctx), SIMD2(2, -3))
        XCTAssertEqual(p.lineTranslateAnchor.value(ctx), .viewport)
        XCTAssertEqual(p.lineCap.value(ctx), .round)
        XCTAssertEqual(p.lineJoin.value(ctx), .round, "zoom 10 is past the step")
        XCTAssertEqual(p.lineDasharray?.value(ctx), [1, 2])
        XCTAssertEqual(p.lineSortKey?.value(ctx), 4)
        XCTAssertTrue(p.isSet(.lineCap))
        XCTAssertTrue(p.isSet(.lineTranslate))
        XCTAssertFalse(p.isSet(.lineWidth))
    }

    func testSymbolEnumsAndSizes() throws {
        let l = try layer("symbol", layout: #"""
            {"symbol-placement": "line-center", "text-transform": "uppercase", "icon-text-fit": "both",
             "text-anchor": "top-left", "text-overlap": "cooperative", "text-size": 20, "text-font": ["A", "B"]}
            """#)
        let p = SymbolProperties(l, ctx)
        XCTAssertEqual(p.symbolPlacement.value(ctx), .lineCenter)
        XCTAssertEqual(p.textTransform.value(ctx), .uppercase)
        XCTAssertEqual(p.iconTextFit.value(ctx), .both)
        XCTAssertEqual(p.textAnchor.value(ctx), .topLeft)
        XCTAssertEqual(p.textOverlap?.value(ctx), .cooperative)
        XCTAssertNil(p.iconOverlap)
        XCTAssertEqual(p.textSize.value(ctx), 20)
        XCTAssertEqual(p.textFont.value(ctx), ["A", "B"])
        XCTAssertEqual(p.textJustify.value(ctx), .center)
        XCTAssertEqual(p.textRotationAlignment.value(ctx), .auto)
        XCTAssertEqual(p.symbolZOrder.value(ctx), .auto)
    }

    /// A value an enum does not name (an expression's output is not checked against the
    /// values) falls back to the spec default.
    func testUnknownEnumValuesTakeTheSpecDefault() {
        XCTAssertEqual(LineCap.from(.string("bogus")), .butt)
        XCTAssertEqual(LineJoin.from(.null), .miter)
        XCTAssertEqual(TranslateAnchor.from(.number(1)), .map)
        XCTAssertEqual(SymbolAnchor.from(.string("middle")), .center)
        XCTAssertEqual(HillshadeShading.Method.from(.string("igor")), .igor)
        XCTAssertEqual(IlluminationAnchor.from(.string("x")), .viewport)
    }

    /// The generated keys are exactly v8.json's properties (less `visibility` and the colour
    /// ramps, which their painters' ramp caches evaluate): regenerate when the spec changes.
    func testGeneratedKeysMatchTheSpec() {
        func names<K: RawRepresentable & CaseIterable>(_: K.Type) -> Set<String> where K.RawValue == String {
            Set(K.allCases.map(\.rawValue))
        }
        let generated: [LayerType: Set<String>] = [
            .fill: names(FillProperties.Key.self), .line: names(LineProperties.Key.self),
            .symbol: names(SymbolProperties.Key.self), .circle: names(CircleProperties.Key.self),
            .heatmap: names(HeatmapProperties.Key.self), .fillExtrusion: names(FillExtrusionProperties.Key.self),
            .raster: names(RasterProperties.Key.self), .hillshade: names(HillshadeProperties.Key.self),
            .colorRelief: names(ColorReliefProperties.Key.self), .background: names(BackgroundProperties.Key.self),
        ]
        for (type, keys) in generated {
            let spec = (SpecTables.paint(for: type).properties + SpecTables.layout(for: type).properties)
                .filter { $0.name != "visibility" && $0.propertyType != .colorRamp }
            XCTAssertEqual(keys, Set(spec.map(\.name)), "\(type)")
        }
    }
}
