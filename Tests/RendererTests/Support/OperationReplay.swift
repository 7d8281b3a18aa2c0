import Foundation
import ImageCodec
import JSON
import StyleSpec

/// Replays `metadata.test.operations` in process, the way `run.py` plays them over HTTP and the
/// server turns each request into `StyleCommand`s: style operations change `style` through
/// `Style.applying`, camera operations change `view`, `wait`/`idle`/`sleep` do nothing.
///
/// A rejected operation (what the server answers with a 4xx: unknown layer, invalid value, ...)
/// leaves the style unchanged and is recorded in `notes`; the case goes on, as MapLibre reports
/// an invalid call as an error event and keeps the map. A malformed operation or a missing asset
/// is a `HarnessError`.
struct OperationReplay {
    var style: Style
    var view: HarnessView
    /// `op <i> <name> -> <reason>` for every rejected operation.
    var notes: [String] = []
    /// Root of the case assets (`local://X` is `assets/X`).
    let assets: URL

    /// One operation; `index` is its position in the list (for the notes).
    mutating func apply(_ op: JSONValue, index: Int) throws {
        guard RenderTestMetadata.truthy(op) else { return }
        guard case .array(let items) = op, case .string(let name) = items[0] else {
            throw HarnessError("op \(index): malformed operation \(op.serialized())")
        }
        let args = Array(items.dropFirst())
        func arg(_ i: Int) -> JSONValue? {
            // Not a ternary with `nil`: JSONValue is nil-literal expressible (that would be .null).
            guard i < args.count else { return Optional.none }
            return args[i]
        }
        func required(_ i: Int) throws -> JSONValue {
            guard let v = arg(i) else { throw HarnessError("op \(index) \(name): argument \(i + 1) missing") }
            return v
        }
        func reject(_ reason: String) { notes.append("op \(index) \(name) -> \(reason)") }

        if HarnessSupport.noopOperations.contains(name) { return }
        do {
            switch name {
            case "setZoom": try view.jump(zoom: try required(0)); return
            case "setCenter": try view.jump(center: try required(0)); return
            case "setBearing": try view.jump(bearing: try required(0)); return
            case "setPitch": try view.jump(pitch: try required(0)); return
            default: break
            }
        } catch let e as HarnessView.BadArgument {
            throw HarnessError("op \(index) \(name): \(e)")
        }
        let commands: [StyleCommand]
        do {
            if name == "setStyle" {
                let given = try required(0)
                let next = try nextStyle(given)
                if case .string = given, view.unmodified {
                    // A full reload from a URL adopts the new style's camera (before it is sent).
                    do { try view.jump(center: next["center"], zoom: next["zoom"], bearing: next["bearing"]) } catch {
                        throw HarnessError("op \(index) setStyle: \(error)")
                    }
                }
                commands = [.setStyle(next)]
            } else {
                commands = try self.commands(name: name, args: args, required: required)
            }
        } catch let e as Rejected {
            reject(e.reason)
            return
        }
        switch style.applying(commands) {
        case .success(let next): style = next
        case .failure(let e): reject("\(e.code) \(e.message)")
        }
    }

    /// The value unless it is absent or JSON null.
    static func nonNull(_ v: JSONValue?) -> JSONValue? {
        guard let v, !v.isNull else { return Optional.none }
        return v
    }

    /// What the server refuses before applying anything (its 4xx checks on the request).
    struct Rejected: Error { var reason: String }

    /// The commands the server's route for this operation applies, in one batch.
    private func commands(name: String, args: [JSONValue], required: (Int) throws -> JSONValue) throws -> [StyleCommand] {
        func arg(_ i: Int) -> JSONValue? {
            // Not a ternary with `nil`: JSONValue is nil-literal expressible (that would be .null).
            guard i < args.count else { return Optional.none }
            return args[i]
        }
        /// A path segment as `run.py` writes it (`quote(str(x))`).
        func idText(_ i: Int) throws -> String { HarnessSupport.pyText(try required(i)) }
        func existingLayer(_ id: String) throws -> Layer {
            guard let l = style.layer(id) else { throw Rejected(reason: "404 layer \"\(id)\" not found") }
            return l
        }
        switch name {
        case "addLayer":
            guard case .object(let layer) = try required(0) else { throw Rejected(reason: "400 \"layer\" must be a layer object") }
            var position = LayerPosition.top
            if let before = arg(1), RenderTestMetadata.truthy(before) {
                guard case .string(let id) = before else { throw Rejected(reason: "400 position must name a layer id") }
                position = .below(id)
            }
            do { return [try style.addLayerCommand(layer, at: position)] } catch { throw Rejected(reason: "\(error.code) \(error.message)") }
        case "removeLayer":
            let id = try idText(0)
            _ = try existingLayer(id)
            return [.removeLayer(id)]
        case "setPaintProperty", "setLayoutProperty":
            let id = try idText(0)
            _ = try existingLayer(id)
            let property = HarnessSupport.pyText(try required(1))
            let value = arg(2) ?? .null
            return [name == "setPaintProperty" ? .setPaintProperty(layer: id, name: property, value: value)
                : .setLayoutProperty(layer: id, name: property, value: value)]
        case "setFilter":
            let id = try idText(0)
            _ = try existingLayer(id)
            return [.setFilter(layer: id, filter: arg(1) ?? .null)]
        case "setLayerZoomRange":
            // GL JS: a null/undefined bound leaves that bound unchanged.
            let id = try idText(0)
            let layer = try existingLayer(id)
            let given = (Self.nonNull(arg(1)), Self.nonNull(arg(2)))
            guard given.0 != nil || given.1 != nil else { throw Rejected(reason: "400 nothing to change") }
            func bound(_ v: JSONValue?, _ old: Double?, _ key: String) throws -> Double? {
                guard let v else { return old }
                guard let n = v.numberValue else { throw Rejected(reason: "400 \(key) must be a number or null") }
                return n
            }
            return [.setLayerZoomRange(layer: id, min: try bound(given.0, layer.minzoom, "minzoom"),
                                       max: try bound(given.1, layer.maxzoom, "maxzoom"))]
        case "addSource":
            guard case .string(let id) = try required(0), !id.isEmpty else { throw Rejected(reason: "400 \"id\" must be a non-empty string") }
            guard case .object(let source) = StylePreparation.localizeSource(try required(1)) else {
                throw Rejected(reason: "400 \"source\" must be a source object")
            }
            return [.addSource(id, source)]
        case "removeSource":
            let id = try idText(0)
            guard style.source(id) != nil else { throw Rejected(reason: "404 source \"\(id)\" not found") }
            return [.removeSource(id, cascade: false)]
        case "addImage":
            return try addImage(id: try idText(0), path: try required(1), options: arg(2))
        case "removeImage":
            let id = try idText(0)
            guard style.image(id) != nil else { throw Rejected(reason: "404 image \"\(id)\" not found") }
            return [.removeImage(id)]
        case "setFeatureState", "removeFeatureState":
            return try featureState(name: name, args: args)
        case "setGlobalStateProperty":
            return [.setGlobalStateProperty(HarnessSupport.pyText(try required(0)), arg(1) ?? .null)]
        default:
            throw HarnessSkip("operation \(name)")
        }
    }
}

