import Foundation
import JSON
@testable import StyleSpec
import XCTest

/// Paths of files next to the tests (read from the source tree, no resource bundle needed).
enum TestFiles {
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDir.deletingLastPathComponent().deletingLastPathComponent()
    static let v8 = packageRoot.appendingPathComponent("Sources/StyleSpec/Resources/v8.json")
    static let validationFixtures = testsDir.appendingPathComponent("Fixtures/validation-tests")

    static func json(_ url: URL) throws -> JSONValue {
        try JSONParser.parse(Array(try Data(contentsOf: url)))
    }
}

/// Builds JSON from a literal string in tests.
func J(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
    do { return try JSONParser.parse(text) } catch {
        XCTFail("bad test JSON: \(error)", file: file, line: line)
        return .null
    }
}

func P(_ text: String) -> JSONPointer { JSONPointer(parsing: text)! }

/// A small valid style with a geojson source, the three slots and a few layers.
let baseStyleJSON = """
{
  "version": 8,
  "name": "test",
  "center": [10, 50],
  "zoom": 3,
  "metadata": {"a": 1},
  "sources": {
    "pts": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}},
    "countries": {"type": "geojson", "data": "countries.geojson"}
  },
  "layers": [
    {"id": "background", "type": "background", "paint": {"background-color": "#ffffff"}},
    {"id": "bottom", "type": "slot"},
    {"id": "fill", "type": "fill", "source": "countries", "paint": {"fill-color": "#3c8c5a", "fill-opacity": 0.5}},
    {"id": "outline", "type": "line", "source": "countries", "paint": {"line-color": "#2a4b7c", "line-width": 1.5},
     "layout": {"line-join": "round"}},
    {"id": "middle", "type": "slot"},
    {"id": "cities", "type": "circle", "source": "pts", "paint": {"circle-radius": 4}},
    {"id": "top", "type": "slot"}
  ]
}
"""

/// The types of a renderer that draws only these four: what a type without a painter does.
let fourLayerTypes: Set<LayerType> = [.background, .fill, .line, .circle]

func parseStyle(_ text: String, supported: Set<LayerType> = LayerType.defaultSupported,
                file: StaticString = #filePath, line: UInt = #line) -> Style? {
    switch Style.parse(J(text, file: file, line: line), supportedLayerTypes: supported) {
    case .success(let (style, _)): return style
    case .failure(let errors):
        XCTFail("style did not parse: \(errors)", file: file, line: line)
        return nil
    }
}

func parseErrors(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [StyleError] {
    switch Style.parse(J(text, file: file, line: line)) {
    case .success: return []
    case .failure(let errors): return errors
    }
}

extension Style {
    /// Applies or fails the test.
    func must(_ commands: [StyleCommand], file: StaticString = #filePath, line: UInt = #line) -> Style {
        switch applying(commands) {
        case .success(let s): return s
        case .failure(let e):
            XCTFail("apply failed: \(e) [\(e.code)]", file: file, line: line)
            return self
        }
    }

    func mustFail(_ commands: [StyleCommand], file: StaticString = #filePath, line: UInt = #line) -> StyleError? {
        switch applying(commands) {
        case .success:
            XCTFail("apply unexpectedly succeeded", file: file, line: line)
            return nil
        case .failure(let e): return e
        }
    }

    var layerIds: [String] { layers.map(\.id) }
    var renderIds: [String] { renderOrder.map(\.id) }
}

/// A JSON object literal.
func O(_ v: JSONValue) -> JSONObject { v.objectValue ?? JSONObject() }
