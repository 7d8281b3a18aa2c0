import JSON

/// Error codes used by parsing, validation and apply (the HTTP layer maps them to statuses:
/// `unknown_*` → 404, `duplicate_*`/`*_in_use` → 409, the rest → 400).
public enum StyleErrorCode {
    public static let invalidStyle = "invalid_style"
    public static let invalidProperty = "invalid_property"
    public static let unknownProperty = "unknown_property"
    public static let invalidExpression = "invalid_expression"
    public static let invalidLayer = "invalid_layer"
    public static let invalidSource = "invalid_source"
    public static let unsupportedLayerType = "unsupported_layer_type"
    public static let sourceTypeMismatch = "source_type_mismatch"
    public static let unknownLayer = "unknown_layer"
    public static let unknownSource = "unknown_source"
    public static let unknownSlot = "unknown_slot"
    public static let unknownImage = "unknown_image"
    public static let duplicateLayer = "duplicate_layer"
    public static let duplicateSource = "duplicate_source"
    public static let sourceInUse = "source_in_use"
    public static let slotInUse = "slot_in_use"
    public static let invalidPosition = "invalid_position"
    public static let invalidCommand = "invalid_command"
    public static let unknownCommand = "unknown_command"
    /// A `custom` layer names a renderer nobody registered.
    public static let unknownRenderer = "unknown_renderer"
    /// A `custom` layer's `options` were refused by its renderer.
    public static let invalidOptions = "invalid_options"
    /// View annotations: a bad annotation object, a missing one, an id in use.
    public static let invalidAnnotation = "invalid_annotation"
    public static let unknownAnnotation = "unknown_annotation"
    public static let duplicateAnnotation = "duplicate_annotation"
    /// Style imports: a bad import object or config value, an import that cannot be read, a
    /// cycle, a missing or duplicate import id.
    public static let invalidImport = "invalid_import"
    public static let invalidConfig = "invalid_config"
    public static let unknownImport = "unknown_import"
    public static let duplicateImport = "duplicate_import"
}

extension StyleError {
    /// The HTTP status DESIGN.md gives this error: 409 for conflicts (duplicate ids, a source
    /// or slot still in use); 404 for an unknown layer/source/image named by the URL (the
    /// error's path is the root); 400 for everything else, including unknown ids referenced
    /// from inside a request body (DESIGN: `POST /layers` with an unknown source is a 400).
    public var httpStatus: Int {
        switch code {
        case StyleErrorCode.duplicateLayer, StyleErrorCode.duplicateSource, StyleErrorCode.sourceInUse,
             StyleErrorCode.slotInUse, StyleErrorCode.duplicateAnnotation, StyleErrorCode.duplicateImport:
            return 409
        case StyleErrorCode.unknownLayer, StyleErrorCode.unknownSource, StyleErrorCode.unknownImage,
             StyleErrorCode.unknownImport:
            return path.tokens.isEmpty ? 404 : 400
        default:
            return 400
        }
    }
}

/// Collects errors and warnings while validating a document.
struct Diagnostics {
    var errors: [StyleError] = []
    var warnings: [StyleError] = []

    mutating func error(_ path: JSONPointer, _ message: String, code: String = StyleErrorCode.invalidProperty) {
        errors.append(StyleError(path: path, message: message, code: code))
    }

    mutating func warning(_ path: JSONPointer, _ message: String, code: String = StyleErrorCode.invalidProperty) {
        warnings.append(StyleError(path: path, message: message, code: code))
    }

    mutating func append(_ more: [StyleError]) { errors.append(contentsOf: more) }

    var hasErrors: Bool { !errors.isEmpty }
}

extension JSONValue {
    /// How a value is shown in "expected one of [...], X found" messages: its JSON text.
    var shownInMessage: String { serialized() }
}

extension JSONValue {
    /// nil for JSON `null` (beware `x.isNull ? nil : x`: JSONValue is nil-literal expressible,
    /// so that `nil` becomes `.null`, not "absent").
    var nonNull: JSONValue? {
        if isNull { return nil }
        return self
    }
}
