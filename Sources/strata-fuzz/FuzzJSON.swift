import JSON

/// JSON text: parse → serialize → parse gives the same value (non-finite numbers become
/// null) and the same text; pretty printing agrees; a lone number equals the stdlib's
/// `Double(text)`; a JSON pointer's text form round-trips.
func fuzzJSON(_ data: UnsafeRawBufferPointer) {
    if data.first == UInt8(ascii: "/"), let pointer = JSONPointer(parsing: String(decoding: data, as: UTF8.self)) {
        fuzzCheck(JSONPointer(parsing: pointer.description) == pointer, "JSON pointer text does not round-trip")
    }
    guard let value = try? JSONParser.parse(bytes: data) else { return }
    let text = value.serializedBytes()
    let again: JSONValue
    do { again = try JSONParser.parse(text) } catch { fatalError("serialized JSON does not parse: \(error)") }
    fuzzCheck(again == finiteOnly(value), "parse → serialize → parse changed the value")
    fuzzCheck(again.serializedBytes() == text, "serialization is not stable")
    fuzzCheck((try? JSONParser.parse(value.prettyPrinted())) == again, "pretty-printed JSON reads differently")
    if case .number(let n) = value {
        let trimmed = data.drop { isSpace($0) }.reversed().drop { isSpace($0) }.reversed()
        let reference = Double(String(decoding: trimmed, as: UTF8.self))
        fuzzCheck(reference == n && reference?.sign == n.sign, "number \(n) differs from Double(text) = \(String(describing: reference))")
    }
}

private func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

/// The value as its serialization says it: infinities become null.
private func finiteOnly(_ v: JSONValue) -> JSONValue {
    switch v {
    case .number(let n) where !n.isFinite: return .null
    case .array(let a): return .array(a.map(finiteOnly))
    case .object(let o): return .object(JSONObject(o.entries.map { ($0.key, finiteOnly($0.value)) }))
    default: return v
    }
}
