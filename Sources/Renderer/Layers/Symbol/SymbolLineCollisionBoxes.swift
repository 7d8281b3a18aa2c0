import Foundation

/// The circles a line label takes its room with, as MapLibre Native lays them out
/// (`CollisionFeature::bboxifyLabel`) and picks them at placement
/// (`CollisionIndex::placeLineFeature`): squares of the label's padded height, half a square
/// apart along the line itself (not the offset line), from half the padded label length
/// before the anchor, with a few spares beyond both ends; a circle takes part when its
/// distance from the anchor (shortened by a fifth, so the ends are conservative) lies between
/// the first and the last glyph's, and of two taking part that overlap by more than a
/// radius's worth, the first is left out unless it is the last one usable.
///
/// GL JS spreads its circles evenly from the first glyph to the last along the glyphs' own
/// (offset) path instead; both are "MapLibre", and they differ by a few pixels where a label
/// ends. Strata follows Native (what real styles are compared with, `real_styles.py`) while
/// the glyphs stay inside circles on the line, and GL JS once a `text-offset` moves them out
/// (`SymbolLineLabels.collisionCircles`).
enum SymbolLineCollisionBoxes {
    /// The circle centres (device pixels) for a label `labelLength` long (padded) whose
    /// squares are `boxSize` wide, anchored on `path`; `first` and `last`: how far along the
    /// line the first glyph lies before the anchor and the last after it; `overscaling`: how
    /// far the tile is zoomed past its data (more spare circles, as Native lays them out).
    static func circles(on path: SymbolLinePlacement.Path, labelLength: Double, boxSize: Double,
                        first: Double, last: Double, overscaling: Double) -> [SIMD2<Double>] {
        let laidOut = layOut(on: path, labelLength: labelLength, boxSize: boxSize, overscaling: overscaling)
        let radius = boxSize / 2
        func usable(_ k: Int) -> Bool { laidOut[k].distance >= -first && laidOut[k].distance <= last }
        var out: [SIMD2<Double>] = []
        var previousPlaced = false
        for k in laidOut.indices {
            guard usable(k) else { previousPlaced = false; continue }
            let centre = laidOut[k].centre
            if previousPlaced, let previous = out.last {
                let d = centre - previous
                // Circles closer than √2 radii thin out, unless the next one cannot be used.
                if radius * radius * 2 > (d * d).sum(), k + 1 < laidOut.count,
                   laidOut[k + 1].distance > -first, laidOut[k + 1].distance < last {
                    previousPlaced = false
                    continue
                }
            }
            previousPlaced = true
            out.append(centre)
        }
        return out
    }

    /// Every square's centre on the line and its signed distance from the anchor as placement
    /// compares it (0 within half a square of the first square's offset, else 0.8 times it).
    static func layOut(on path: SymbolLinePlacement.Path, labelLength: Double, boxSize: Double,
                       overscaling: Double) -> [(centre: SIMD2<Double>, distance: Double)] {
        let line = path.points
        guard boxSize > 0, labelLength.isFinite, path.segment + 1 < line.count else { return [] }
        let step = boxSize / 2
        let boxes = max(Int((labelLength / step).rounded(.down)), 1)
        guard boxes < 10_000 else { return [] }
        let paddingFactor = 1 + 0.4 * log2(max(1, overscaling))
        let spare = Int((Double(boxes) * paddingFactor / 2).rounded(.down))
        let firstBoxOffset = -boxSize / 2
        let labelStart = -labelLength / 2, paddingStart = labelStart - labelLength / 8
        // Back along the line to the segment where the first square lies.
        var index = path.segment + 1
        var anchorDistance = firstBoxOffset
        var p = path.anchor
        repeat {
            if index == 0 {
                if anchorDistance > labelStart { return [] }
                break
            }
            index -= 1
            anchorDistance -= SymbolLineAnchors.distance(line[index], p)
            p = line[index]
        } while anchorDistance > paddingStart
        var segmentLength = SymbolLineAnchors.distance(line[index], line[index + 1])
        var out: [(centre: SIMD2<Double>, distance: Double)] = []
        for i in -spare..<(boxes + spare) {
            let offset = Double(i) * step
            var along = labelStart + offset
            if offset < 0 { along += offset }
            if offset > labelLength { along += offset - labelLength }
            if along < anchorDistance { continue }
            while anchorDistance + segmentLength < along {
                anchorDistance += segmentLength
                index += 1
                if index + 1 >= line.count { return out }
                segmentLength = SymbolLineAnchors.distance(line[index], line[index + 1])
            }
            let u = segmentLength > 0 ? (along - anchorDistance) / segmentLength : 0
            let centre = line[index] + (line[index + 1] - line[index]) * u
            let distance = abs(along - firstBoxOffset) < step ? 0 : (along - firstBoxOffset) * 0.8
            out.append((centre, distance))
        }
        return out
    }
}
