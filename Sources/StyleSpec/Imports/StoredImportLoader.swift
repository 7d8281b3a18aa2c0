import JSON

/// Reads imports from the documents a stored revision kept (`Style.importDocuments`), then
/// from `fallback`: a session restored after a restart imports the styles it had read, even
/// when a file has changed or gone since.
public struct StoredImportLoader: StyleImportLoading {
    public let documents: JSONObject
    public let fallback: (any StyleImportLoading)?

    public init(documents: JSONObject, fallback: (any StyleImportLoading)?) {
        self.documents = documents; self.fallback = fallback
    }

    public func loadStyle(_ url: String) -> Result<JSONValue, ImportReadError> {
        if let d = documents[url] { return .success(d) }
        return fallback?.loadStyle(url) ?? .failure(ImportReadError("styles by URL are not available here"))
    }
}

extension Style {
    /// The documents of every import read by URL (nested ones too), by URL: kept with a
    /// revision's session state so that it loads again as it was.
    public var importDocuments: JSONObject {
        var out = JSONObject()
        func collect(_ imports: [StyleImport]) {
            for imp in imports {
                if let url = imp.url, out[url] == nil { out[url] = imp.document }
                collect(imp.style.imports)
            }
        }
        collect(imports)
        return out
    }
}
