import Foundation
import PNGCodec
import XCTest

/// The committed fixture files (made by Scripts/make-image-fixtures.py) and pixel comparisons.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil), "fixture \(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// The largest and the mean absolute channel difference of two same-sized buffers.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, mean: Double) {
        precondition(a.count == b.count && !a.isEmpty)
        var worst = 0, sum = 0
        for i in a.indices {
            let d = abs(Int(a[i]) - Int(b[i]))
            worst = max(worst, d)
            sum += d
        }
        return (worst, Double(sum) / Double(a.count))
    }
}
