import Dispatch

/// Hands the heap's free pages back to the OS on a timer (glibc's `malloc_trim`). Under a
/// dense load the caches evict all the time, and glibc keeps what they free mapped in its
/// arenas (one per allocating thread); entries of other sizes only partly refill those holes,
/// so without trimming RSS creeps up by the free lists (`bench/memory-osm.sh`: +11 MB from the
/// first pass over the city to the second, with 321 MB of budgets) and is no longer the
/// budgets plus a fixed overhead. Every 10 s still let the peak creep (+10 MB over three
/// passes); every 2 s (the default) held it to +3 MB. A trim walks the arenas' free chunks,
/// a few ms on a render-pool-sized heap.
enum HeapTrim {
    /// A timer trimming every `seconds` (nil when `seconds` is 0: never).
    static func start(every seconds: Double) -> (any DispatchSourceTimer)? {
        guard seconds > 0 else { return nil }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "strata.heap-trim", qos: .utility))
        timer.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .milliseconds(Int(seconds * 100)))
        timer.setEventHandler { trim() }
        timer.resume()
        return timer
    }

    static func trim() {
        #if canImport(Glibc)
        _ = strata_heap_malloc_trim(0)
        #endif
    }
}

#if canImport(Glibc)
/// glibc's malloc_trim (not exported by the Glibc module).
@_silgen_name("malloc_trim")
private func strata_heap_malloc_trim(_ pad: Int) -> Int32
#endif
