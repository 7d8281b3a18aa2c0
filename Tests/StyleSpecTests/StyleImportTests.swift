import JSON
@testable import StyleSpec
import XCTest

/// Style imports (Mapbox GL v3): a basemap with a `schema` imported inline or by URL, its
/// options set in `config`, read by `["config", …]`, its layers namespaced and flattened
/// below the importer's, the importer's layers placed in its slots.
final class StyleImportTests: XCTestCase {
    static let basemap = """
    {"version": 8, "name": "base",
     "schema": {"land": {"default": "#ffffff", "type": "color"},
                "labels": {"default": true, "type": "boolean"},
                "density": {"default": "low", "type": "string", "values": ["low", "high"]},
                "width": {"default": 2, "type": "number", "minValue": 1, "maxValue": 5, "stepValue": 0.5}},
     "sources": {"pts": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": ["config", "land"]}},
                {"id": "middle", "type": "slot"},
                {"id": "dots", "type": "circle", "source": "pts", "filter": ["config", "labels"],
                 "paint": {"circle-radius": ["config", "width"]}}]}
    """

    struct Loader: StyleImportLoading {
        let styles: [String: String]
        func loadStyle(_ url: String) -> Result<JSONValue, ImportReadError> {
            guard let text = styles[url] else { return .failure(ImportReadError("no such style")) }
            return .success(J(text))
        }
    }

    func importer(config: String = "{}", extraLayers: String = "") -> JSONValue {
        J("""
        {"version": 8, "imports": [{"id": "basemap", "data": \(Self.basemap), "config": \(config)}],
         "sources": {"route": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}}},
         "layers": [{"id": "route", "type": "line", "source": "route", "slot": "middle"}\(extraLayers)]}
        """)
    }

    func parse(_ json: JSONValue, loader: (any StyleImportLoading)? = nil) throws -> Style {
        switch Style.parse(json, importLoader: loader) {
        case .success(let r): return r.0
        case .failure(let e): throw XCTSkip("unexpected errors: \(e)")
        }
    }

    func errors(_ json: JSONValue, loader: (any StyleImportLoading)? = nil) -> [StyleError] {
        if case .failure(let e) = Style.parse(json, importLoader: loader) { return e }
        return []
    }

    func testImportedLayersAreNamespacedBelowAndTheSlotHoldsTheImportersLayer() throws {
        let style = try parse(importer())
        let sep = StyleImport.separator
        XCTAssertEqual(style.rendered.renderOrder.map(\.id), ["basemap\(sep)bg", "basemap\(sep)middle", "route", "basemap\(sep)dots"])
        XCTAssertEqual(style.rendered.layer("basemap\(sep)dots")?.source, "basemap\(sep)pts")
        XCTAssertNotNil(style.rendered.source("basemap\(sep)pts"))
        XCTAssertEqual(style.layers.map(\.id), ["route"], "the document keeps its own layers")
        XCTAssertEqual(style.toJSON()["imports"]?[0]?["id"], "basemap")
        // The document round-trips (imports as written) to the same pixels.
        let again = try parse(style.toJSON())
        XCTAssertEqual(again.renderHash, style.renderHash)
    }

