/// `mapbox://` URLs as MapLibre Native resolves them against Mapbox's API, so styles made for
/// Mapbox load as they ship. The access token is not part of the URL here: the operator gives
/// it as a query parameter for the host (`remoteParameters: {"api.mapbox.com": {"access_token":
/// "…"}}`), which every request to that host carries and no log shows.
public enum MapboxURL {
    public static let apiBase = "https://api.mapbox.com"

    /// The https URL of a `mapbox://` URL; nil for other URLs and unknown forms.
    ///   mapbox://styles/{user}/{style}            → /styles/v1/{user}/{style}
    ///   mapbox://sprites/{user}/{style}{suffix}   → /styles/v1/{user}/{style}/sprite{suffix}
    ///   mapbox://fonts/{user}/{fontstack}/{range}.pbf → /fonts/v1/{user}/{fontstack}/{range}.pbf
    ///   mapbox://tiles/{path}                     → /v4/{path}
    ///   mapbox://{tileset ids}                    → /v4/{ids}.json?secure (a source's TileJSON)
    public static func normalize(_ url: String) -> String? {
        let prefix = "mapbox://"
        guard url.lowercased().hasPrefix(prefix) else { return nil }
        let rest = String(url.dropFirst(prefix.count))
        var query = ""
        var path = rest
        if let q = rest.firstIndex(of: "?") { path = String(rest[..<q]); query = String(rest[q...]) }
        let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
        guard let head = parts.first, !head.isEmpty else { return nil }
        let tail = parts.count > 1 ? parts[1] : ""
        switch head {
        case "styles":
            return tail.isEmpty ? nil : "\(apiBase)/styles/v1/\(tail)\(query)"
        case "sprites":
            // "{user}/{style}" then an optional "@2x" and ".json"/".png" the sprite loader added.
            let pieces = tail.split(separator: "/", maxSplits: 1).map(String.init)
            guard pieces.count == 2 else { return nil }
            let style = pieces[1]
            let cut = style.firstIndex { $0 == "@" || $0 == "." } ?? style.endIndex
            return "\(apiBase)/styles/v1/\(pieces[0])/\(style[..<cut])/sprite\(style[cut...])\(query)"
        case "fonts":
            return tail.isEmpty ? nil : "\(apiBase)/fonts/v1/\(tail)\(query)"
        case "tiles":
            return tail.isEmpty ? nil : "\(apiBase)/v4/\(tail)\(query)"
        default:
            guard tail.isEmpty else { return nil }
            return "\(apiBase)/v4/\(head).json" + (query.isEmpty ? "?secure" : query + "&secure")
        }
    }
}
