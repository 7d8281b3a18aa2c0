import JSON

/// The config values `["config", name]` and `["config", name, scope]` read while a style is
/// compiled: scope "" is the compiled style's own options (its `schema`, with the values its
/// importer set), other scopes are its imports' ids. Expressions are compiled against it, so a
/// config value is a constant of the compiled layer (as if written there by hand); a changed
/// value re-compiles the layers that read it.
public struct ConfigEnvironment: Sendable, Equatable {
    public var scopes: [String: JSONObject]

    public init(scopes: [String: JSONObject] = [:]) { self.scopes = scopes }

    /// The environment in effect for the compile running on this thread (set by style parsing
    /// and `Style.applying`); nil outside any style, where `config` cannot be compiled.
    @TaskLocal public static var current: ConfigEnvironment?

    enum Lookup { case value(JSONValue), unknownScope, unknownOption }

    func lookup(_ name: String, scope: String) -> Lookup {
        guard let options = scopes[scope] else { return .unknownScope }
        guard let v = options[name] else { return .unknownOption }
        return .value(v)
    }
}

/// The `config` references of a layer's JSON: which options it reads, so its render hash covers
/// their values and a config change re-compiles exactly the layers that read it.
enum ConfigReferences {
    /// `(scope, name)` pairs of every `["config", name, scope?]` in `json` (not inside `literal`).
    static func collect(_ json: JSONValue) -> [(scope: String, name: String)] {
        var out: [(scope: String, name: String)] = []
        walk(json, &out)
        return out
    }

    private static func walk(_ json: JSONValue, _ out: inout [(scope: String, name: String)]) {
        switch json {
        case .array(let a):
            if case .string(let op)? = a.first {
                if op == "literal" { return }
                if op == "config", a.count >= 2, case .string(let name) = a[1] {
                    var scope = ""
                    if a.count >= 3, case .string(let s) = a[2] { scope = s }
                    out.append((scope, name))
                }
            }
            for e in a { walk(e, &out) }
        case .object(let o):
            for (_, v) in o { walk(v, &out) }
        default:
            return
        }
    }

    /// Whether `json` reads any config option (cheap pre-check before `collect`).
    static func any(_ json: JSONObject) -> Bool { !collect(.object(json)).isEmpty }

    /// The values a layer's references read in `env`, keyed `scope/name` (for its render hash);
    /// nil when it reads none.
    static func values(of json: JSONObject, in env: ConfigEnvironment?) -> JSONObject? {
        let refs = collect(.object(json))
        guard !refs.isEmpty else { return nil }
        var out = JSONObject()
        for r in refs {
            if case .value(let v)? = env?.lookup(r.name, scope: r.scope) { out[r.scope + "/" + r.name] = v }
            else { out[r.scope + "/" + r.name] = .null }
        }
        return out
    }

    /// Whether `json` reads an option of `scope`.
    static func reads(_ json: JSONObject, scope: String) -> Bool {
        collect(.object(json)).contains { $0.scope == scope }
    }
}
