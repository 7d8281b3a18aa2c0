extension StrataApp {
    /// `Cache-Control` of a published resource that changes only with its files (published and
    /// data tiles, glyphs, sprites): `publishedCacheControl`, else what the route sent before
    /// the key existed (`fallback`).
    func publishedCacheControl(_ fallback: String) -> String { config.publishedCacheControl ?? fallback }

    /// `Cache-Control` of the published documents that name other resources (TileJSON,
    /// style.json, WMTS capabilities, catalogs): `publishedMetadataCacheControl`, else
    /// `no-cache`, so an edited style file reaches clients at once.
    var publishedMetadataCacheControl: String { config.publishedMetadataCacheControl ?? "no-cache" }
}
