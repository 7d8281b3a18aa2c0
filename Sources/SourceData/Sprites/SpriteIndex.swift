import JSON

/// One image of a sprite sheet: where it sits in the sheet's PNG and how it is shown.
public struct SpriteEntry: Sendable, Equatable {
    public var name: String
    public var x: Int, y: Int, width: Int, height: Int
    public var pixelRatio: Double
    public var sdf: Bool
    /// How `icon-text-fit` stretches the image (MapLibre's sprite keys), in image pixels.
    public var stretch = SpriteStretch()

    public init(name: String, x: Int, y: Int, width: Int, height: Int, pixelRatio: Double = 1, sdf: Bool = false) {
        self.name = name; self.x = x; self.y = y; self.width = width; self.height = height
        self.pixelRatio = pixelRatio; self.sdf = sdf
    }
}

/// `stretchX`/`stretchY` (the zones that stretch; the rest keeps its size), `content` (the
/// box the text fits into) and `textFitWidth`/`textFitHeight` of a sprite image.
public struct SpriteStretch: Sendable, Equatable {
    public var x: [SIMD2<Double>]?
    public var y: [SIMD2<Double>]?
    public var content: SIMD4<Double>?
    public var textFitWidth: String?
    public var textFitHeight: String?

    public init(x: [SIMD2<Double>]? = nil, y: [SIMD2<Double>]? = nil, content: SIMD4<Double>? = nil,
                textFitWidth: String? = nil, textFitHeight: String? = nil) {
        self.x = x; self.y = y; self.content = content; self.textFitWidth = textFitWidth; self.textFitHeight = textFitHeight
    }

    /// Read from a sprite entry; malformed keys are left out (the image then does not stretch).
    static func parse(_ o: JSONObject, width: Int, height: Int) -> SpriteStretch {
        func zones(_ key: String, _ size: Int) -> [SIMD2<Double>]? {
            guard case .array(let a)? = o[key], !a.isEmpty, a.count <= 64 else { return nil }
            var out: [SIMD2<Double>] = []
            for z in a {
                guard case .array(let p) = z, p.count == 2, let a0 = p[0].numberValue, let a1 = p[1].numberValue,
                      a0.isFinite, a1.isFinite, 0 <= a0, a0 <= a1, a1 <= Double(size), a0 >= (out.last?.y ?? 0) else { return nil }
                out.append(SIMD2(a0, a1))
            }
            return out
        }
        var content: SIMD4<Double>?
        if case .array(let c)? = o["content"], c.count == 4 {
            let v = c.compactMap(\.numberValue)
            if v.count == 4, v.allSatisfy(\.isFinite), v[0] <= v[2], v[1] <= v[3] { content = SIMD4(v[0], v[1], v[2], v[3]) }
        }
        let fits: Set<String> = ["stretchOrShrink", "stretchOnly", "proportional"]
        return SpriteStretch(x: zones("stretchX", width), y: zones("stretchY", height), content: content,
                             textFitWidth: o["textFitWidth"]?.stringValue.flatMap { fits.contains($0) ? $0 : nil },
                             textFitHeight: o["textFitHeight"]?.stringValue.flatMap { fits.contains($0) ? $0 : nil })
    }
}

/// The `.json` half of a MapLibre sprite: `{name: {x, y, width, height, pixelRatio?, sdf?}}`.
/// Reading never fails as a whole: an entry that cannot be used is skipped with a warning
/// (a style stays drawable when one icon is broken, as in MapLibre), and a document that is
/// not a JSON object yields no entries and one warning.
public struct SpriteIndex: Sendable, Equatable {
    public var entries: [SpriteEntry]
    public var warnings: [String]

    /// Largest side of one image; larger ones are refused (they could not be an icon and
    /// would cost memory out of proportion).
    public static let maxSide = 4096

    public init(entries: [SpriteEntry] = [], warnings: [String] = []) {
        self.entries = entries; self.warnings = warnings
    }

    /// Parses the index; `sheetWidth`/`sheetHeight` (the PNG's size, when known) let
    /// rectangles outside the sheet be refused here.
    public static func parse(_ bytes: UnsafeRawBufferPointer, sheetWidth: Int? = nil, sheetHeight: Int? = nil) -> SpriteIndex {
        guard let json = try? JSONParser.parse(bytes: bytes) else {
            return SpriteIndex(warnings: ["the sprite index is not valid JSON"])
        }
        return read(json, sheetWidth: sheetWidth, sheetHeight: sheetHeight)
    }

    public static func parse(_ bytes: [UInt8], sheetWidth: Int? = nil, sheetHeight: Int? = nil) -> SpriteIndex {
        bytes.withUnsafeBytes { parse($0, sheetWidth: sheetWidth, sheetHeight: sheetHeight) }
    }

    /// Reads a parsed index.
    public static func read(_ json: JSONValue, sheetWidth: Int? = nil, sheetHeight: Int? = nil) -> SpriteIndex {
        guard case .object(let object) = json else {
            return SpriteIndex(warnings: ["the sprite index is not a JSON object"])
        }
        var index = SpriteIndex()
        index.entries.reserveCapacity(object.count)
        for (name, value) in object {
            switch entry(name, value, sheetWidth: sheetWidth, sheetHeight: sheetHeight) {
            case .success(let e): index.entries.append(e)
            case .failure(let why): index.warn("sprite image \"\(printable(name))\" is skipped: \(why.message)")
            }
        }
        return index
    }

    private struct Problem: Error { let message: String }

    private static func entry(_ name: String, _ value: JSONValue, sheetWidth: Int?, sheetHeight: Int?) -> Result<SpriteEntry, Problem> {
        guard case .object(let o) = value else { return .failure(Problem(message: "its entry is not an object")) }
        func int(_ key: String) -> Int? {
            guard let n = o[key]?.numberValue, n.isFinite, n.rounded() == n, abs(n) < 2_147_483_648 else { return nil }
            return Int(n)
        }
        guard let x = int("x"), let y = int("y"), let w = int("width"), let h = int("height") else {
            return .failure(Problem(message: "x, y, width and height must be whole numbers"))
        }
        guard x >= 0, y >= 0, w > 0, h > 0, w <= maxSide, h <= maxSide else {
            return .failure(Problem(message: "the rectangle \(x),\(y) \(w)×\(h) is empty, negative or too large"))
        }
        if let sw = sheetWidth, let sh = sheetHeight, x + w > sw || y + h > sh {
            return .failure(Problem(message: "the rectangle \(x),\(y) \(w)×\(h) lies outside the \(sw)×\(sh) sheet"))
        }
        var ratio = 1.0
        if let r = o["pixelRatio"] {
            guard let n = r.numberValue, n.isFinite, n > 0, n <= 64 else {
                return .failure(Problem(message: "pixelRatio must be a positive number"))
            }
            ratio = n
        }
        let sdf = o["sdf"]?.boolValue ?? false
        var entry = SpriteEntry(name: name, x: x, y: y, width: w, height: h, pixelRatio: ratio, sdf: sdf)
        entry.stretch = SpriteStretch.parse(o, width: w, height: h)
        return .success(entry)
    }

    private mutating func warn(_ message: String) {
        if warnings.count < 100 { warnings.append(message) }
    }

    /// A name as it may appear in a warning (no control characters, bounded length).
    public static func printable(_ s: String) -> String {
        String(s.unicodeScalars.prefix(100).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}
