extension ObjectHeap {
    /// What `--max-objects` counts when it stops a run, told apart as the report tells them apart: every object
    /// alive or deallocating (``liveCount``, what the limit compares: each one is memory the run holds), of which
    /// those the scenario made — the report's `objects` counts them, as leaked, abandoned or alive — and those of
    /// the system (``HeapObject/isInternal``: global blocks, UIKit's event source, a perform's timer), which it
    /// does not. Each part names its most numerous classes, so that an operation and its block read as two objects
    /// (`addOperation:` with a capturing `do:` makes both; issue 39's "counts every NSOperation twice").
    ///
    /// ` (10002 live: 10000 made by the scenario, the report's leaked + abandoned + alive: 5000 block, 4999
    /// NSBlockOperation, 1 Item; 2 of the system's: 1 CFRunLoopSource, 1 block)`
    ///
    /// - Complexity: O(n) for n slots; called once, when the limit stops the run.
    var liveCensusNote: String {
        var scenario: [String: Int] = [:]
        var system: [String: Int] = [:]
        var scenarioCount = 0
        for o in liveObjects {
            if o.isInternal {
                system[o.className, default: 0] += 1
            } else {
                scenario[o.className, default: 0] += 1
                scenarioCount += 1
            }
        }
        /// The classes by count, most first, then by name (no dictionary order reaches the text).
        func classes(_ counts: [String: Int]) -> String {
            let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let shown = sorted.prefix(4).map { "\($0.value) \($0.key)" }
            return shown.joined(separator: ", ") + (sorted.count > 4 ? ", …" : "")
        }
        var text = " (\(liveCount) live: \(scenarioCount) made by the scenario, the report's leaked + abandoned + alive"
        if !scenario.isEmpty { text += ": " + classes(scenario) }
        let systemCount = liveCount - scenarioCount
        if systemCount > 0 { text += "; \(systemCount) of the system's: " + classes(system) }
        return text + ")"
    }
}
