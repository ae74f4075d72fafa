extension LeakAnalysis {
    /// The findings at the end of a run, and the objects alive then that are not findings (``AliveObjects``),
    /// whose paths come from the same search from the same roots as the abandoned objects' when the leak
    /// classification made one.
    func endOfRun() -> (findings: Findings, alive: AliveObjects) {
        var paths: PathSearch?
        let leaks = leaks(reusing: &paths)
        // The search's tables (9 bytes an object) are not needed past the alive listing.
        let alive = alive(besides: leaks, reusing: paths)
        paths = nil
        let (parked, waiting) = threadWaits()
        let tasks = taskWaits()
        return (
            Findings(
                leaks: leaks, parkedThreads: parked, waitingThreads: waiting, suspendedTasks: tasks.suspended,
                waitingTasks: tasks.waiting, delayed: kernel.records.delayed),
            alive
        )
    }

    /// The live objects the scenario made (kernel-internal ones left out, as from `objects.allocated`) that are not
    /// among `leaks`: how many, and when there are at most ``AliveObjects/listLimit``, each with the path by which
    /// the leak analysis's search reaches it first, from `paths` or from a search of its own (one for all of them).
    func alive(besides leaks: [Leak], reusing paths: PathSearch?) -> AliveObjects {
        let findings = leaks.map(\.serial).sorted()
        func isFinding(_ serial: Int) -> Bool {
            var low = 0, high = findings.count
            while low < high {
                let mid = (low + high) / 2
                if findings[mid] < serial { low = mid + 1 } else { high = mid }
            }
            return low < findings.count && findings[low] == serial
        }
        var count = 0
        var listed: [HeapObject] = []
        for index in 0..<heap.indexLimit {
            guard let o = heap.object(atIndex: index), !o.isInternal, !isFinding(o.serial) else { continue }
            count += 1
            if count <= AliveObjects.listLimit { listed.append(o) }
        }
        guard count <= AliveObjects.listLimit else { return AliveObjects(count: count, listed: nil) }
        guard !listed.isEmpty else { return AliveObjects(count: 0, listed: []) }
        let found = paths ?? PathSearch(self)
        listed.sort { $0.serial < $1.serial }
        return AliveObjects(
            count: count,
            listed: listed.map { o in
                let index = Int(o.id.index)
                let route = rootPath(to: index, in: found.search, from: found.roots)
                return AliveObject(
                    object: o.label, className: o.className, serial: o.serial,
                    heldBy: RootCategory(rawValue: found.search.category[index])?.heldBy,
                    path: route?.path ?? [o.displayName], edges: route?.edges ?? [], holder: route?.root.holder,
                    letGo: kernel.objects.letGo(of: o.id) ?? kernel.objects.lifecycleEnd(of: o.id))
            })
    }
}

extension LeakAnalysis.RootCategory {
    /// What a root of this category is to an object it reaches first, in reports' words.
    var heldBy: AliveObject.HeldBy {
        switch self {
        case .app: .app
        case .deallocating: .deallocation
        case .persistent: .system
        case .pending: .pendingWork
        }
    }
}
