import JSON
import SplitMix

/// Random damage to a JSON document for fuzz-style tests: one node replaced by a value from
/// `junk` (deeper nodes more likely), sometimes an element dropped or a likely key set to junk.
public enum JSONCorruption {
    public static func corrupt(_ value: JSONValue, junk: [JSONValue], keys: [String], _ rng: inout SplitMix64,
                               depth: Int = 0) -> JSONValue {
        if depth > 0 && rng.int(4) == 0 { return rng.pick(junk) }
        switch value {
        case .array(var a) where !a.isEmpty:
            let i = rng.int(a.count)
            a[i] = corrupt(a[i], junk: junk, keys: keys, &rng, depth: depth + 1)
            if rng.int(8) == 0 { a.remove(at: rng.int(a.count)) }
            return .array(a)
        case .object(var o) where !o.isEmpty:
            let key = o.keys[rng.int(o.count)]
            o[key] = corrupt(o[key]!, junk: junk, keys: keys, &rng, depth: depth + 1)
            if rng.int(8) == 0, !keys.isEmpty { o[rng.pick(keys)] = rng.pick(junk) }
            return .object(o)
        default:
            return rng.pick(junk)
        }
    }
}
