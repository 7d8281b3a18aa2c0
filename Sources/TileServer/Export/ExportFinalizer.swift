import Foundation
import SourceData

/// Writes an export's target from its journal once every tile is in it: a PMTiles or MBTiles
/// archive renamed into place when complete, or the files of a folder each written under a
/// temporary name and renamed. Writing again from the same journal gives the same result, so
/// a kill during this step is repaired by running the export again.
enum ExportFinalizer {
    /// Writes the target; returns the number of distinct contents stored.
    static func write(_ job: ExportJob, from journal: ExportJournal) throws -> Int {
        let tiles = try journal.tiles()
        let lengths = try journal.lengths()
        let folder = (job.target.path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        switch job.target {
        case .pmtiles(let path):
            try PMTilesArchiveWriter.write(path: path, tiles: tiles, lengths: lengths, description: job.description, content: journal.content)
        case .mbtiles(let path):
            try MBTilesArchiveWriter.write(path: path, tiles: tiles, description: job.description, content: journal.content)
        case .folder(let path):
            try writeFolder(path, tiles: tiles, ext: job.output.fileExtension, content: journal.content)
        }
        return Set(tiles.map(\.content)).count
    }

    /// `path/z/x/y.ext` for every tile (a content read once however many tiles share it).
    static func writeFolder(_ path: String, tiles: [ArchiveTile], ext: String, content: (Int64) throws -> [UInt8]) throws {
        var cache: (id: Int64, bytes: [UInt8])?
        var made = Set<String>()
        for t in tiles.sorted(by: { ($0.content, $0.z, $0.x, $0.y) < ($1.content, $1.z, $1.x, $1.y) }) {
            let dir = "\(path)/\(t.z)/\(t.x)"
            if made.insert(dir).inserted { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
            if cache?.id != t.content { cache = (t.content, try content(t.content)) }
            let file = try AtomicFileWriter(path: "\(dir)/\(t.y).\(ext)", sync: false)
            try file.write(cache!.bytes)
            try file.commit()
        }
        // One flush of everything written (files and renames) before the journal goes.
        Foundation.sync()
    }
}
