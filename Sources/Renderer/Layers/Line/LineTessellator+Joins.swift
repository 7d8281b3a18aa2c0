extension LineTessellator {
    /// Emits the vertices of one join or cap at `p` (MapLibre's vertex order, which decides
    /// which triangles the strip forms and so where a translucent line overlaps itself).
    mutating func emitJoin(_ kind: JoinKind, at p: SIMD2<Double>, prev: SIMD2<Double>?, hasNext: Bool,
                           inNormal: SIMD2<Double>, outNormal: SIMD2<Double>, joinNormal: SIMD2<Double>,
                           miterLength: Double, cosAngle: Double, approxAngle: Double, lineTurnsLeft: Bool,
                           to mesh: inout LineMesh) {
        switch kind {
        case .miter:
            addCurrentVertex(p, joinNormal * miterLength, 0, 0, round: false, to: &mesh)

        case .flipBevel:
            // The miter is too long: flip it to bevel the corner from the inside.
            var normal: SIMD2<Double>
            if miterLength > 100 {
                // Almost parallel.
                normal = -outNormal
            } else {
                let bevelLength = miterLength * length(inNormal + outNormal) / length(inNormal - outNormal)
                normal = perp(joinNormal) * (bevelLength * (lineTurnsLeft ? -1 : 1))
            }
            addCurrentVertex(p, normal, 0, 0, round: false, to: &mesh)
            addCurrentVertex(p, -normal, 0, 0, round: false, to: &mesh)

        case .bevel, .fakeRound:
            let offset = -(miterLength * miterLength - 1).squareRoot()
            let offsetA = lineTurnsLeft ? offset : 0
            let offsetB = lineTurnsLeft ? 0 : offset
            // Close the previous segment with a bevel.
            if prev != nil { addCurrentVertex(p, inNormal, offsetA, offsetB, round: false, to: &mesh) }
            if kind == .fakeRound {
                // Pie slices between the two normals, about one per 20°.
                let n = Int((approxAngle * 180 / Double.pi / Self.degreesPerTriangle + 0.5).rounded(.down))
                if n > 1 {
                    for m in 1..<n {
                        var t = Double(m) / Double(n)
                        if t != 0.5 {
                            // Approximate spherical interpolation (mourner's slerp fit).
                            let t2 = t - 0.5
                            let a = 1.0904 + cosAngle * (-3.2452 + cosAngle * (3.55645 - cosAngle * 1.43519))
                            let b = 0.848013 + cosAngle * (-1.06021 + cosAngle * 0.215638)
                            t = t + t * t2 * (t - 1) * (a * t2 * t2 + b)
                        }
                        let extrude = unit((outNormal - inNormal) * t + inNormal) * (lineTurnsLeft ? -1 : 1)
                        addHalfVertex(p, extrude, round: false, up: lineTurnsLeft, direction: 0, to: &mesh)
                    }
                }
            }
            // Start the next segment.
            if hasNext { addCurrentVertex(p, outNormal, -offsetA, -offsetB, round: false, to: &mesh) }

        case .butt:
            addCurrentVertex(p, joinNormal, 0, 0, round: false, to: &mesh)

        case .square:
            let offset: Double = prev != nil ? 1 : -1
            addCurrentVertex(p, joinNormal, offset, offset, round: false, to: &mesh)

        case .round:
            if prev != nil {
                // Close the previous segment with a butt, then its round cap.
                addCurrentVertex(p, inNormal, 0, 0, round: false, to: &mesh)
                addCurrentVertex(p, inNormal, 1, 1, round: true, to: &mesh)
            }
            if hasNext {
                // The next segment's round cap, then its butt start.
                addCurrentVertex(p, outNormal, -1, -1, round: true, to: &mesh)
                addCurrentVertex(p, outNormal, 0, 0, round: false, to: &mesh)
            }
        }
    }
}
