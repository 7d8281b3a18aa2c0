import JSON
import StyleSpec

/// The configured bounds on a session's annotations, checked on every mutation path
/// (annotation routes and `POST /style/operations` alike) before anything is stored. Errors
/// point at the command argument, so `MutationPlan.relocate` moves them into the request body.
struct AnnotationLimits: Sendable {
    var maxCount: Int
    var maxTextLength: Int

    init(_ config: ServerConfig) {
        maxCount = config.maxAnnotations
        maxTextLength = config.maxAnnotationTextLength
    }

    /// `steps` made `next` from `previous`: texts over the limit are a 400 at their `text`,
    /// a session grown beyond `maxCount` a 409 at the last `addAnnotation`.
    func check(_ steps: [StyleCommand], next: Style, previous: Style) throws(StyleError) {
        var lastAdd: Int?
        for (i, command) in steps.enumerated() {
            let text: JSONValue?, argument: Int
            switch command {
            case .addAnnotation(let o): text = o["text"]; argument = 1; lastAdd = i
            case .updateAnnotation(_, let o): text = o["text"]; argument = 2
            default: continue
            }
            if case .string(let s)? = text, s.count > maxTextLength {
                throw StyleError(path: JSONPointer([String(i), String(argument), "text"]),
                                 message: "text is \(s.count) characters, over the limit of \(maxTextLength)",
                                 code: StyleErrorCode.invalidAnnotation)
            }
        }
        if let lastAdd, next.annotations.count > maxCount, next.annotations.count > previous.annotations.count {
            throw StyleError(path: JSONPointer([String(lastAdd)]),
                             message: "a session holds at most \(maxCount) annotations; remove some first",
                             code: "too_many_annotations")
        }
    }
}
