import XCTest
@testable import JSON

final class JSONObjectScalingTests: XCTestCase {
    func testDuplicateKeysLastValueWinsAtFirstPlace() throws {
        let v = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        XCTAssertEqual(v.objectValue?.keys, ["a", "b"])
        XCTAssertEqual(v["a"], 3)
        // The same past the linear-search size.
        var text = "{"
        for k in 0..<40 { text += "\"k\(k)\": \(k)," }
        text += "\"k3\": \"again\", \"k39\": null}"
        let big = try JSONParser.parse(text).objectValue!
        XCTAssertEqual(big.count, 40)
        XCTAssertEqual(big["k3"], "again")
        XCTAssertEqual(big["k39"], .null)
        XCTAssertEqual(big.keys[3], "k3")
    }

    func testHugeObjectParsesInLinearTime() throws {
        // 300k distinct keys plus 300k repeats: quadratic duplicate checks would take hours.
        let n = 300_000
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(n * 30)
        for k in 0..<(2 * n) {
            if k > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: "\"key\(k % n)\":\(k)".utf8)
        }
        bytes.append(UInt8(ascii: "}"))
        let start = Date()
        let v = try JSONParser.parse(bytes)
        let obj = try XCTUnwrap(v.objectValue)
        XCTAssertEqual(obj.count, n)
        XCTAssertEqual(obj["key12345"], .number(Double(n + 12345)))
        XCTAssertEqual(obj.position(of: "key7"), 7)
        XCTAssertEqual(obj, obj, "equality over a huge object is linear too")
        XCTAssertLessThan(Date().timeIntervalSince(start), 60)
    }

    func testMutatingLargeObjectKeepsIndexConsistent() {
        var o = JSONObject()
        for k in 0..<100 { o["k\(k)"] = .number(Double(k)) }
        o["k10"] = nil
        XCTAssertNil(o["k10"])
        XCTAssertEqual(o["k11"], 11)
        XCTAssertEqual(o.position(of: "k11"), 10)
        o["k10"] = "back"
        XCTAssertEqual(o.keys.last, "k10")
        XCTAssertEqual(o.count, 100)
        for k in 0..<95 { o["k\(k)"] = nil }
        XCTAssertEqual(o.count, 5)
        XCTAssertEqual(o["k97"], 97)
        XCTAssertEqual(o, JSONObject([("k99", 99), ("k98", 98), ("k97", 97), ("k96", 96), ("k95", 95)]))
    }

    func testFastNumberPathsAgreeWithTheStandardLibrary() throws {
        var rng = SystemRandomNumberGenerator()
        var texts = ["0.1", "0.30000000000000004", "-77.066104", "38.910203000000002", "9007199254740993",
                     "18446744073709551615", "1e22", "1e23", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
                     "123456789012345678901234567890", "0.000000000000000000000000001", "1E+2", "-0", "-0.0e5",
                     "13.407399999999999", "53.615300000000005", "1e-27", "9999999999999999999e27", "1.00000000000000011102230246251565"]
        for _ in 0..<20_000 {
            let intDigits = Int.random(in: 1...12, using: &rng), fracDigits = Int.random(in: 0...12, using: &rng)
            var t = Bool.random(using: &rng) ? "-" : ""
            t += String(Int.random(in: 1...9, using: &rng))
            for _ in 1..<intDigits { t += String(Int.random(in: 0...9, using: &rng)) }
            if fracDigits > 0 { t += "."; for _ in 0..<fracDigits { t += String(Int.random(in: 0...9, using: &rng)) } }
            if Int.random(in: 0..<4, using: &rng) == 0 { t += "e\(Int.random(in: -30...30, using: &rng))" }
            texts.append(t)
        }
        for _ in 0..<5_000 { texts.append("\(Double(bitPattern: UInt64.random(in: 0x0010_0000_0000_0000...0x7FE0_0000_0000_0000, using: &rng)))") }
        for t in texts {
            let parsed = try JSONParser.parse(t).numberValue
            XCTAssertEqual(parsed?.bitPattern, Double(t)?.bitPattern, t)
        }
    }
}
