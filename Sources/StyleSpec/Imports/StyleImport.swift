import JSON

/// Reads the style document an import names by `url` (the server's data directory and
/// published styles). StyleSpec does no I/O of its own.
public protocol StyleImportLoading: Sendable {
    /// The style document at `url`, or why it cannot be read.
    func loadStyle(_ url: String) -> Result<JSONValue, ImportReadError>
}

/// Why an imported style cannot be read (the message follows "cannot read import \"URL\": ").
public struct ImportReadError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// One entry of a style's root `imports` (Mapbox GL v3): another style by `url` or inline
/// `data`, with values for its `schema` options. Immutable; a changed config or a moved import
/// is a new value. It carries the imported style compiled with its effective config and that
/// style's layers and sources already in this import's namespace (`id` + U+001F + their id), so
/// a revision that leaves the import alone reuses them as they are.
public final class StyleImport: Sendable {
    /// Namespace separator: an imported style's `water` is `basemap\u{1F}water` in its importer.
    public static let separator = "\u{1F}"

    public let id: String
    public let url: String?
    /// The inline style, when given as `data`.
    public let data: JSONValue?
    /// Config values as written (validated against `schema`).
    public let config: JSONObject
    /// The imported document (read once: a config change does not read the URL again).
    public let document: JSONValue
    public let schema: ConfigSchema
    /// The schema's defaults with `config` set over them: what `["config", …]` reads.
    public let effectiveConfig: JSONObject
    /// The imported style as compiled with `effectiveConfig` (its own imports resolved).
    public let style: Style
    /// The imported style's layers and sources as drawn, renamed into this import's namespace.
    public let layers: [Layer]
    public let sources: [SourceSpec]
    /// The imported style's own slot layers: name → renamed id, for the importer's `slot`s.
    public let slots: [String: String]
    /// What loading the imported style warned about (layers kept but not drawn, ignored keys),
    /// pointing into the import, so the importer's load reports them too.
    public let warnings: [StyleError]

    init(id: String, url: String?, data: JSONValue?, config: JSONObject, document: JSONValue, schema: ConfigSchema,
         effectiveConfig: JSONObject, style: Style, warnings: [StyleError] = []) {
        self.id = id; self.url = url; self.data = data; self.config = config; self.document = document
        self.warnings = warnings
        self.schema = schema; self.effectiveConfig = effectiveConfig; self.style = style
        let drawn = style.rendered
        let prefix = id + StyleImport.separator
        sources = drawn.sources.map { SourceSpec(id: prefix + $0.id, type: $0.type, json: $0.json) }
        layers = drawn.layers.map { l in
            l.renamed(id: prefix + l.id, source: l.source.map { prefix + $0 }, slot: l.slot.map { prefix + $0 })
        }
        var s: [String: String] = [:]
        for l in style.layers where l.type == .slot { s[l.id] = prefix + l.id }
        slots = s
    }

    /// The import as the style document shows it: `{"id", "url" | "data", "config"?}`.
    public var json: JSONValue {
        var o = JSONObject([("id", .string(id))])
        if let url { o["url"] = .string(url) }
        if let data { o["data"] = data }
        if !config.isEmpty { o["config"] = .object(config) }
        return .object(o)
    }

    /// Render-relevant root keys of the imported style, for an importer that has none of its own.
    var renderRoot: JSONObject { style.rendered.root }

    /// The same import with other config values (the document is not read again).
    func withConfig(_ config: JSONObject, at path: JSONPointer, context: ImportContext) -> Result<StyleImport, StyleError> {
        StyleImport.build(id: id, url: url, data: data, config: config, document: document, at: path, context: context)
    }
}

/// What resolving an import needs: the loader, the URLs being resolved (cycles), and what the
/// importing style was parsed with.
struct ImportContext: Sendable {
    var loader: (any StyleImportLoading)?
    var chain: [String] = []
    /// How many imports deep the style being resolved sits (inline ones count too).
    var depth = 0
    var supportedLayerTypes: Set<LayerType>
    var customLayers: (any CustomLayerPreparing)?
    /// Imports nest at most this deep.
    static let maxDepth = 8
}
