import JSON

/// How a case's style becomes the style a server is given (as `run.py` prepares it): the
/// harness-only `metadata.test` is removed and every `local://X` URL (source `url`, `tiles`,
/// `urls`, string `data`; `sprite`, string or array; `glyphs`) becomes the relative path `X`,
/// which the renderer resolves inside its data directory (the copied `assets/`).
enum StylePreparation {
    static func localize(_ url: JSONValue) -> JSONValue {
        if case .string(let s) = url, s.hasPrefix("local://") { return .string(String(s.dropFirst("local://".count))) }
        return url
    }

    static func localizeSource(_ source: JSONValue) -> JSONValue {
        guard case .object(var src) = source else { return source }
        for key in ["tiles", "urls"] {
            if case .array(let urls)? = src[key] { src[key] = .array(urls.map(localize)) }
        }
        for key in ["url", "data"] {
            if case .string? = src[key] { src[key] = localize(src[key]!) }
        }
        return .object(src)
    }

    static func localizeStyle(_ style: JSONValue) -> JSONValue {
        guard case .object(var s) = style else { return style }
        if case .object(var sources)? = s["sources"] {
            for (id, src) in sources { sources[id] = localizeSource(src) }
            s["sources"] = .object(sources)
        }
        switch s["sprite"] {
        case .string?:
            s["sprite"] = localize(s["sprite"]!)
        case .array(let entries)?:
            s["sprite"] = .array(entries.map { e in
                guard case .object(var o) = e, let url = o["url"] else { return e }
                o["url"] = localize(url)
                return .object(o)
            })
        default:
            break
        }
        if case .string? = s["glyphs"] { s["glyphs"] = localize(s["glyphs"]!) }
        return .object(s)
    }

    /// The style without `metadata.test` (and without `metadata` when nothing else was in it).
    static func stripTestMetadata(_ style: JSONValue) -> JSONValue {
        guard case .object(var s) = style, case .object(var md)? = s["metadata"], md["test"] != nil else { return style }
        md["test"] = nil
        s["metadata"] = md.isEmpty ? Optional<JSONValue>.none : .object(md)
        return .object(s)
    }

    static func prepare(_ style: JSONValue) -> JSONValue { localizeStyle(stripTestMetadata(style)) }
}
