/// Google's Encoded Polyline Algorithm Format (precision 5), as tileserver-gl's `path=enc:…`
/// takes it: https://developers.google.com/maps/documentation/utilities/polylinealgorithm
enum EncodedPolyline {
    /// The (latitude, longitude) points of `text`; nil when it is not a whole polyline (a
    /// character outside `?`…`~`, a value cut short, or a latitude without its longitude).
    static func decode(_ text: Substring) -> [(lat: Double, lon: Double)]? {
        var points: [(lat: Double, lon: Double)] = []
        var lat = 0, lon = 0
        var it = text.utf8.makeIterator()
        while true {
            guard let dLat = next(&it) else { break }
            guard case .value(let a) = dLat, let dLon = next(&it), case .value(let b) = dLon else { return nil }
            lat += a; lon += b
            points.append((Double(lat) / 1e5, Double(lon) / 1e5))
        }
        return points
    }

    private enum Chunk { case value(Int), bad }

    /// One signed value, nil at the end of the text, `.bad` for a broken one.
    private static func next(_ it: inout Substring.UTF8View.Iterator) -> Chunk? {
        var result = 0, shift = 0, started = false
        while let c = it.next() {
            started = true
            guard c >= 63, c <= 126, shift <= 30 else { return .bad }
            let b = Int(c) - 63
            result |= (b & 0x1f) << shift
            shift += 5
            if b < 0x20 { return .value((result & 1) != 0 ? ~(result >> 1) : result >> 1) }
        }
        return started ? .bad : nil
    }
}
