import Foundation
import JSON
@testable import StyleSpec
import XCTest

/// Runs maplibre-style-spec's style validation fixtures (Fixtures/validation-tests, BSD-3, see
/// NOTICE there): for every `*.input.json` we must report errors at exactly the places the
/// `*.output.json` lists (their `message` prefix "layers[3].paint.fill-color: ..." becomes our
/// pointer "/layers/3/paint/fill-color"); the wording may differ. Warnings are not compared.
final class ValidationFixtureTests: XCTestCase {
    /// Fixtures whose difference from MapLibre is deliberate (name → why).
    static let knownDifferences: [String: String] = [
        "text-field-format": "errors inside a `format` section's options point at the option value "
            + "(/text-field/2/font-scale); MapLibre's format parser reports them at index 1 (the text)",
    ]

    func testValidationFixtures() throws {
        let dir = TestFiles.validationFixtures
        let inputs = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".input.json") }.sorted()
        XCTAssertGreaterThan(inputs.count, 30)
        var passed: [String] = []
        var failed: [String: String] = [:]
        for file in inputs {
            let name = String(file.dropLast(".input.json".count))
            let input = try TestFiles.json(dir.appendingPathComponent(file))
            let output = try TestFiles.json(dir.appendingPathComponent(name + ".output.json"))
            let expected = (output.arrayValue ?? []).filter { $0["severity"]?.stringValue != "warning" }
                .compactMap { $0["message"]?.stringValue }
                .map { Self.pointer(forMessage: $0, in: input).description }
            let ours: [String]
            switch Style.parse(input, supportedLayerTypes: Set(LayerType.allCases).subtracting([.custom])) {
            case .success: ours = []
            case .failure(let errors): ours = errors.map { $0.path.description }
            }
            if Set(expected) == Set(ours) {
                passed.append(name)
            } else {
                let missing = Set(expected).subtracting(ours).sorted()
                let extra = Set(ours).subtracting(expected).sorted()
                failed[name] = "missing \(missing), extra \(extra)"
            }
        }
        print("validation fixtures: \(passed.count)/\(inputs.count) pass")
        for (name, why) in failed.sorted(by: { $0.key < $1.key }) {
            print("  FAIL \(name): \(why)")
            if Self.knownDifferences[name] == nil { XCTFail("\(name): \(why)") }
        }
    }

    /// "layers[3].paint.fill-color: msg" → /layers/3/paint/fill-color. MapLibre reports
    /// light/terrain/sky keys without their parent and cluster-property map expressions as
    /// `<source>.<name>.map`; those are translated to where the value really is.
    static func pointer(forMessage message: String, in input: JSONValue) -> JSONPointer {
        guard let colon = message.range(of: ": "),
              !message[..<colon.lowerBound].contains(" ") else { return .root }
        var tokens: [String] = []
        var current = ""
        var i = message.startIndex
        let key = message[..<colon.lowerBound]
        i = key.startIndex
        while i < key.endIndex {
            let c = key[i]
            if c == "." {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else if c == "[" {
                if !current.isEmpty { tokens.append(current); current = "" }
                let close = key[i...].firstIndex(of: "]")!
                tokens.append(String(key[key.index(after: i)..<close]))
                i = close
            } else {
                current.append(c)
            }
            i = key.index(after: i)
        }
        if !current.isEmpty { tokens.append(current) }
        if let first = tokens.first, input[first] == nil {
            for parent in ["light", "terrain", "sky"] where input[parent]?[first] != nil {
                tokens.insert(parent, at: 0)
                break
            }
        }
        if tokens.count == 4, tokens[0] == "sources", tokens[3] == "map",
           input["sources"]?[tokens[1]]?["clusterProperties"]?[tokens[2]] != nil {
            tokens = ["sources", tokens[1], "clusterProperties", tokens[2], "1"]
        }
        return JSONPointer(tokens)
    }
}
