import ArgumentParser
import Foundation
import JSON
import Renderer
import StyleSpec

/// Which form of the benchmark style is measured.
enum BenchStyleVariant: String, CaseIterable, ExpressibleByArgument {
    /// The style file as it is (constant paint values).
    case plain = "default"
    /// Country colour by `continent` through `match`, line width by zoom through `interpolate`:
    /// the same picture family, with per-feature and per-zoom expression evaluation.
    case dataDriven = "data-driven"
}

/// Loads the style a benchmark renders.
enum BenchStyle {
    /// Reads and validates `path`; `variant` rewrites the fill and line layers first.
    /// Custom layers of benchmark styles use the built-in renderers (as `serve` does).
    static let customLayers = CustomLayerRegistry.standard()

    static func load(path: String, variant: BenchStyleVariant) throws -> Style {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read the style \(path)")
        }
        var json = try JSONParser.parse([UInt8](bytes))
        if variant == .dataDriven { json = dataDriven(json) }
        return try parse(json, name: path)
    }

    static func parse(_ json: JSONValue, name: String) throws -> Style {
        switch Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes, customLayers: customLayers) {
        case .success(let r):
            for w in r.warnings { FileHandle.standardError.write(Data("\(name): warning: \(w)\n".utf8)) }
            return r.0
        case .failure(let errors):
            throw ValidationError("\(name): " + errors.map(\.description).joined(separator: "\n"))
        }
    }

    /// Fill colour by continent (`match` on a string property) and line width by zoom
    /// (`interpolate` linear): the expressions issue 4 measures style evaluation with.
    static func dataDriven(_ style: JSONValue) -> JSONValue {
        guard case .object(var root) = style, case .array(var layers)? = root["layers"] else { return style }
        for i in layers.indices {
            guard case .object(var layer) = layers[i], let type = layer["type"]?.stringValue else { continue }
            var paint = layer["paint"]?.objectValue ?? JSONObject()
            switch type {
            case "fill": paint["fill-color"] = continentColour
            case "line": paint["line-width"] = widthByZoom
            default: continue
            }
            layer["paint"] = .object(paint)
            layers[i] = .object(layer)
        }
        root["layers"] = .array(layers)
        return .object(root)
    }

    static let continentColour: JSONValue = [
        "match", ["get", "continent"],
        "Africa", "#e3a33b",
        "Antarctica", "#d9e6f2",
        "Asia", "#c75b4a",
        "Europe", "#4a78c7",
        "North America", "#3c8c5a",
        "Oceania", "#8a5ac7",
        "South America", "#c7b84a",
        "#888888",
    ]

    static let widthByZoom: JSONValue = ["interpolate", ["linear"], ["zoom"], 0, 0.5, 5, 2.5]
}
