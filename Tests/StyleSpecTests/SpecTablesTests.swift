import Foundation
import JSON
@testable import StyleSpec
import XCTest

/// The generated tables must say what v8.json says, for every property of every layer type.
final class SpecTablesTests: XCTestCase {
    var v8: JSONObject!

    override func setUpWithError() throws {
        v8 = try XCTUnwrap(TestFiles.json(TestFiles.v8).objectValue)
    }

    func testEveryLayerTypeOfV8IsKnown() throws {
        let types = try XCTUnwrap(v8["layer"]?["type"]?["values"]?.objectValue).keys
        XCTAssertEqual(types, SpecTables.specLayerTypes)
        for t in types { XCTAssertNotNil(LayerType(rawValue: t), t) }
    }

    func testEveryPaintAndLayoutPropertyHasAMatchingEntry() throws {
        var checked = 0
        for typeName in SpecTables.specLayerTypes {
            let type = try XCTUnwrap(LayerType(rawValue: typeName))
            for section in [PropertySection.paint, .layout] {
                let group = section == .paint ? SpecTables.paint(for: type) : SpecTables.layout(for: type)
                let props = v8["\(section.rawValue)_\(typeName)"]?.objectValue ?? JSONObject()
                XCTAssertEqual(Set(group.names), Set(props.keys), "\(section) of \(typeName)")
                for (name, raw) in props {
                    let spec = try XCTUnwrap(group[name], "\(typeName) \(section) \(name) has no entry")
                    try check(spec, against: raw, "\(typeName).\(section).\(name)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 140)
    }

    func testRootSourceAndLayerKeys() throws {
        for (group, key) in [(SpecTables.root, "$root"), (SpecTables.layer, "layer"), (SpecTables.light, "light"),
                             (SpecTables.terrain, "terrain"), (SpecTables.transition, "transition")] {
            let raw = try XCTUnwrap(v8[key]?.objectValue)
            XCTAssertEqual(Set(group.names), Set(raw.keys), key)
            for (name, r) in raw { try check(try XCTUnwrap(group[name]), against: r, "\(key).\(name)") }
        }
        for t in SpecTables.sourceTypes {
            let g = try XCTUnwrap(SpecTables.sources[t])
            let raw = try XCTUnwrap(v8["source_" + t.replacingOccurrences(of: "-", with: "_")]?.objectValue)
            XCTAssertEqual(Set(g.names), Set(raw.keys.filter { $0 != "*" }), t)
            XCTAssertEqual(g.allowsOtherKeys, raw["*"] != nil, t)
            XCTAssertNotNil(SourceType(rawValue: t))
        }
    }

    func check(_ spec: PropertySpec, against raw: JSONValue, _ what: String) throws {
        XCTAssertEqual(spec.defaultValue, raw["default"], "default of \(what)")
        XCTAssertEqual(spec.required, raw["required"]?.boolValue ?? false, "required of \(what)")
        XCTAssertEqual(spec.minimum, raw["minimum"]?.numberValue, "minimum of \(what)")
        XCTAssertEqual(spec.maximum, raw["maximum"]?.numberValue, "maximum of \(what)")
        XCTAssertEqual(spec.units, raw["units"]?.stringValue, "units of \(what)")
        XCTAssertEqual(spec.transition, raw["transition"]?.boolValue ?? false, "transition of \(what)")
        XCTAssertEqual(spec.propertyType?.rawValue, raw["property-type"]?.stringValue, "property-type of \(what)")
        if let e = raw["expression"] {
            let support = try XCTUnwrap(spec.expression, "expression of \(what)")
            XCTAssertEqual(support.interpolated, e["interpolated"]?.boolValue ?? false, "interpolated of \(what)")
            let params = Set((e["parameters"]?.arrayValue ?? []).compactMap { $0.stringValue })
            XCTAssertEqual(Set(support.parameters.map(\.rawValue)), params, "parameters of \(what)")
        } else {
            XCTAssertNil(spec.expression, what)
        }
        let type = try XCTUnwrap(raw["type"]?.stringValue)
        switch (type, spec.type) {
        case ("enum", .enumeration(let values)):
            let expected = raw["values"]?.objectValue.map { $0.keys.map(JSONValue.string) } ?? raw["values"]?.arrayValue ?? []
            XCTAssertEqual(values, expected, what)
        case ("array", .array(_, let length)):
            XCTAssertEqual(length, raw["length"]?.intValue, "length of \(what)")
        case ("number", .number), ("string", .string), ("boolean", .boolean), ("color", .color), ("*", .any): break
        default:
            XCTAssertEqual(spec.type.name, type, "type of \(what)")
        }
    }

    func testExpectationMapping() throws {
        let fillColor = try XCTUnwrap(SpecTables.paint(for: .fill)["fill-color"]).expectation
        XCTAssertEqual(fillColor.type, .color)
        XCTAssertTrue(fillColor.zoomAllowed && fillColor.featureAllowed && fillColor.featureStateAllowed)
        XCTAssertTrue(fillColor.interpolated)
        let join = try XCTUnwrap(SpecTables.layout(for: .line)["line-join"]).expectation
        XCTAssertEqual(join.type, .string)
        XCTAssertEqual(join.enumValues, ["bevel", "round", "miter"])
        let gradient = try XCTUnwrap(SpecTables.paint(for: .line)["line-gradient"]).expectation
        XCTAssertTrue(gradient.lineProgressAllowed)
        XCTAssertFalse(gradient.zoomAllowed)
        let translate = try XCTUnwrap(SpecTables.paint(for: .circle)["circle-translate"]).expectation
        XCTAssertEqual(translate.type, .array(.number, 2))
        XCTAssertEqual(translate.arrayLength, 2)
        let opacity = try XCTUnwrap(SpecTables.paint(for: .fill)["fill-opacity"]).expectation
        XCTAssertEqual(opacity.minimum, 0)
        XCTAssertEqual(opacity.maximum, 1)
        XCTAssertEqual(opacity.propertyName, "fill-opacity")
    }
}
