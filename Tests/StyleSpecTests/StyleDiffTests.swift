import SplitMix
import JSON
@testable import StyleSpec
import XCTest

/// Tiny before/after pairs with the expected commands (the kinds of cases of
/// maplibre-style-spec's diff tests), then `apply(diff(a, b), a) == b` over random edits.
final class StyleDiffTests: XCTestCase {
    static let sources = #""s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}, "t": {"type": "geojson", "data": "t.geojson"}"#

    func style(_ layers: String, sources: String = StyleDiffTests.sources, root: String = "",
               supported: Set<LayerType> = LayerType.defaultSupported,
               file: StaticString = #filePath, line: UInt = #line) -> Style {
        parseStyle(#"{"version": 8, \#(root)"sources": {\#(sources)}, "layers": [\#(layers)]}"#, supported: supported,
                   file: file, line: line)!
    }

    func bg(_ id: String, _ extra: String = "") -> String { #"{"id": "\#(id)", "type": "background"\#(extra)}"# }

    func check(_ a: Style, _ b: Style, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        let commands = StyleDiff.diff(from: a, to: b)
        XCTAssertEqual(commands.map { $0.json.serialized() }, expected.map { J($0).serialized() }, file: file, line: line)
        assertRoundTrip(a, b, commands, file: file, line: line)
    }

    func assertRoundTrip(_ a: Style, _ b: Style, _ commands: [StyleCommand], file: StaticString = #filePath, line: UInt = #line) {
        switch a.applying(commands, allowingUnsupportedLayerTypes: true) {
        case .success(let result):
            XCTAssertEqual(result.toJSON(), b.toJSON(), "apply(diff(a, b), a) != b", file: file, line: line)
            XCTAssertEqual(result.layerIds, b.layerIds, file: file, line: line)
            XCTAssertEqual(result.renderHash, b.renderHash, file: file, line: line)
        case .failure(let e):
            XCTFail("diff does not apply: \(e) in \(commands.map { $0.json.serialized() })", file: file, line: line)
        }
    }

    func testIdenticalStylesGiveNoCommands() {
        check(style(bg("a")), style(bg("a")), [])
    }

    func testLayerAddRemoveReorder() {
        check(style(bg("a")), style(bg("a") + "," + bg("b")), [#"["addLayer", {"id": "b", "type": "background"}]"#])
        check(style(bg("b")), style(bg("a") + "," + bg("b")), [#"["addLayer", {"id": "a", "type": "background"}, "b"]"#])
        check(style(bg("a") + "," + bg("b")), style(bg("a")), [#"["removeLayer", "b"]"#])
        check(style(bg("a") + "," + bg("b")), style(bg("b") + "," + bg("a")),
              [#"["removeLayer", "a"]"#, #"["addLayer", {"id": "a", "type": "background"}]"#])
        check(style(bg("a") + "," + bg("b") + "," + bg("c")), style(bg("c") + "," + bg("a") + "," + bg("b")),
              [#"["removeLayer", "c"]"#, #"["addLayer", {"id": "c", "type": "background"}, "a"]"#])
    }

    func testPropertyLevelCommands() {
        let a = style(#"{"id": "l", "type": "line", "source": "s", "paint": {"line-width": 1, "line-color": "red"}, "layout": {"line-cap": "round"}, "filter": ["has", "x"], "minzoom": 2}"#)
        let b = style(#"{"id": "l", "type": "line", "source": "s", "paint": {"line-width": 2, "line-opacity": 0.5}, "layout": {"line-join": "round"}, "filter": ["has", "y"], "maxzoom": 9}"#)
        check(a, b, [
            #"["setLayoutProperty", "l", "line-cap", null]"#,
            #"["setLayoutProperty", "l", "line-join", "round"]"#,
            #"["setPaintProperty", "l", "line-width", 2]"#,
            #"["setPaintProperty", "l", "line-color", null]"#,
            #"["setPaintProperty", "l", "line-opacity", 0.5]"#,
            #"["setFilter", "l", ["has", "y"]]"#,
            #"["setLayerZoomRange", "l", null, 9]"#,
        ])
        let noFilter = style(#"{"id": "l", "type": "line", "source": "s"}"#)
        check(a, noFilter, [
            #"["setLayoutProperty", "l", "line-cap", null]"#,
            #"["setPaintProperty", "l", "line-width", null]"#,
            #"["setPaintProperty", "l", "line-color", null]"#,
            #"["setFilter", "l", null]"#,
            #"["setLayerZoomRange", "l", null, null]"#,
        ])
    }

    func testTypeSourceAndSlotChangesReAddTheLayer() {
        let slots = bg("x") + #", {"id": "m", "type": "slot"}"#
        check(style(slots + #", {"id": "a", "type": "fill", "source": "s"}, "# + bg("z")),
              style(slots + #", {"id": "a", "type": "line", "source": "s"}, "# + bg("z")),
              [#"["removeLayer", "a"]"#, #"["addLayer", {"id": "a", "type": "line", "source": "s"}, "z"]"#])
        check(style(#"{"id": "a", "type": "fill", "source": "s"}"#), style(#"{"id": "a", "type": "fill", "source": "t"}"#),
              [#"["removeLayer", "a"]"#, #"["addLayer", {"id": "a", "type": "fill", "source": "t"}]"#])
        check(style(slots + "," + bg("a")), style(slots + "," + bg("a", #", "slot": "m""#)),
              [#"["removeLayer", "a"]"#, #"["addLayer", {"id": "a", "type": "background", "slot": "m"}]"#])
        check(style(bg("a", #", "metadata": {"k": 1}"#)), style(bg("a", #", "metadata": {"k": 2}"#)),
              [#"["removeLayer", "a"]"#, #"["addLayer", {"id": "a", "type": "background", "metadata": {"k": 2}}]"#])
    }

    func testReorderAndTypeChangeTogether() {
        let a = style(bg("b") + "," + bg("c") + #", {"id": "a", "type": "fill", "source": "s"}"#)
        let b = style(bg("c") + #", {"id": "a", "type": "line", "source": "s"}, "# + bg("b"))
        check(a, b, [
            #"["removeLayer", "b"]"#, #"["addLayer", {"id": "b", "type": "background"}]"#,
            #"["removeLayer", "a"]"#, #"["addLayer", {"id": "a", "type": "line", "source": "s"}, "b"]"#,
        ])
    }

    func testSources() {
        let empty = #"{"type": "FeatureCollection", "features": []}"#
        let one = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [10, 20]}}]}"#
        // Data-only change of a geojson source.
        check(style("", sources: #""g": {"type": "geojson", "data": \#(empty)}"#),
              style("", sources: #""g": {"type": "geojson", "data": \#(one)}"#),
              [#"["setGeoJSONSourceData", "g", \#(one)]"#])
        // Any other change: remove + add, with the source's layers removed first and re-added.
        check(style(#"{"id": "a", "type": "fill", "source": "t"}, {"id": "b", "type": "fill", "source": "g"}, {"id": "c", "type": "fill", "source": "t"}"#,
                    sources: #""g": {"type": "geojson", "data": \#(empty)}, "t": {"type": "geojson", "data": "t.geojson"}"#),
              style(#"{"id": "a", "type": "fill", "source": "t"}, {"id": "b", "type": "fill", "source": "g"}, {"id": "c", "type": "fill", "source": "t"}"#,
                    sources: #""g": {"type": "geojson", "data": \#(empty), "cluster": true}, "t": {"type": "geojson", "data": "t.geojson"}"#),
              [#"["removeLayer", "b"]"#, #"["removeSource", "g"]"#,
               #"["addSource", "g", {"type": "geojson", "data": \#(empty), "cluster": true}]"#,
               #"["addLayer", {"id": "b", "type": "fill", "source": "g"}, "c"]"#])
        check(style("", sources: ""), style("", sources: #""g": {"type": "geojson", "data": "g.geojson"}"#),
              [#"["addSource", "g", {"type": "geojson", "data": "g.geojson"}]"#])
        check(style(#"{"id": "a", "type": "fill", "source": "g"}, "# + bg("z"), sources: #""g": {"type": "geojson", "data": "g.geojson"}"#),
              style(bg("z"), sources: ""),
              [#"["removeLayer", "a"]"#, #"["removeSource", "g"]"#])
    }

    func testRootKeys() {
        check(style("", root: #""center": [0, 0], "zoom": 2, "#), style("", root: #""center": [1, 1], "#),
              [#"["setCenter", [1, 1]]"#, #"["setZoom", null]"#])
        check(style("", root: #""light": {"anchor": "map"}, "#), style("", root: #""light": {"anchor": "viewport"}, "#),
              [#"["setLight", {"anchor": "viewport"}]"#])
        check(style("", root: #""metadata": {"a": 1}, "name": "x", "#), style("", root: #""metadata": {"a": 2}, "name": "x", "#),
              [#"["setRootProperty", "metadata", {"a": 2}]"#])
        check(style(""), style("", root: #""state": {"mode": {"default": "dark"}}, "#),
              [#"["setRootProperty", "state", {"mode": {"default": "dark"}}]"#])
        // Keys without a command fall back to setStyle.
        let a = style("", root: #""x-custom": 1, "#), b = style("", root: #""x-custom": 2, "#)
        let commands = StyleDiff.diff(from: a, to: b)
        XCTAssertEqual(commands.map(\.name), ["setStyle"])
        assertRoundTrip(a, b, commands)
    }

    func testSlotLayersInDiffs() {
        // Members added before their slot layer, and a slot removed together with its members.
        let a = style(bg("base"))
        let b = style(bg("base") + #", {"id": "mid", "type": "slot"}, "# + bg("m1", #", "slot": "mid""#) + "," + bg("top"))
        assertRoundTrip(a, b, StyleDiff.diff(from: a, to: b))
        assertRoundTrip(b, a, StyleDiff.diff(from: b, to: a))
        let c = style(bg("m1", #", "slot": "mid""#) + #", {"id": "mid", "type": "slot"}, "# + bg("base"))
        assertRoundTrip(b, c, StyleDiff.diff(from: b, to: c))
        assertRoundTrip(c, b, StyleDiff.diff(from: c, to: b))
    }

    func testUnsupportedLayerTypesSurviveDeclarativeUpdates() {
        let a = style(bg("a"), supported: fourLayerTypes)
        let b = style(bg("a") + #", {"id": "labels", "type": "symbol", "source": "s", "layout": {"text-field": "x"}}"#,
                      supported: fourLayerTypes)
        let commands = StyleDiff.diff(from: a, to: b)
        assertRoundTrip(a, b, commands)
        XCTAssertEqual(a.applying(commands).failureCode, StyleErrorCode.unsupportedLayerType, "runtime adds still reject them")
    }

    // MARK: random edits

    func testApplyOfDiffGivesTheTargetOverRandomEdits() {
        var rng = SplitMix(seed: 0x5EED)
        let base = J(baseStyleJSON)
        var checked = 0
        for round in 0..<300 {
            var before = base
            for _ in 0..<rng.int(4) { before = RandomEdit.apply(to: before, &rng) }
            var after = before
            for _ in 0..<(1 + rng.int(6)) { after = RandomEdit.apply(to: after, &rng) }
            guard case .success(let (a, _)) = Style.parse(before), case .success(let (b, _)) = Style.parse(after) else { continue }
            let commands = StyleDiff.diff(from: a, to: b)
            switch a.applying(commands, allowingUnsupportedLayerTypes: true) {
            case .success(let result):
                XCTAssertEqual(result.toJSON(), b.toJSON(), "round \(round): \(commands.map { $0.json.serialized() })")
                XCTAssertEqual(result.renderHash, b.renderHash, "round \(round)")
                checked += 1
            case .failure(let e):
                XCTFail("round \(round): \(e) applying \(commands.map { $0.json.serialized() })")
            }
            XCTAssertEqual(StyleDiff.diff(from: b, to: b), [], "round \(round)")
        }
        XCTAssertGreaterThan(checked, 200, "most random edits should give valid styles")
    }
}

extension Result where Failure == StyleError {
    var failureCode: String? { if case .failure(let e) = self { return e.code }; return nil }
}

/// Deterministic PRNG so failures reproduce.
typealias SplitMix = SplitMix64

/// Random valid-looking edits on style JSON: the kinds of change a declarative client makes.
enum RandomEdit {
    static func apply(to style: JSONValue, _ rng: inout SplitMix) -> JSONValue {
        guard case .object(var root) = style, case .array(var layers)? = root["layers"],
              case .object(var sources)? = root["sources"] else { return style }
        let slotIds = layers.compactMap { $0["type"] == "slot" ? $0["id"]?.stringValue : nil }
        let geojson = sources.keys
        func randomLayer() -> JSONValue {
            let id = "L\(rng.next() % 100_000)"
            var o = JSONObject([("id", .string(id))])
            switch rng.int(5) {
            case 0:
                o["type"] = "background"
                o["paint"] = ["background-color": .string(rng.pick(["red", "#00ff00", "rgba(0,0,255,0.5)"]))]
            case 1:
                o["type"] = "fill"; o["source"] = .string(rng.pick(geojson))
                o["paint"] = ["fill-opacity": .number(Double(rng.int(10)) / 10)]
            case 2:
                o["type"] = "line"; o["source"] = .string(rng.pick(geojson))
                o["layout"] = ["line-cap": .string(rng.pick(["round", "butt", "square"]))]
            case 3:
                o["type"] = "circle"; o["source"] = .string(rng.pick(geojson))
                o["filter"] = ["==", ["get", "k"], .number(Double(rng.int(3)))]
            default:
                o["type"] = "slot"
            }
            if o["type"] != "slot", !slotIds.isEmpty, rng.int(3) == 0 { o["slot"] = .string(rng.pick(slotIds)) }
            return .object(o)
        }
        func editLayer(_ i: Int) {
            guard case .object(var l) = layers[i], l["type"] != "slot" else { return }
            switch rng.int(7) {
            case 0: l["minzoom"] = rng.int(2) == 0 ? nil : .number(Double(rng.int(5)))
            case 1: l["maxzoom"] = rng.int(2) == 0 ? nil : .number(Double(10 + rng.int(5)))
            case 2:
                if l["type"] != "background" {
                    l["filter"] = rng.int(2) == 0 ? nil : ["has", .string(rng.pick(["a", "b"]))]
                }
            case 3:
                var paint = l["paint"]?.objectValue ?? JSONObject()
                let name: String = l["type"] == "fill" ? "fill-color" : l["type"] == "line" ? "line-width"
                    : l["type"] == "circle" ? "circle-radius" : "background-opacity"
                let value: JSONValue = name == "fill-color" ? .string(rng.pick(["red", "blue"])) : .number(Double(rng.int(5)) / 4)
                paint[name] = rng.int(3) == 0 ? nil : value
                l["paint"] = paint.isEmpty ? nil : .object(paint)
            case 4: l["layout"] = rng.int(2) == 0 ? nil : ["visibility": .string(rng.pick(["visible", "none"]))]
            case 5: l["slot"] = slotIds.isEmpty || rng.int(2) == 0 ? nil : .string(rng.pick(slotIds))
            default: l["metadata"] = ["n": .number(Double(rng.int(3)))]
            }
            layers[i] = .object(l)
        }
        switch rng.int(10) {
        case 0, 1: layers.insert(randomLayer(), at: rng.int(layers.count + 1))
        case 2:
            if !layers.isEmpty {
                let i = rng.int(layers.count)
                let id = layers[i]["id"]
                layers.remove(at: i)
                layers = layers.map { l in
                    guard case .object(var o) = l, o["slot"] == id else { return l }
                    o["slot"] = nil
                    return .object(o)
                }
            }
        case 3:
            if layers.count > 1 { let l = layers.remove(at: rng.int(layers.count)); layers.insert(l, at: rng.int(layers.count + 1)) }
        case 4, 5, 6: if !layers.isEmpty { editLayer(rng.int(layers.count)) }
        case 7:
            let id = rng.pick(geojson)
            var s = sources[id]!.objectValue!
            if rng.int(2) == 0 {
                s["data"] = ["type": "FeatureCollection", "features": .array(rng.int(2) == 0 ? [] : [
                    ["type": "Feature", "properties": ["k": .number(Double(rng.int(3)))],
                     "geometry": ["type": "Point", "coordinates": [.number(Double(rng.int(90))), 0]]]])]
            } else {
                s["maxzoom"] = .number(Double(10 + rng.int(8)))
            }
            sources[id] = .object(s)
        case 8:
            let id = "S\(rng.int(3))"
            if sources[id] == nil {
                sources[id] = ["type": "geojson", "data": .string("\(id).geojson")]
            } else if !layers.contains(where: { $0["source"] == .string(id) }) {
                sources[id] = nil
            }
        default:
            switch rng.int(3) {
            case 0: root["center"] = [.number(Double(rng.int(10))), 0]
            case 1: root["metadata"] = ["rev": .number(Double(rng.int(5)))]
            default: root["name"] = .string(rng.pick(["a", "b"]))
            }
        }
        root["layers"] = .array(layers)
        root["sources"] = .object(sources)
        return .object(root)
    }
}
