/// The render queue's waiting jobs, kept per owner (a session) and handed out round-robin,
/// so one session that floods the server with expensive renders delays only itself. A pure
/// state machine (no locks, no I/O): `RenderPool` holds it under its lock, tests drive it
/// directly.
///
/// Admission: at most `limit` jobs wait in total. When the queue is full, a newcomer whose
/// owner holds less than an equal share (`limit / owners`) still gets in, and the newest job
/// of the owner holding the most is evicted instead: the heavy session is refused first.
struct FairQueue<Item> {
    enum Admission {
        case admitted
        /// Admitted by evicting this job (its owner is over its share): refuse it.
        case admittedEvicting(Item)
        case refused
    }

    let limit: Int
    private var queues: [String: [Item]] = [:]
    /// Owners with waiting jobs, in the order they are served.
    private var rotation: [String] = []
    private(set) var count = 0

    init(limit: Int) { self.limit = max(0, limit) }

    func waiting(for owner: String) -> Int { queues[owner]?.count ?? 0 }

    mutating func enqueue(_ item: Item, owner: String) -> Admission {
        if count < limit {
            append(item, owner)
            return .admitted
        }
        let owners = rotation.count + (queues[owner] == nil ? 1 : 0)
        let share = max(1, limit / max(1, owners))
        guard waiting(for: owner) < share,
              let heaviest = rotation.max(by: { waiting(for: $0) < waiting(for: $1) }),
              heaviest != owner, waiting(for: heaviest) > share,
              let evicted = queues[heaviest]?.popLast() else { return .refused }
        count -= 1
        if queues[heaviest]?.isEmpty == true { remove(heaviest) }
        append(item, owner)
        return .admittedEvicting(evicted)
    }

    /// Adds a job that an idle thread will take at once (beyond the limit's accounting).
    mutating func forceEnqueue(_ item: Item, owner: String) { append(item, owner) }

    /// The next job: the oldest of the owner whose turn it is; that owner goes to the back.
    mutating func dequeue() -> Item? {
        guard let owner = rotation.first, let item = queues[owner]?.first else { return nil }
        queues[owner]!.removeFirst()                     // in place: no copy of the owner's queue
        count -= 1
        rotation.removeFirst()
        if queues[owner]!.isEmpty { queues[owner] = nil } else { rotation.append(owner) }
        return item
    }

    private mutating func append(_ item: Item, _ owner: String) {
        if queues[owner] == nil { rotation.append(owner); queues[owner] = [] }
        queues[owner]!.append(item)
        count += 1
    }

    private mutating func remove(_ owner: String) {
        queues[owner] = nil
        rotation.removeAll { $0 == owner }
    }
}
