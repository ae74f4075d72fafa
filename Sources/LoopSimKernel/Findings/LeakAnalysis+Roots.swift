extension LeakAnalysis {
    /// A root as reports name it: what holds `object` (`label`, of kind `holder`) and through what (`edge`).
    struct Root {
        var label: String
        var holder: String
        var edge: String
        var object: ObjectID
    }

    /// The roots in order, stored compactly: a mode holding a million timers is a million roots, which as
    /// ``Root``s (three strings each) took 56 bytes apiece. Roots appended together share one ``Group`` of
    /// strings, and a root is its object and its group's index: 12 bytes.
    struct Roots: RandomAccessCollection {
        private struct Group {
            var label: String
            var holder: String
            var edge: String
        }
        private var groups: [Group] = []
        private var members: [(object: ObjectID, group: UInt32)] = []

        var startIndex: Int { 0 }
        var endIndex: Int { members.count }

        subscript(i: Int) -> Root {
            let group = groups[Int(members[i].group)]
            return Root(label: group.label, holder: group.holder, edge: group.edge, object: members[i].object)
        }

        /// Root `i`'s object, without building its ``Root``.
        func object(_ i: Int) -> ObjectID { members[i].object }

        /// Appends the objects `isIncluded` accepts as roots with the same label, holder and edge, in order.
        mutating func append(_ objects: some Sequence<ObjectID>, label: String, holder: String, edge: String,
                             where isIncluded: (ObjectID) -> Bool) {
            let group = UInt32(groups.count)
            let start = members.count
            // Room for the whole sequence at once where its size is known (a mode's timers), growing
            // geometrically still when many small groups come one after another.
            let needed = start + objects.underestimatedCount
            if needed > members.capacity { members.reserveCapacity(Swift.max(needed, 2 * members.capacity)) }
            for id in objects where isIncluded(id) { members.append((id, group)) }
            if members.count > start { groups.append(Group(label: label, holder: holder, edge: edge)) }
        }
    }
}
