import Geo
import JSON

/// Turns a GeoJSON document into features in a `GeometryStore`, the way MapLibre (geojson-vt)
/// reads it: FeatureCollection, Feature or a bare geometry; GeometryCollections flattened
/// into one feature per member; coordinates projected once. Unlike geojson-vt, which throws
/// on the first bad feature, invalid parts are skipped with a warning.
struct GeoJSONReader {
    let options: GeoJSONOptions
    let include: ((Feature) -> Bool)?
    var store: GeometryStore
    var features: [Feature] = []
    /// Where each feature's geometry is in `store` (parallel to `features`).
    var headers: [GeometryHeader] = []
    var warnings = Warnings()

    /// Deepest GeometryCollection nesting read (keeps recursion shallow on small thread stacks).
    static let maxCollectionDepth = 16

    init(options: GeoJSONOptions, include: ((Feature) -> Bool)?) {
        self.options = options
        self.include = include
        // geojson-vt stops Douglas–Peucker at the tolerance of maxzoom.
        let finest = options.tolerance / (512 * Double(sign: .plus, exponent: options.maxzoom, significand: 1))
        store = GeometryStore(trackDistances: options.lineMetrics, minSqTolerance: finest * finest)
    }

    /// Collected warnings, capped so hostile input cannot fill memory with them.
    struct Warnings {
        static let limit = 100
        var messages: [String] = []
        var suppressed = 0
        mutating func add(_ path: @autoclosure () -> JSONPointer, _ message: @autoclosure () -> String) {
            if messages.count < Warnings.limit { messages.append("\(path()): \(message())") } else { suppressed += 1 }
        }
        var all: [String] { suppressed == 0 ? messages : messages + ["… and \(suppressed) more warnings"] }
    }

    mutating func read(_ json: JSONValue) throws {
        guard case .object(let root) = json else {
            throw GeoJSONError("GeoJSON must be an object, not \(json.typeName)")
        }
        guard let type = root["type"]?.stringValue else {
            throw GeoJSONError("GeoJSON object has no \"type\" string", path: JSONPointer.root / "type")
        }
        switch type {
        case "FeatureCollection":
            guard case .array(let list)? = root["features"] else {
                throw GeoJSONError("a FeatureCollection needs a \"features\" array", path: JSONPointer.root / "features")
            }
            features.reserveCapacity(list.count); headers.reserveCapacity(list.count)
            for (i, f) in list.enumerated() { readFeature(f, index: i, path: JSONPointer.root / "features" / i) }
        case "Feature":
            readFeature(json, index: 0, path: .root)
        case "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection":
            readGeometry(root, id: nil, properties: JSONObject(), path: .root, depth: 0)
        default:
            throw GeoJSONError("unknown GeoJSON type \"\(type)\"", path: JSONPointer.root / "type")
        }
    }

    mutating func readFeature(_ json: JSONValue, index: Int, path: @autoclosure () -> JSONPointer) {
        guard case .object(let f) = json else { warnings.add(path(), "a feature must be an object, not \(json.typeName)"); return }
        var properties = JSONObject()
        switch f["properties"] {
        case .object(let p)?: properties = p
        case nil, .null?: break
        case let other?: warnings.add(path() / "properties", "properties must be an object, not \(other.typeName); ignored")
        }
        var id: JSONValue?
        if let key = options.promoteId {
            id = Self.validID(properties[key])
        } else if options.generateId {
            id = .number(Double(index))
        } else if let given = f["id"], !given.isNull {
            id = Self.validID(given)
            if id == nil { warnings.add(path() / "id", "an id must be a number or a string; ignored") }
        }
        switch f["geometry"] {
        case nil, .null?:
            return // an unlocated feature: valid GeoJSON, nothing to draw
        case .object(let g)?:
            readGeometry(g, id: id, properties: properties, path: path() / "geometry", depth: 0)
        case let other?:
            warnings.add(path() / "geometry", "a geometry must be an object, not \(other.typeName); feature skipped")
        }
    }

