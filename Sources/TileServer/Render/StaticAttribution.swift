import JSON
import StyleSpec

/// The attribution a static image draws (`attribution=true`, or config `staticAttribution`):
/// the text MapLibre's attribution control shows for the style, its sources' `attribution`
/// strings with the HTML taken out (`<a href="…">&copy; OpenMapTiles</a>` → `© OpenMapTiles`).
enum StaticAttribution {
    /// Whether a static image draws the attribution: the `attribution` query value
    /// (`true`/`false`) or, without one, the configured default.
    static func wanted(_ query: String?, default on: Bool) throws -> Bool {
        switch query {
        case nil: return on
        case "true"?: return true
        case "false"?: return false
        case let v?: throw InvalidRequest("attribution must be true or false (got \"\(v)\")", code: "invalid_attribution")
        }
    }

    /// The sources' distinct attributions in source order as plain text, joined with ` | `
    /// (as the rendered TileJSON joins them); nil when no source has one. `read` gives a
    /// source's attribution (its own, or its archive's: `PublishedData.attribution(ofSource:)`).
    static func text(of style: Style, read: (JSONValue) -> String? = { $0["attribution"]?.stringValue }) -> String? {
        var seen: [String] = []
        for source in style.rendered.sources {
            guard let html = read(.object(source.json)) else { continue }
            let text = plain(html)
            if !text.isEmpty, !seen.contains(text) { seen.append(text) }
        }
        return seen.isEmpty ? nil : seen.joined(separator: " | ")
    }

    /// `html` as a browser shows it in one line: tags dropped, character references decoded,
    /// runs of white space made one space.
    static func plain(_ html: String) -> String {
        var out = "", i = html.startIndex
        while i < html.endIndex {
            let c = html[i]
            if c == "<", let close = html[i...].firstIndex(of: ">") {
                out.append(" ")
                i = html.index(after: close)
            } else if c == "&", let semi = html[i...].prefix(12).firstIndex(of: ";"),
                      let decoded = entity(html[html.index(after: i)..<semi]) {
                out.append(decoded)
                i = html.index(after: semi)
            } else {
                out.append(c)
                i = html.index(after: i)
            }
        }
        return out.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "copy": "©", "reg": "®",
        "trade": "™", "ndash": "–", "mdash": "—", "middot": "·", "bull": "•", "hellip": "…",
    ]

    /// The character of `&name;`, `&#NNN;` or `&#xHH;` (the part between `&` and `;`).
    private static func entity(_ s: Substring) -> String? {
        if s.hasPrefix("#") {
            let digits = s.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        return named[s]
    }
}
