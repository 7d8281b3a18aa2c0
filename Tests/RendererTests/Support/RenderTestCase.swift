import Foundation
import JSON

/// One MapLibre render test copied into `Cases/<id>/`: its `style.json` and `expected*.png`.
struct RenderTestCase {
    /// Test id: the folder path below `Cases/` (`circle-radius/literal`).
    let id: String
    let folder: URL

    var styleURL: URL { folder.appendingPathComponent("style.json") }

    /// `expected*.png` file names in sorted order (as `run.py`'s sorted glob).
    func expectedFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("expected") && $0.hasSuffix(".png") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Every folder under `root` holding a `style.json`, by id (the `assets` folder is data).
    static func discover(in root: URL) throws -> [RenderTestCase] {
        let fm = FileManager.default
        guard let walker = fm.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
        }
        let rootPath = root.standardizedFileURL.path
        var cases: [RenderTestCase] = []
        for case let url as URL in walker where url.lastPathComponent == "style.json" {
            let folder = url.deletingLastPathComponent().standardizedFileURL
            let id = String(folder.path.dropFirst(rootPath.count + 1))
            if id == "assets" || id.hasPrefix("assets/") { continue }
            cases.append(RenderTestCase(id: id, folder: folder))
        }
        return cases.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    }
}

/// `metadata.test` over the harness defaults (`run.py` DEFAULTS), with the keys either runner
/// needs to decide how to run and grade a case.
struct RenderTestMetadata {
    static let defaults: [String: Double] = ["width": 512, "height": 512, "pixelRatio": 1, "allowed": 0.00025,
                                             "threshold": 0.1285]

    let raw: JSONObject
    let width: Int
    let height: Int
    let pixelRatio: Double
    let allowed: Double
    let threshold: Double
    let maxZoom: Double?
    let reportWidth: Int?
    let reportHeight: Int?
    let operations: [JSONValue]

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    init(style: JSONValue) throws {
        var test = JSONObject()
        if case .object(let md)? = style["metadata"], case .object(let t)? = md["test"] { test = t }
        raw = test
        func number(_ key: String) throws -> Double? {
            guard let v = test[key], !v.isNull else { return Self.defaults[key] }
            guard let n = v.numberValue, n.isFinite else { throw Invalid(description: "metadata.test.\(key) is not a number") }
            return n
        }
        // Python's int() truncates toward zero, as run.py reads width/height.
        width = Int(try number("width")!)
        height = Int(try number("height")!)
        pixelRatio = try number("pixelRatio")!
        allowed = try number("allowed")!
        threshold = try number("threshold")!
        maxZoom = try number("maxZoom")
        reportWidth = try number("reportWidth").map { Int($0) }
        reportHeight = try number("reportHeight").map { Int($0) }
        switch test["operations"] {
        case nil, .null?: operations = []
        case .array(let ops)?: operations = ops
        case let other?: throw Invalid(description: "metadata.test.operations is \(other.typeName), not an array")
        }
    }

    /// Truthy value of a key (JavaScript/Python truthiness: present, not false/0/""/null).
    func isSet(_ key: String) -> Bool { Self.truthy(raw[key]) }

    static func truthy(_ v: JSONValue?) -> Bool {
        switch v {
        case nil, .null?: return false
        case .bool(let b)?: return b
        case .number(let n)?: return n != 0
        case .string(let s)?: return !s.isEmpty
        case .array(let a)?: return !a.isEmpty
        case .object(let o)?: return !o.isEmpty
        }
    }
}
