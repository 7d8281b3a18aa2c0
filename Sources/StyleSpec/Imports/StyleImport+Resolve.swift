import JSON

extension StyleImport {
    /// Validates one import object at `path` (`/imports/0`), reads its style and compiles it.
    /// Errors point into the import: `/imports/0/config/lightPreset`, `/imports/0/data/layers/3/…`,
    /// or `/imports/0/url` for a style that cannot be read (the message names the URL).
    static func resolve(_ json: JSONValue, at path: JSONPointer, context: ImportContext) -> Result<StyleImport, StyleError> {
        func fail(_ p: JSONPointer, _ m: String) -> Result<StyleImport, StyleError> {
            .failure(StyleError(path: p, message: m, code: StyleErrorCode.invalidImport))
        }
        guard case .object(let o) = json else { return fail(path, "import object expected, \(json.typeName) found") }
        if context.depth >= ImportContext.maxDepth {
            return fail(path, "imports nest deeper than \(ImportContext.maxDepth) levels")
        }
        for key in o.keys where !["id", "url", "data", "config"].contains(key) {
            return fail(path / key, "unknown import key \"\(key)\" (allowed: config, data, id, url)")
        }
        guard case .string(let id)? = o["id"], !id.isEmpty else { return fail(path / "id", "an import needs a non-empty string \"id\"") }
        if id.contains(separator) { return fail(path / "id", "an import id may not contain U+001F") }
        var config = JSONObject()
        if let c = o["config"] {
            guard case .object(let co) = c else { return fail(path / "config", "object expected, \(c.typeName) found") }
            config = co
        }
        switch (o["url"], o["data"]) {
        case (.string(let url)?, nil):
            return load(url, at: path / "url", context: context).flatMap { doc in
                build(id: id, url: url, data: nil, config: config, document: doc, at: path, context: context)
            }
        case (nil, .object?):
            return build(id: id, url: nil, data: o["data"], config: config, document: o["data"]!, at: path, context: context)
        case (nil, nil), (.some, .some):
            return fail(path, "an import needs exactly one of \"url\" (string) and \"data\" (style object)")
        case (let u?, nil):
            return fail(path / "url", "string expected, \(u.typeName) found")
        case (nil, let d?):
            return fail(path / "data", "style object expected, \(d.typeName) found")
        }
    }

    private static func load(_ url: String, at path: JSONPointer, context: ImportContext) -> Result<JSONValue, StyleError> {
        if context.chain.contains(url) {
            let cycle = (context.chain + [url]).map { "\"\($0)\"" }.joined(separator: " → ")
            return .failure(StyleError(path: path, message: "import cycle: \(cycle)", code: StyleErrorCode.invalidImport))
        }
        guard let loader = context.loader else {
            return .failure(StyleError(path: path, message: "cannot read import \"\(url)\": styles by URL are not available here",
                                       code: StyleErrorCode.invalidImport))
        }
        return loader.loadStyle(url).mapError { reason in
            StyleError(path: path, message: "cannot read import \"\(url)\": \(reason.message)", code: StyleErrorCode.invalidImport)
        }
    }

    /// Compiles the imported `document` with `config` over its schema's defaults.
    static func build(id: String, url: String?, data: JSONValue?, config: JSONObject, document: JSONValue,
                      at path: JSONPointer, context: ImportContext) -> Result<StyleImport, StyleError> {
        // Errors inside an inline style point into it; inside a style read by URL, at the URL.
        func inside(_ e: StyleError) -> StyleError {
            if url == nil { return e.prefixed(by: path / "data") }
            return StyleError(path: path / "url", message: "in \"\(url!)\" at \(e.path): \(e.message)", code: e.code)
        }
        let schema: ConfigSchema
        switch ConfigSchema.parse(document["schema"], at: JSONPointer.root / "schema") {
        case .success(let s): schema = s
        case .failure(let e): return .failure(inside(e))
        }
        let effective: JSONObject
        switch schema.resolve(config, at: path / "config") {
        case .success(let c): effective = c
        case .failure(let e): return .failure(e)
        }
        var inner = context
        inner.depth += 1
        if let url { inner.chain.append(url) }
        var parser = StyleParser(supportedLayerTypes: context.supportedLayerTypes, customLayers: context.customLayers)
        parser.importContext = inner
        parser.ownConfig = effective
        guard let style = parser.parse(document), parser.diagnostics.errors.isEmpty else {
            let errors = parser.diagnostics.errors
            let first = errors.first ?? StyleError(path: .root, message: "invalid style")
            return .failure(inside(first).withMore(errors.count - 1))
        }
        return .success(StyleImport(id: id, url: url, data: data, config: config, document: document, schema: schema,
                                    effectiveConfig: effective, style: style, warnings: parser.diagnostics.warnings.map(inside)))
    }
}
