import JSON
import StyleSpec

/// Revisions as a log: a mutation stores its operations, and only sometimes a snapshot of the
/// whole style with its session state, so a `setFeatureState` on a large style writes a few
/// hundred bytes instead of the whole style. A revision without a snapshot is rebuilt by
/// applying its operations to the revision before it — the same apply path the mutation took
/// (`LiveStyle.applying`), which is a pure function of the style and the commands.
///
/// A snapshot is stored
/// - with the first revision (`SessionManager` creates sessions with one),
/// - every `snapshotEvery` revisions, so rebuilding one replays at most that many,
/// - when the operations since the last snapshot outweigh a quarter of the style (a big
///   `setGeoJSONSourceData`, `setStyle`): replaying them would cost more than reading a
///   snapshot, and storing one costs no more than the operations already did,
/// - when the operations do not rebuild the revision (`Session.Change.replayable`: undo).
/// A revision never stores more than before the log: its operations plus at most one snapshot.
public enum RevisionLog {
    public static let defaultSnapshotEvery = 20

    /// How a new revision is stored: with a snapshot or not, and its place in the log.
    struct Entry {
        var snapshot: Bool
        var depth: Int
        var bytes: Int
    }

    static func entry(after previous: RevisionRecord, operationBytes: Int, documentBytes: Int,
                      replayable: Bool, snapshotEvery: Int) -> Entry {
        let depth = previous.logDepth + 1, bytes = previous.logBytes + operationBytes
        if !replayable || depth >= snapshotEvery || bytes > documentBytes / 4 {
            return Entry(snapshot: true, depth: 0, bytes: 0)
        }
        return Entry(snapshot: false, depth: depth, bytes: bytes)
    }

    /// The style a log entry makes from the one before it. Replayed as a declarative apply:
    /// the runtime mode differs only in refusing layer types the renderer does not draw, and
    /// a stored revision has passed that check already.
    static func replay(_ operations: String, on previous: LiveStyle) throws -> LiveStyle {
        let commands: [StyleCommand]
        switch StyleCommand.parseBatch(try JSONParser.parse(operations)) {
        case .success(let c): commands = c
        case .failure(let e): throw e
        }
        return try previous.applying(commands, declarative: true)
    }
}
