import JSON

/// The remaining routes of DESIGN.md as commands. Ids from the URL map to the root path (so an
/// unknown one is a 404, see `StyleError.httpStatus`); body errors point into the body.
extension Style {
    /// `DELETE /layers/{id}`.
    public func removingLayer(_ id: String) -> Result<AppliedChange, StyleError> {
        routeResult { ([(.removeLayer(id), [1: []])], nil) }
    }

    /// `DELETE /sources/{id}[?cascade=true]`.
    public func removingSource(_ id: String, cascade: Bool) -> Result<AppliedChange, StyleError> {
        routeResult { ([(.removeSource(id, cascade: cascade), [1: []])], nil) }
    }

    /// `PUT /sources/{id}/data` body GeoJSON.
    public func settingSourceData(_ id: String, body: JSONValue) -> Result<AppliedChange, StyleError> {
        routeResult { ([(.setGeoJSONSourceData(id, body), [1: [], 2: []])], nil) }
    }

    /// `PUT /images/{id}?pixelRatio=&sdf=` body PNG.
    public func settingImage(_ id: String, png: [UInt8], pixelRatio: Double = 1, sdf: Bool = false)
        -> Result<AppliedChange, StyleError> {
        routeResult {
            guard pixelRatio > 0, pixelRatio.isFinite else {
                throw StyleError(path: .root, message: "pixelRatio must be a positive number", code: StyleErrorCode.invalidCommand)
            }
            return ([(.addImage(id, StyleImage(png: png, pixelRatio: pixelRatio, sdf: sdf)), [:])], nil)
        }
    }

    /// `DELETE /images/{id}`.
    public func removingImage(_ id: String) -> Result<AppliedChange, StyleError> {
        routeResult { ([(.removeImage(id), [1: []])], nil) }
    }

    /// `PUT /sources/{id}/features/{fid}/state[?sourceLayer=L]` body `{key: value}` (merged).
    public func settingFeatureState(source: String, sourceLayer: String?, id: String, body: JSONValue)
        -> Result<AppliedChange, StyleError> {
        routeResult {
            guard case .object(let state) = body else {
                throw StyleError(path: .root, message: "object expected, \(body.typeName) found", code: StyleErrorCode.invalidCommand)
            }
            let target = FeatureTarget(source: source, sourceLayer: sourceLayer, id: id)
            return ([(.setFeatureState(target, state), [1: ["!"], 2: []])], nil)
        }
    }

    /// `DELETE /sources/{id}/features/{fid}/state[?sourceLayer=L&key=K]` (`id` nil:
    /// `DELETE /sources/{id}/state`, the whole source).
    public func removingFeatureState(source: String, sourceLayer: String?, id: String?, key: String?)
        -> Result<AppliedChange, StyleError> {
        routeResult {
            if key != nil && id == nil {
                throw StyleError(path: .root, message: "a key can only be removed from one feature", code: StyleErrorCode.invalidCommand)
            }
            let target = FeatureTarget(source: source, sourceLayer: sourceLayer, id: id)
            return ([(.removeFeatureState(target, key: key), [1: ["!"]])], nil)
        }
    }

    /// `PATCH /style/state` body `{name: value}`: one `setGlobalStateProperty` per key.
    public func settingGlobalState(body: JSONValue) -> Result<AppliedChange, StyleError> {
        routeResult {
            guard case .object(let values) = body else {
                throw StyleError(path: .root, message: "object expected, \(body.typeName) found", code: StyleErrorCode.invalidCommand)
            }
            return (values.map { (StyleCommand.setGlobalStateProperty($0.key, $0.value), [2: [$0.key]]) }, nil)
        }
    }

    /// `POST /style/operations`: a batch, atomically; errors point at `/i/...` of the body.
    public func applyingBatch(body: JSONValue) -> Result<AppliedChange, StyleError> {
        switch StyleCommand.parseBatch(body) {
        case .failure(let e): return .failure(e)
        case .success(let commands):
            return applying(commands).map { AppliedChange(style: $0, commands: commands, layerIndex: nil, warnings: []) }
        }
    }
}