    func testTheFlatDocumentHasNoImportsNorConfigAndLoadsAsIs() throws {
        let style = try parse(importer(config: ##"{"land": "#ff0000", "width": 3}"##))
        let flat = style.flatDocument()
        XCTAssertNil(flat["imports"])
        XCTAssertFalse(flat.serialized().contains("\"config\""), flat.serialized())
        let sep = StyleImport.separator
        XCTAssertEqual(flat["layers"]?[0]?["paint"]?["background-color"], J(##"["literal", "#ff0000"]"##))
        let reread = try parse(flat)
        XCTAssertEqual(reread.renderOrder.map(\.id), style.rendered.renderOrder.map(\.id))
        XCTAssertEqual(reread.layer("basemap\(sep)dots")?.paint["circle-radius"]?.evaluate(EvaluationContext()).numberValue, 3)
    }

    func testConfigValuesCompileAsConstantsAndRekeyTheRenderHash() throws {
        let a = try parse(importer())
        let b = try parse(importer(config: ##"{"land": "#ff0000"}"##))
        XCTAssertNotEqual(a.renderHash, b.renderHash)
        let bg = b.rendered.layer("basemap\(StyleImport.separator)bg")!
        XCTAssertEqual(bg.paint["background-color"]?.evaluate(EvaluationContext()).colorValue, StyleColor(r: 1, g: 0, b: 0))
        XCTAssertEqual(bg.json["paint"]?["background-color"], J(#"["config", "land"]"#), "the layer keeps its JSON as written")
        let off = try parse(importer(config: #"{"labels": false}"#))
        let dots = off.rendered.layer("basemap\(StyleImport.separator)dots")!
        XCTAssertEqual(dots.filter?.evaluateFilter(EvaluationContext()), false)
        XCTAssertNotEqual(dots.filterText, a.rendered.layer("basemap\(StyleImport.separator)dots")!.filterText,
                          "per-tile filter results re-key with the option")
    }

    func testBadConfigValuesPointIntoTheImport() {
        let cases: [(String, String)] = [
            (#"{"density": "medium"}"#, "/imports/0/config/density"),
            (#"{"labels": "yes"}"#, "/imports/0/config/labels"),
            (#"{"land": "not a colour"}"#, "/imports/0/config/land"),
            (#"{"width": 7}"#, "/imports/0/config/width"),
            (#"{"width": 1.2}"#, "/imports/0/config/width"),
            (#"{"nope": 1}"#, "/imports/0/config/nope"),
        ]
        for (config, path) in cases {
            let e = errors(importer(config: config))
            XCTAssertEqual(e.first?.path.description, path, config)
            XCTAssertEqual(e.first?.code, StyleErrorCode.invalidConfig, config)
        }
    }

    func testMalformedImportsAreErrorsAtTheirPointers() {
        let cases: [(String, String)] = [
            (#"{"version": 8, "imports": {}, "sources": {}, "layers": []}"#, "/imports"),
            (#"{"version": 8, "imports": [{"url": "a"}], "sources": {}, "layers": []}"#, "/imports/0/id"),
            (#"{"version": 8, "imports": [{"id": "a"}], "sources": {}, "layers": []}"#, "/imports/0"),
            (#"{"version": 8, "imports": [{"id": "a", "url": "x", "data": {}}], "sources": {}, "layers": []}"#, "/imports/0"),
            (#"{"version": 8, "imports": [{"id": "a", "data": {"version": 8, "sources": {}, "layers": [{"id": "l", "type": "nope"}]}}], "sources": {}, "layers": []}"#, "/imports/0/data/layers/0/type"),
            (#"{"version": 8, "imports": [{"id": "a", "data": {"version": 8, "sources": {}, "layers": []}, "extra": 1}], "sources": {}, "layers": []}"#, "/imports/0/extra"),
            (#"{"version": 8, "imports": [{"id": "a", "data": {"version": 8, "schema": {"x": {}}, "sources": {}, "layers": []}}], "sources": {}, "layers": []}"#, "/imports/0/data/schema/x"),
        ]
        for (text, path) in cases {
            XCTAssertEqual(errors(J(text)).first?.path.description, path, text)
        }
    }

    func testUnreadableImportsNameTheirURLAndCyclesAreErrors() {
        let missing = errors(J(#"{"version": 8, "imports": [{"id": "a", "url": "gone"}], "sources": {}, "layers": []}"#),
                             loader: Loader(styles: [:]))
        XCTAssertEqual(missing.first?.path.description, "/imports/0/url")
        XCTAssertTrue(missing.first?.message.contains("\"gone\"") == true, missing.first?.message ?? "")
        let loop = Loader(styles: [
            "a": #"{"version": 8, "imports": [{"id": "b", "url": "b"}], "sources": {}, "layers": []}"#,
            "b": #"{"version": 8, "imports": [{"id": "a", "url": "a"}], "sources": {}, "layers": []}"#,
        ])
        let cycle = errors(J(#"{"version": 8, "imports": [{"id": "a", "url": "a"}], "sources": {}, "layers": []}"#), loader: loop)
        XCTAssertEqual(cycle.first?.path.description, "/imports/0/url")
        XCTAssertTrue(cycle.first?.message.contains("cycle") == true, cycle.first?.message ?? "")
    }

    func testTheDiffFromAnotherStyleRebuildsTheImports() throws {
        let target = try parse(importer(config: #"{"width": 3}"#, extraLayers: #", {"id": "w", "type": "line", "source": "route", "paint": {"line-width": ["config", "width", "basemap"]}}"#))
        let seed = try TestFiles.json(TestFiles.packageRoot.appendingPathComponent("Tests/Fuzz/Seeds/style/imports.json"))
        for to in [target, try parse(seed)] {
            let from = try parse(J(baseStyleJSON))
            let diff = StyleDiff.diff(from: from, to: to)
            guard case .success(let patched) = from.applying(diff, allowingUnsupportedLayerTypes: true) else {
                return XCTFail("the diff applies: \(diff.map(\.name))")
            }
            XCTAssertEqual(patched.toJSON(), to.toJSON())
            XCTAssertEqual(patched.renderHash, to.renderHash)
        }
    }

    func testTheSessionStateKeepsTheDocumentsImportedByURL() throws {
        let loader = Loader(styles: ["base": Self.basemap,
                                     "mid": #"{"version": 8, "imports": [{"id": "inner", "url": "base"}], "sources": {}, "layers": []}"#])
        let style = try parse(J(#"{"version": 8, "imports": [{"id": "outer", "url": "mid"}], "sources": {}, "layers": []}"#), loader: loader)
        let documents = style.sessionStateJSON()["importDocuments"]?.objectValue
        XCTAssertEqual(documents?.keys.sorted(), ["base", "mid"])
        // Loaded again from the kept documents alone, it draws the same.
        let again = try parse(style.toJSON(), loader: StoredImportLoader(documents: documents ?? JSONObject(), fallback: nil))
        XCTAssertEqual(again.renderHash, style.renderHash)
        XCTAssertNil(try parse(importer()).sessionStateJSON()["importDocuments"], "inline imports are in the document already")
    }

    func testInlineImportsNestAtMostEightDeep() {
        var doc = #"{"version": 8, "sources": {}, "layers": []}"#
        for i in 0..<9 { doc = #"{"version": 8, "imports": [{"id": "i\#(i)", "data": \#(doc)}], "sources": {}, "layers": []}"# }
        let e = errors(J(doc))
        XCTAssertEqual(e.first?.code, StyleErrorCode.invalidImport)
        XCTAssertTrue(e.first?.message.contains("deeper than 8") == true, e.first?.message ?? "")
        XCTAssertTrue(e.first?.path.description.hasPrefix("/imports/0/data/imports/0/data/") == true, e.first?.path.description ?? "")
    }

    func testNestedImportsAndScopedConfigReads() throws {
        let loader = Loader(styles: ["base": Self.basemap,
                                     "mid": #"{"version": 8, "imports": [{"id": "inner", "url": "base", "config": {"width": 4}}], "sources": {}, "layers": []}"#])
        let style = try parse(J("""
            {"version": 8, "imports": [{"id": "outer", "url": "mid"}], "sources": {},
             "layers": [{"id": "bg2", "type": "background", "paint": {"background-opacity": 0.5}}]}
            """), loader: loader)
        let sep = StyleImport.separator
        XCTAssertEqual(style.rendered.renderOrder.map(\.id), ["outer\(sep)inner\(sep)bg", "outer\(sep)inner\(sep)middle", "outer\(sep)inner\(sep)dots", "bg2"])
        let dots = style.rendered.layer("outer\(sep)inner\(sep)dots")!
        XCTAssertEqual(dots.paint["circle-radius"]?.evaluate(EvaluationContext()).numberValue, 4)
        // The importer reads an import's option by scope.
        let scoped = try parse(importer(config: #"{"width": 3}"#, extraLayers: #", {"id": "w", "type": "line", "source": "route", "paint": {"line-width": ["config", "width", "basemap"]}}"#))
        XCTAssertEqual(scoped.layer("w")?.paint["line-width"]?.evaluate(EvaluationContext()).numberValue, 3)
        XCTAssertEqual(errors(importer(extraLayers: #", {"id": "w", "type": "line", "source": "route", "paint": {"line-width": ["config", "width", "nope"]}}"#)).first?.path.description,
                       "/layers/1/paint/line-width/2")
    }

    func testCommandsChangeConfigAndImportsAndDiffBack() throws {
        let style = try parse(importer(extraLayers: #", {"id": "w", "type": "line", "source": "route", "paint": {"line-width": ["config", "width", "basemap"]}}"#))
        guard case .success(let set) = style.applying([.setConfigProperty(importId: "basemap", name: "width", value: 3)]) else {
            return XCTFail("setConfigProperty applies")
        }
        XCTAssertNotEqual(set.renderHash, style.renderHash)
        XCTAssertEqual(set.layer("w")?.paint["line-width"]?.evaluate(EvaluationContext()).numberValue, 3, "readers re-compile")
        XCTAssertEqual(StyleDiff.diff(from: set, to: style).map(\.name), ["setConfigProperty"])
        guard case .success(let back) = set.applying(StyleDiff.diff(from: set, to: style), allowingUnsupportedLayerTypes: true) else {
            return XCTFail("the diff applies")
        }
        XCTAssertEqual(back.renderHash, style.renderHash)
        for (command, path) in [(StyleCommand.setConfigProperty(importId: "basemap", name: "width", value: 9), "/3"),
                                (.setConfigProperty(importId: "basemap", name: "nope", value: 1), "/2"),
                                (.setConfigProperty(importId: "other", name: "width", value: 2), "/1"),
                                (.removeImport("basemap"), "/1")] {
            guard case .failure(let e) = style.applying(command) else { XCTFail("\(command) fails"); continue }
            XCTAssertEqual(e.path.description, path, "\(command)")
        }
        // Add, move, update, remove; each command round-trips through its JSON form.
        let second = J(#"{"id": "two", "data": {"version": 8, "sources": {}, "layers": [{"id": "x", "type": "background"}]}}"#).objectValue!
        let commands: [StyleCommand] = [.addImport(second, beforeId: "basemap"), .moveImport("two", beforeId: nil),
                                        .updateImport("two", J(#"{"data": {"version": 8, "sources": {}, "layers": []}}"#).objectValue!)]
        for c in commands { XCTAssertEqual(try StyleCommand(json: c.json), c) }
        guard case .success(let added) = style.applying(Array(commands.prefix(1))) else { return XCTFail("addImport applies") }
        XCTAssertEqual(added.imports.map(\.id), ["two", "basemap"])
        guard case .success(let moved) = added.applying(Array(commands.dropFirst())) else { return XCTFail("move/update apply") }
        XCTAssertEqual(moved.imports.map(\.id), ["basemap", "two"])
        XCTAssertEqual(StyleDiff.diff(from: moved, to: style).map(\.name), ["removeImport"])
        guard case .failure(let dup) = style.applying(.addImport(J(#"{"id": "basemap", "data": {}}"#).objectValue!, beforeId: nil)) else {
            return XCTFail("a duplicate import fails")
        }
        XCTAssertEqual(dup.code, StyleErrorCode.duplicateImport)
    }
}
