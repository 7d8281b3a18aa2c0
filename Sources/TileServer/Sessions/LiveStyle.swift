import JSON
import Renderer
import StyleSpec

/// The server's handle on one immutable style snapshot (`StyleSpec.Style`): validation,
/// commands and the render hash come from StyleSpec; this adds what the HTTP layer needs
/// (first-error reporting, persistence text, the one apply path every route goes through).
public struct LiveStyle: Sendable {
    public let style: Style
    /// The serialized v8 document's size when already known (measured by the mutation that made
    /// this style, or carried over by commands that leave the document alone), so a change of
    /// feature state on a large style does not serialize the whole style to check its size.
    let knownDocumentBytes: Int?

    public init(_ style: Style) { self.style = style; knownDocumentBytes = nil }

    init(_ style: Style, documentBytes: Int?) { self.style = style; knownDocumentBytes = documentBytes }

    func withDocumentBytes(_ n: Int) -> LiveStyle { LiveStyle(style, documentBytes: n) }

    /// The v8 document a client sees (`GET /style`).
    public var json: JSONValue { style.toJSON() }
    /// The document for GL clients and TileJSON of a published style: imports flattened and
    /// config values written in (`Style.flatDocument`); `json` for a style without either.
    public var flatJSON: JSONValue { style.flatDocument() }
    /// Content hash of everything that changes pixels: cache keys, ETags, `?v=`.
    public var renderHash: String { style.renderHash }

    /// Validates a whole v8 style; the first error (with its JSON pointer) is thrown.
    /// Warnings (unsupported layer types kept but not drawn, ignored keys) are returned.
    /// `customLayers` validates custom layers (renderer names, options) and prepares them once.
    /// `importLoader` reads the styles its `imports` name by URL.
    public static func load(_ json: JSONValue, customLayers: CustomLayerRegistry? = nil,
                            importLoader: (any StyleImportLoading)? = nil) throws -> LiveStyle {
        try loadWithWarnings(json, customLayers: customLayers, importLoader: importLoader).style
    }

    public static func loadWithWarnings(_ json: JSONValue, customLayers: CustomLayerRegistry? = nil,
                                        importLoader: (any StyleImportLoading)? = nil) throws
        -> (style: LiveStyle, warnings: [StyleError]) {
        switch Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes, customLayers: customLayers,
                           importLoader: importLoader) {
        case .success(let r): return (LiveStyle(r.0), r.warnings)
        case .failure(let errors): throw errors.first ?? StyleError(path: .root, message: "invalid style")
        }
    }

    /// Rebuilds a stored revision (document + session state).
    public static func restore(style: String, extras: String, customLayers: CustomLayerRegistry? = nil,
                               importLoader: (any StyleImportLoading)? = nil) throws -> LiveStyle {
        let state = try JSONParser.parse(extras)
        // Imports read by URL load from the documents the revision kept (then from the loader).
        var loader = importLoader
        if case .object(let documents)? = state["importDocuments"] {
            loader = StoredImportLoader(documents: documents, fallback: importLoader)
        }
        let base = try load(JSONParser.parse(style), customLayers: customLayers, importLoader: loader)
        switch base.style.restoringSessionState(state) {
        case .success(let s): return LiveStyle(s)
        case .failure(let e): throw e
        }
    }

    /// THE apply path: every mutating route, batches, `PUT /style` and undo end here.
    /// `declarative` (PUT /style, undo) keeps layers of types the renderer does not draw, as a
    /// style load does; runtime adds refuse them.
    public func applying(_ commands: [StyleCommand], declarative: Bool = false) throws -> LiveStyle {
        switch style.applying(commands, allowingUnsupportedLayerTypes: declarative) {
        case .success(let s):
            return LiveStyle(s, documentBytes: commands.allSatisfy(\.leavesDocument) ? knownDocumentBytes : nil)
        case .failure(let e): throw e
        }
    }

    public func serializedStyle() -> String { json.serialized() }
    public func serializedExtras() -> String { style.sessionStateJSON().serialized() }
}
