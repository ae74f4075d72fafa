import LoopSimKernel
import LoopSimScenario
import Testing

/// `replaceAt:` (docs/scenario-format.md §7.1.1), Swift's `a[i] = x`: the new element retained, the old one
/// released and let go when nothing else reaches it, an index outside the array a crash.
@Suite struct ArrayReplaceTests {
    static func yaml(index: String) -> String {
        """
        name: an element replaced
        until: 1s
        classes:
          Item:
            fields: {id: int}
            dealloc: [log: item \\(self.id) freed]
          Box:
            fields: {items: "[Item]"}
        main:
          - let: box = new Box
          - let: a = new Item
          - set: a.id = 1
          - append: box.items
            value: a
          - release: a
          - let: b = new Item
          - set: b.id = 2
          - replaceAt: box.items
            index: \(index)
            value: b
          - release: b
          - let: first = box.items[0]
          - log: holding \\(first.id) of \\(box.items.count)
        """
    }

    @Test func theOldElementGoesAndTheNewOneStays() throws {
        let o = try ByrefVariableTests.run(Self.yaml(index: "0"), "ios13")
        #expect(o.crash == nil)
        #expect(o.logs.map(\.text) == ["item 1 freed", "holding 2 of 1"])
    }

    @Test func anIndexOutsideTheArrayCrashes() throws {
        let o = try ByrefVariableTests.run(Self.yaml(index: "1"), "ios13")
        #expect(o.crash?.message.contains("Fatal error: Index out of range") == true)
        #expect(o.logs.isEmpty)
    }
}
