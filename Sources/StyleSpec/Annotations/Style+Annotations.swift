import JSON

extension Style {
    /// Applies one annotation command; errors point into the command at `path`.
    mutating func applyAnnotation(_ command: StyleCommand, at path: JSONPointer) throws(StyleError) {
        switch command {
        case .addAnnotation(let json):
            let a = try Annotation.parse(.object(json), at: path / 1, defaultID: annotations.freeID())
            if annotations[a.id] != nil {
                throw StyleError(path: path / 1 / "id", message: "annotation \"\(a.id)\" already exists",
                                 code: StyleErrorCode.duplicateAnnotation)
            }
            try checkAnnotationLayer(a, at: path / 1)
            annotations.append(a)
        case .updateAnnotation(let id, let patch):
            guard let old = annotations[id] else { throw unknownAnnotation(id, at: path / 1) }
            let a = try old.merging(patch, at: path / 2)
            try checkAnnotationLayer(a, at: path / 2)
            annotations.replace(a)
        case .removeAnnotation(let id):
            guard annotations[id] != nil else { throw unknownAnnotation(id, at: path / 1) }
            annotations.remove(id)
        default:
            return
        }
    }

    /// An annotation tied to a layer must name one that exists when it is set (it hides
    /// later if that layer goes away).
    private func checkAnnotationLayer(_ a: Annotation, at path: JSONPointer) throws(StyleError) {
        guard let id = a.layer, layer(id) == nil else { return }
        throw StyleError(path: path / "layer", message: "layer \"\(id)\" not found", code: StyleErrorCode.unknownLayer)
    }

    private func unknownAnnotation(_ id: String, at path: JSONPointer) -> StyleError {
        StyleError(path: path, message: "annotation \"\(id)\" not found", code: StyleErrorCode.unknownAnnotation)
    }
}
