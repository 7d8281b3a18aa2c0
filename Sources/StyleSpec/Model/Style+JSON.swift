import JSON

extension Style {
    /// The v8 style document (what `GET /style` returns): root keys in their order, then
    /// `sources` and `layers` (with `slot` layers) in declared order. Images, feature state and global
    /// state overrides belong to the session, not the document; see `sessionStateJSON`.
    public func toJSON() -> JSONValue {
        var out = root
        if !imports.isEmpty { out["imports"] = .array(imports.map(\.json)) }
        out["sources"] = sourcesJSON
        out["layers"] = layersJSON
        return .object(out)
    }

    var sourcesJSON: JSONValue {
        var o = JSONObject()
        for s in sources { o[s.id] = .object(s.json) }
        return .object(o)
    }

    var layersJSON: JSONValue { .array(layers.map { .object($0.json) }) }

    /// The session-owned parts of a style (images as base64 PNG, feature state, global state
    /// overrides, annotations when there are any, the documents of imports read by URL), for a
    /// store that persists a session beside its `toJSON()` document.
    public func sessionStateJSON() -> JSONValue {
        var imgs = JSONObject()
        for id in images.keys.sorted() {
            let img = images[id]!
            imgs[id] = .object(JSONObject([("png", .string(Base64.encode(img.png))),
                                           ("pixelRatio", .number(img.pixelRatio)), ("sdf", .bool(img.sdf))]))
        }
        var out = JSONObject([("images", .object(imgs)), ("featureState", featureState.json),
                              ("globalState", .object(globalStateOverrides))])
        if !annotations.isEmpty { out["annotations"] = annotations.json }
        let documents = importDocuments
        if !documents.isEmpty { out["importDocuments"] = .object(documents) }
        return .object(out)
    }

    /// This style with the session state read back from `sessionStateJSON()`'s form.
    public func restoringSessionState(_ json: JSONValue) -> Result<Style, StyleError> {
        var copy = self
        if case .object(let imgs)? = json["images"] {
            for (id, v) in imgs {
                switch StyleCommand.parseImage(v, at: JSONPointer(["images", id])) {
                case .success(let img): copy.images[id] = img
                case .failure(let e): return .failure(e)
                }
            }
        }
        if let fs = json["featureState"] {
            guard let store = FeatureStateStore(json: fs) else {
                return .failure(StyleError(path: JSONPointer(["featureState"]), message: "invalid feature state"))
            }
            copy.featureState = store
        }
        if case .object(let g)? = json["globalState"] { copy.globalStateOverrides = g }
        if let a = json["annotations"] {
            do { copy.annotations = try AnnotationList.parse(a, at: JSONPointer(["annotations"])) } catch { return .failure(error) }
        }
        copy.refreshRenderHash()
        return .success(copy)
    }
}