    static func validID(_ v: JSONValue?) -> JSONValue? {
        switch v {
        case .number(let n)? where n.isFinite: return v
        case .string?: return v
        default: return nil
        }
    }

    mutating func readGeometry(_ g: JSONObject, id: JSONValue?, properties: JSONObject, path: @autoclosure () -> JSONPointer, depth: Int) {
        guard let type = g["type"]?.stringValue else { warnings.add(path() / "type", "a geometry needs a \"type\" string; skipped"); return }
        if type == "GeometryCollection" {
            guard depth < GeoJSONReader.maxCollectionDepth else {
                warnings.add(path(), "GeometryCollections nested deeper than \(GeoJSONReader.maxCollectionDepth); skipped"); return
            }
            guard case .array(let members)? = g["geometries"] else {
                warnings.add(path() / "geometries", "a GeometryCollection needs a \"geometries\" array; skipped"); return
            }
            for (i, m) in members.enumerated() {
                guard case .object(let mg) = m else { warnings.add(path() / "geometries" / i, "a geometry must be an object; skipped"); continue }
                readGeometry(mg, id: id, properties: properties, path: path() / "geometries" / i, depth: depth + 1)
            }
            return
        }
        guard let coordinates = g["coordinates"] else {
            warnings.add(path() / "coordinates", "a \(type) needs \"coordinates\"; skipped"); return
        }
        if type == "MultiLineString", options.lineMetrics, case .array(let lines) = coordinates {
            // As geojson-vt: with line metrics every line is its own feature (its own length).
            for (i, line) in lines.enumerated() {
                readShape("LineString", line, id: id, properties: properties, path: path() / "coordinates" / i)
            }
            return
        }
        readShape(type, coordinates, id: id, properties: properties, path: path() / "coordinates")
    }

    /// Reads one geometry's coordinates into the store and adds the feature.
    mutating func readShape(_ type: String, _ c: JSONValue, id: JSONValue?, properties: JSONObject, path: @autoclosure () -> JSONPointer) {
        let firstPart = store.partEnds.count, firstPolygon = store.polygonEnds.count
        let geometryType: GeometryType
        switch type {
        case "Point":
            geometryType = .point
            if let p = position(c, path()) { store.points.append(p); endPart(.points, path()) }
        case "MultiPoint":
            geometryType = .point
            for (i, pc) in elements(c, path(), of: "positions") { if let p = position(pc, path() / i) { store.points.append(p) } }
            if store.points.count > store.openPartStart { endPart(.points, path()) }
        case "LineString":
            geometryType = .lineString
            readLine(c, path())
        case "MultiLineString":
            geometryType = .lineString
            for (i, line) in elements(c, path(), of: "lines") { readLine(line, path() / i) }
        case "Polygon":
            geometryType = .polygon
            readPolygon(c, path())
        case "MultiPolygon":
            geometryType = .polygon
            for (i, polygon) in elements(c, path(), of: "polygons") { readPolygon(polygon, path() / i) }
        default:
            warnings.add(path().tokens.isEmpty ? path() : JSONPointer(path().tokens.dropLast()) / "type", "unknown geometry type \"\(type)\"; skipped")
            return
        }
        if !finishFeature(type: geometryType, id: id, properties: properties, firstPart: firstPart, firstPolygon: firstPolygon) {
            warnings.add(path(), "\(type) has nothing drawable; feature skipped")
        }
    }

