/// MapLibre joins the lines of one tile that carry the same label text and meet end to end
/// before it places `symbol-placement: line` labels, so a street cut into many short ways
/// gets its labels spaced along the whole street. This does the same on each feature's first
/// line: a line whose start is another's end (same text) is appended to it, one whose end is
/// another's start is prepended, and one that bridges two such lines joins all three.
enum SymbolLineMerge {
    typealias Point = SIMD2<Double>

    struct Item {
        /// The feature the merged line keeps its properties and layout from.
        var feature: Int
        var lines: [[Point]]
    }

    static func merge(texts: [String?], lines: [[[Point]]]) -> [Item] {
        var items: [Item?] = []
        var leftIndex: [String: Int] = [:], rightIndex: [String: Int] = [:]
        func key(_ text: String, _ p: Point) -> String { "\(text):\(p.x):\(p.y)" }
        for k in texts.indices {
            guard let text = texts[k], !text.isEmpty, let first = lines[k].first, let head = first.first, let tail = first.last else {
                items.append(Item(feature: k, lines: lines[k]))
                continue
            }
            let leftKey = key(text, head), rightKey = key(text, tail)
            func fromRight(_ line: [Point]) -> Int {
                let i = rightIndex.removeValue(forKey: leftKey)!
                rightIndex[rightKey] = i
                items[i]!.lines[0] = items[i]!.lines[0].dropLast() + line
                return i
            }
            func fromLeft(_ line: [Point]) -> Int {
                let i = leftIndex.removeValue(forKey: rightKey)!
                leftIndex[leftKey] = i
                items[i]!.lines[0] = line + items[i]!.lines[0].dropFirst()
                return i
            }
            if let r = rightIndex[leftKey], let l = leftIndex[rightKey], r != l {
                // Lines of the same text meet both ends: all three become one.
                let j = fromLeft(first)
                let i = fromRight(items[j]!.lines[0])
                leftIndex.removeValue(forKey: leftKey)
                rightIndex.removeValue(forKey: rightKey)
                if let end = items[i]!.lines[0].last { rightIndex[key(text, end)] = i }
                items[j] = nil
            } else if rightIndex[leftKey] != nil {
                _ = fromRight(first)
            } else if leftIndex[rightKey] != nil {
                _ = fromLeft(first)
            } else {
                items.append(Item(feature: k, lines: lines[k]))
                leftIndex[leftKey] = items.count - 1
                rightIndex[rightKey] = items.count - 1
            }
        }
        return items.compactMap { $0 }
    }
}
