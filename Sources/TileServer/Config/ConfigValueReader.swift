import JSON

/// Typed reads of a config file's values, each failure a `ConfigError` naming the key.
struct ConfigValueReader {
    let file: String

    func err(_ key: String, _ what: String) -> ConfigError { ConfigError(file: file, message: "/\(key): \(what)") }

    func int(_ key: String, _ v: JSONValue, min: Int = 0, max: Int? = nil) throws -> Int {
        guard let i = v.intValue else { throw err(key, "expected an integer, got \(v.typeName)") }
        guard i >= min else { throw err(key, "must be ≥ \(min)") }
        if let max, i > max { throw err(key, "must be ≤ \(max)") }
        return i
    }

    func string(_ key: String, _ v: JSONValue) throws -> String {
        guard let s = v.stringValue else { throw err(key, "expected a string, got \(v.typeName)") }
        return s
    }

    func bool(_ key: String, _ v: JSONValue) throws -> Bool {
        guard let b = v.boolValue else { throw err(key, "expected a boolean") }
        return b
    }

    /// Seconds from 0 to `max`; `what` says the range and what 0 means.
    func seconds(_ key: String, _ v: JSONValue, max: Double, what: String) throws -> Double {
        guard let d = v.numberValue, d >= 0, d <= max else { throw err(key, "expected seconds from \(what)") }
        return d
    }

    /// An array of strings; `what` says what the array should hold.
    func strings(_ key: String, _ v: JSONValue, what: String) throws -> [String] {
        guard case .array(let a) = v else { throw err(key, "expected \(what)") }
        return try a.enumerated().map { try string("\(key)/\($0.offset)", $0.element) }
    }
}