    /// Adds the feature made of the parts stored since `firstPart` (false when there are
    /// none, or `include` refused it: then its geometry is rolled back).
    @discardableResult
    mutating func finishFeature(type geometryType: GeometryType, id: JSONValue?, properties: JSONObject,
                                firstPart: Int, firstPolygon: Int) -> Bool {
        let partEnd = store.partEnds.count
        guard partEnd > firstPart else { return false }
        let polygonEnd = store.polygonEnds.count
        let isMulti: Bool
        switch geometryType {
        case .point: isMulti = store.points.count - store.partStart(firstPart) > 1
        case .lineString: isMulti = partEnd - firstPart > 1
        case .polygon: isMulti = polygonEnd - firstPolygon > 1
        }
        let bounds = store.bounds(ofParts: firstPart..<partEnd)
        let feature = Feature(id: id, properties: properties, type: geometryType, isMulti: isMulti, bounds: bounds)
        if let include, !include(feature) {
            store.rollback(parts: firstPart, polygons: firstPolygon)
            return true
        }
        features.append(feature)
        headers.append(GeometryHeader(bounds: bounds, partStart: Int32(firstPart), partEnd: Int32(partEnd),
                                      polygonStart: Int32(firstPolygon), polygonEnd: Int32(polygonEnd), type: geometryType))
        return true
    }

    mutating func readLine(_ c: JSONValue, _ path: @autoclosure () -> JSONPointer) {
        for (i, pc) in elements(c, path(), of: "positions") {
            guard let p = position(pc, path() / i) else { store.discardOpenPart(); warnings.add(path(), "line skipped"); return }
            store.points.append(p)
        }
        endPart(.line, path())
    }

    mutating func readPolygon(_ c: JSONValue, _ path: @autoclosure () -> JSONPointer) {
        let firstPart = store.partEnds.count, firstPolygon = store.polygonEnds.count
        for (r, ring) in elements(c, path(), of: "rings") {
            var valid = true
            for (i, pc) in elements(ring, path() / r, of: "positions") {
                guard let p = position(pc, path() / r / i) else { valid = false; break }
                store.points.append(p)
            }
            if valid { valid = endPart(.ring(outer: r == 0), path() / r) } else { store.discardOpenPart() }
            if !valid, r == 0 {
                warnings.add(path(), "polygon without a valid outer ring skipped")
                store.rollback(parts: firstPart, polygons: firstPolygon)
                return
            }
            if !valid { warnings.add(path() / r, "hole skipped") }
        }
        if store.partEnds.count > firstPart { store.endPolygon() }
    }

    @discardableResult
    mutating func endPart(_ kind: GeometryStore.PartKind, _ path: @autoclosure () -> JSONPointer) -> Bool {
        do {
            try store.endPart(kind)
            return true
        } catch {
            switch error {
            case .tooFewPoints: warnings.add(path(), "a line needs at least two positions; skipped")
            case .degenerateRing: warnings.add(path(), "a ring needs at least three distinct positions; skipped")
            case .tooLarge: warnings.add(path(), "source too large; rest of the geometry skipped")
            }
            return false
        }
    }

    /// The elements of a coordinates array (a warning and none when it is not an array).
    mutating func elements(_ c: JSONValue, _ path: @autoclosure () -> JSONPointer, of what: String) -> EnumeratedSequence<[JSONValue]> {
        if case .array(let a) = c { return a.enumerated() }
        warnings.add(path(), "expected an array of \(what), got \(c.typeName)")
        return [JSONValue]().enumerated()
    }

    /// A position: [lon, lat, ...] with finite numbers, projected. Longitudes are kept to
    /// ±540° (x in -1...2): geojson-vt drops anything farther, and the index needs sane bounds.
    /// Latitudes past a pole fold back, as geojson-vt projects them.
    mutating func position(_ v: JSONValue, _ path: @autoclosure () -> JSONPointer) -> WorldPoint? {
        guard case .array(let a) = v, a.count >= 2, case .number(let lon) = a[0], case .number(let lat) = a[1],
              lon.isFinite, lat.isFinite else {
            warnings.add(path(), "a position must be an array of at least two finite numbers")
            return nil
        }
        var p = WebMercator.projectGeoJSON(lon: lon, lat: lat)
        p.x = Swift.max(-1, Swift.min(2, p.x))
        return p
    }
}
