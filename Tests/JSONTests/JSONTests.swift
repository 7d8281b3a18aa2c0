import XCTest
@testable import JSON

final class JSONTests: XCTestCase {
    func testParsesAllKindsAndKeepsKeyOrder() throws {
        let v = try JSONParser.parse(#"{"b": [1, 2.5, -3e2, true, false, null], "a": "x\"\u00e9\ud83d\ude00"}"#)
        XCTAssertEqual(v.objectValue?.keys, ["b", "a"])
        XCTAssertEqual(v["b"], [1, 2.5, -300, true, false, nil])
        XCTAssertEqual(v["a"]?.stringValue, "x\"é😀")
    }

    func testErrorsCarryPosition() {
        XCTAssertThrowsError(try JSONParser.parse("{\n  \"a\": tru }")) { e in
            let err = e as! JSONParseError
            XCTAssertEqual(err.line, 2)
            XCTAssertEqual(err.column, 8)
        }
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"abc", "[1] x", "nul", "\"\\x\"", "-"] {
            XCTAssertThrowsError(try JSONParser.parse(bad), bad)
        }
    }

    func testDeepNestingIsRejectedNotCrashing() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep))
    }

    func testNumbersRoundTripExactly() throws {
        for text in ["0", "-0.5", "0.1", "123456789012345", "1.7976931348623157e308", "5e-324", "3.141592653589793", "12345678901234567890"] {
            let v = try JSONParser.parse(text)
            XCTAssertEqual(v.numberValue, Double(text), text)
        }
        XCTAssertEqual(JSONValue.number(2).serialized(), "2")
        XCTAssertEqual(JSONValue.number(0.25).serialized(), "0.25")
        XCTAssertEqual(JSONValue.number(.nan).serialized(), "null")
    }

    func testSerializeRoundTrip() throws {
        let text = #"{"z":[1,{"q":"a\nb","t":null}],"a":false}"#
        let v = try JSONParser.parse(text)
        XCTAssertEqual(v.serialized(), text)
        XCTAssertEqual(try JSONParser.parse(v.prettyPrinted()), v)
    }

    func testObjectEqualityIgnoresOrder() throws {
        XCTAssertEqual(try JSONParser.parse(#"{"a":1,"b":2}"#), try JSONParser.parse(#"{"b":2,"a":1}"#))
        XCTAssertNotEqual(try JSONParser.parse(#"{"a":1}"#), try JSONParser.parse(#"{"a":2}"#))
    }

    func testPointer() throws {
        let p = JSONPointer.root / "layers" / 3 / "paint" / "a/b~c"
        XCTAssertEqual(p.description, "/layers/3/paint/a~1b~0c")
        XCTAssertEqual(JSONPointer(parsing: p.description), p)
        let v: JSONValue = ["layers": [1, 2, ["id": "x"]]]
        XCTAssertEqual(v.resolve(JSONPointer.root / "layers" / 2 / "id"), "x")
        XCTAssertNil(v.resolve(JSONPointer.root / "layers" / 9))
    }
}
