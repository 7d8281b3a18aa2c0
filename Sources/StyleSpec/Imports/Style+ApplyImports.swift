import JSON

/// The import commands of `Style.apply`. An import is resolved (read, validated, compiled)
/// when it is added or changed; this style's layers that read a changed import's options are
/// compiled again with the new values.
extension Style {
    mutating func applyImport(_ command: StyleCommand, at path: JSONPointer) throws(StyleError) {
        switch command {
        case .setConfigProperty(let id, let name, let value):
            try setConfig(name, value, importId: id, at: path)
        case .addImport(let json, let beforeId):
            if case .string(let id)? = json["id"], styleImport(id) != nil {
                throw StyleError(path: path / 1 / "id", message: "import \"\(id)\" already exists", code: StyleErrorCode.duplicateImport)
            }
            let imp = try Style.result(StyleImport.resolve(.object(json), at: path / 1, context: importContext))
            var index = imports.count
            if let beforeId { index = try existingImportIndex(beforeId, at: path / 2) }
            imports.insert(imp, at: index)
        case .removeImport(let id):
            let index = try existingImportIndex(id, at: path / 1)
            imports.remove(at: index)
            try checkImportedSlots(at: path / 1, removed: id)
        case .updateImport(let id, var json):
            let index = try existingImportIndex(id, at: path / 1)
            if let given = json["id"], given != .string(id) {
                throw StyleError(path: path / 2 / "id", message: "an update cannot change the import's id (\"\(id)\")",
                                 code: StyleErrorCode.invalidImport)
            }
            json["id"] = .string(id)
            imports[index] = try Style.result(StyleImport.resolve(.object(json), at: path / 2, context: importContext))
            try checkImportedSlots(at: path / 2, removed: id)
        case .moveImport(let id, let beforeId):
            let index = try existingImportIndex(id, at: path / 1)
            if let beforeId { _ = try existingImportIndex(beforeId, at: path / 2) }
            guard beforeId != id else { return }
            let imp = imports.remove(at: index)
            let target = beforeId.flatMap { b in imports.firstIndex { $0.id == b } } ?? imports.count
            imports.insert(imp, at: target)
        default:
            return
        }
        try recompileConfigReaders(at: path)
    }

    /// `setConfigProperty`: an option of the import's schema; a value outside the schema is an
    /// error at the value (`/3`), an unknown option at the name (`/2`).
    private mutating func setConfig(_ name: String, _ value: JSONValue, importId: String, at path: JSONPointer) throws(StyleError) {
        let index = try existingImportIndex(importId, at: path / 1)
        let imp = imports[index]
        guard let option = imp.schema.option(name) else {
            let known = imp.schema.options.map(\.name).joined(separator: ", ")
            throw StyleError(path: path / 2, message: "import \"\(importId)\" has no config option \"\(name)\" (its schema has: \(known.isEmpty ? "none" : known))",
                             code: StyleErrorCode.invalidConfig)
        }
        if !value.isNull, let problem = option.problem(with: value) {
            throw StyleError(path: path / 3, message: problem, code: StyleErrorCode.invalidConfig)
        }
        var config = imp.config
        config[name] = value.nonNull
        switch imp.withConfig(config, at: .root, context: importContext) {
        case .success(let next): imports[index] = next
        case .failure(let e):
            throw StyleError(path: path / 3, message: "the imported style does not compile with this value: \(e.path): \(e.message)",
                             code: StyleErrorCode.invalidConfig)
        }
    }

    var importContext: ImportContext {
        ImportContext(loader: importLoader, supportedLayerTypes: supportedLayerTypes, customLayers: customLayers)
    }

    static func result(_ r: Result<StyleImport, StyleError>) throws(StyleError) -> StyleImport {
        switch r {
        case .success(let imp): return imp
        case .failure(let e): throw e
        }
    }

    private func existingImportIndex(_ id: String, at path: JSONPointer) throws(StyleError) -> Int {
        guard let i = imports.firstIndex(where: { $0.id == id }) else {
            throw StyleError(path: path, message: "import \"\(id)\" not found", code: StyleErrorCode.unknownImport)
        }
        return i
    }

    /// After an import left (or changed): this style's layers still in one of its slots are an error.
    private func checkImportedSlots(at path: JSONPointer, removed id: String) throws(StyleError) {
        let own = Set(layers.lazy.filter { $0.type == .slot }.map(\.id))
        let offered = Set(imports.flatMap(\.slots.keys))
        for l in layers {
            guard let slot = l.slot, !own.contains(slot), !offered.contains(slot) else { continue }
            throw StyleError(path: path, message: "layer \"\(l.id)\" is in slot \"\(slot)\", which only import \"\(id)\" offered; move or remove it first",
                             code: StyleErrorCode.slotInUse)
        }
    }

    /// Compiles again the layers whose config values changed (their errors point at the command).
    private mutating func recompileConfigReaders(at path: JSONPointer) throws(StyleError) {
        let env = environment
        let outcome: StyleError? = ConfigEnvironment.$current.withValue(env) {
            for (i, l) in layers.enumerated() where l.configValues != nil {
                guard ConfigReferences.values(of: l.json, in: env) != l.configValues else { continue }
                do throws(StyleError) {
                    layers[i] = try parseLayer(.object(l.json), at: .root / "layers" / i, previous: nil)
                } catch {
                    return StyleError(path: path, message: "layer \"\(l.id)\" no longer compiles: \(error.path): \(error.message)",
                                      code: error.code)
                }
            }
            return nil
        }
        if let outcome { throw outcome }
    }
}
