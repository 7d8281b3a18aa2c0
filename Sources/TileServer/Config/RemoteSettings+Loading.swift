import JSON

extension RemoteSettings {
    /// Reads one `remote*` config key; false when `key` is not one of them.
    mutating func load(_ key: String, _ v: JSONValue, _ err: (String, String) -> ConfigError) throws -> Bool {
        func pairs(_ v: JSONValue, _ at: String) throws -> [String: [String: String]] {
            guard case .object(let hosts) = v else { throw err(at, "expected an object of host → {name: value}") }
            var out: [String: [String: String]] = [:]
            for (host, items) in hosts {
                guard case .object(let o) = items else { throw err("\(at)/\(host)", "expected an object of name → value") }
                var fields: [String: String] = [:]
                for (name, value) in o {
                    guard let s = value.stringValue else { throw err("\(at)/\(host)/\(name)", "expected a string") }
                    fields[name] = s
                }
                out[host.lowercased()] = fields
            }
            return out
        }
        func positive(_ v: JSONValue) throws -> Int {
            guard let i = v.intValue, i >= 1 else { throw err(key, "expected a positive integer") }
            return i
        }
        switch key {
        case "remotePrivateHosts":
            guard case .array(let a) = v else { throw err(key, "expected an array of host names") }
            privateHosts = Set(try a.enumerated().map { i, h in
                guard let s = h.stringValue else { throw err("\(key)/\(i)", "expected a host name") }
                return s.lowercased()
            })
        case "remoteParameters": parameters = try pairs(v, key)
        case "remoteHeaders": headers = try pairs(v, key)
        case "remoteCacheBytes": cacheBytes = try positive(v)
        case "remoteCacheDir":
            guard let s = v.stringValue else { throw err(key, "expected a folder path (\"\" for none)") }
            cacheDir = s
        case "remoteCacheDirBytes": cacheDirBytes = try positive(v)
        case "remoteTimeoutMs": requestTimeoutMs = try positive(v)
        case "remoteConnectTimeoutMs": connectTimeoutMs = try positive(v)
        case "remoteFetchesPerMinute": fetchesPerMinute = try positive(v)
        default: return false
        }
        return true
    }
}
