/// Which stored revisions a load returns and which an append may prune, as plain functions
/// over one session's rows. The memory store uses them directly; the SQL stores say the same
/// in SQL (one statement each), and the contract tests hold all three to it.
///
/// Rows are contiguous (an append always follows the head; pruning only drops a prefix), so a
/// revision without a snapshot is rebuilt from the nearest earlier snapshot by replaying the
/// revisions in between.
enum RevisionWindow {
    /// The newest `keep` rows newer than `after`, preceded by the rows needed to rebuild them:
    /// back to the nearest snapshot at or before the first of them, but never back past
    /// `after + 1` (the caller holds `after` and replays from it). `rows` oldest first.
    static func load(_ rows: [StoredRevision], after: Int?, keep: Int) -> [StoredRevision] {
        let floor = after.map { $0 + 1 } ?? Int.min
        guard keep > 0, let first = rows.filter({ $0.revision >= floor }).suffix(keep).first else { return [] }
        let base = rows.last { $0.revision <= first.revision && $0.snapshot != nil }?.revision ?? first.revision
        let start = max(base, floor)
        return rows.filter { $0.revision >= start }
    }

    /// Rows older than the returned revision may be deleted once `head` is stored with `keep`
    /// kept: it is the snapshot the oldest kept revision is rebuilt from (nil: delete nothing).
    static func pruneBefore(_ rows: [StoredRevision], head: Int, keep: Int) -> Int? {
        let firstKept = head - max(keep, 1) + 1
        return rows.last { $0.revision <= firstKept && $0.snapshot != nil }?.revision
    }
}
