/// MapLibre GL JS's render-test pass rule (`compareRenderResults`, as `compare.py grade`):
/// the actual image is compared with every `expected*.png` of the case (platform variants),
/// the smallest mismatched fraction counts, and the case passes iff it is ≤ `allowed`.
struct RenderTestGrade {
    /// mismatched / (width·height) against the best expected image.
    var difference: Double
    var mismatched: Int
    var pixels: Int
    /// File name of the best expected image.
    var expected: String
    var passed: Bool
    /// pixelmatch's diff image against the best expected image (when asked for).
    var diffImage: RGBAImage?

    struct NoComparableImage: Error, CustomStringConvertible {
        var reasons: [String]
        var description: String { "no comparable expected image (\(reasons.joined(separator: "; ")))" }
    }

    /// `expected`: (file name, image) in file-name order; images of another size than `actual`
    /// are passed over (`compare.py` does the same), and none left is an error.
    static func grade(actual: RGBAImage, expected: [(name: String, image: RGBAImage)], allowed: Double,
                      threshold: Double, wantDiff: Bool) throws -> RenderTestGrade {
        var best: RenderTestGrade?
        var reasons: [String] = []
        let pixels = actual.width * actual.height
        for (name, image) in expected {
            guard image.width == actual.width, image.height == actual.height else {
                reasons.append("\(name): size \(image.width)x\(image.height) != actual \(actual.width)x\(actual.height)")
                continue
            }
            var options = Pixelmatch.Options()
            options.threshold = threshold
            var diff = wantDiff ? [UInt8](repeating: 0, count: pixels * 4) : []
            let n = try diff.withUnsafeMutableBufferPointer { out in
                try Pixelmatch.count(actual.rgba, image.rgba, width: actual.width, height: actual.height,
                                     output: wantDiff ? out : nil, options: options)
            }
            let d = pixels == 0 ? 0 : Double(n) / Double(pixels)
            if best == nil || d < best!.difference {
                best = RenderTestGrade(difference: d, mismatched: n, pixels: pixels, expected: name, passed: d <= allowed,
                                       diffImage: wantDiff ? RGBAImage(width: actual.width, height: actual.height, rgba: diff) : nil)
            }
        }
        guard let best else { throw NoComparableImage(reasons: reasons.isEmpty ? ["no expected*.png"] : reasons) }
        return best
    }
}