extension OperationReplay {
    /// `setStyle`'s argument as the server receives it: a `local://styles/x.json` string is read
    /// from the assets (a full reload: the view adopts its camera if it never moved), an
    /// object is used as given; both without `metadata.test` and with local URLs rewritten.
    private func nextStyle(_ arg: JSONValue) throws -> JSONValue {
        guard case .string(let url) = arg else { return StylePreparation.prepare(arg) }
        let path = StylePreparation.localize(arg).stringValue ?? url
        let file = assets.appendingPathComponent(path).standardizedFileURL
        let json: JSONValue
        do { json = try JSONParser.parse([UInt8](try Data(contentsOf: file))) } catch {
            throw HarnessError("setStyle \(url): \(error)")
        }
        return StylePreparation.prepare(json)
    }

    /// `PUT /images/{id}?pixelRatio=r&sdf=b` with the image file: the server checks the bytes
    /// decode (PNG, JPEG or WebP, as `ImageValidation`) and the ratio is in (0, 16].
    private func addImage(id: String, path: JSONValue, options: JSONValue?) throws -> [StyleCommand] {
        let opts = options?.objectValue ?? JSONObject()
        let relative = HarnessSupport.pyText(StylePreparation.localize(path))
        let file = assets.appendingPathComponent(relative).standardizedFileURL
        let png: [UInt8]
        do { png = [UInt8](try Data(contentsOf: file)) } catch { throw HarnessError("addImage \(relative): \(error)") }
        let ratio = opts["pixelRatio"]?.numberValue ?? 1
        guard ratio > 0, ratio <= 16, ratio.isFinite else { throw Rejected(reason: "400 pixelRatio must be a number in (0, 16]") }
        do {
            _ = try ImageDecoder.decode(png, maxPixels: 4096 * 4096)
        } catch {
            throw Rejected(reason: "400 the body is not a usable image: \(error)")
        }
        return [.addImage(id, StyleImage(png: png, pixelRatio: ratio, sdf: RenderTestMetadata.truthy(opts["sdf"])))]
    }

    /// `PUT /sources/{s}/features/{id}/state`, `DELETE .../features/{id}/state[?key=K]` and
    /// `DELETE /sources/{s}/state`.
    private func featureState(name: String, args: [JSONValue]) throws -> [StyleCommand] {
        let target = args.first?.objectValue ?? JSONObject()
        let source = target["source"].map(HarnessSupport.pyText) ?? ""
        var sourceLayer: String?
        if let sl = target["sourceLayer"], RenderTestMetadata.truthy(sl) { sourceLayer = HarnessSupport.pyText(sl) }
        guard style.source(source) != nil else { throw Rejected(reason: "404 source \"\(source)\" not found") }
        let id = target["id"] ?? .null
        if name == "setFeatureState" {
            let state = args.count > 1 ? args[1] : .object(JSONObject())
            guard case .object(let s) = state else { throw Rejected(reason: "400 the body must be a JSON object") }
            return [.setFeatureState(FeatureTarget(source: source, sourceLayer: sourceLayer, id: HarnessSupport.pyText(id)), s)]
        }
        if id.isNull { return [.removeFeatureState(FeatureTarget(source: source, sourceLayer: sourceLayer), key: nil)] }
        var key: String?
        if args.count > 1, RenderTestMetadata.truthy(args[1]) { key = HarnessSupport.pyText(args[1]) }
        return [.removeFeatureState(FeatureTarget(source: source, sourceLayer: sourceLayer, id: HarnessSupport.pyText(id)), key: key)]
    }
}
