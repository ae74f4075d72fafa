import LoopSimKernel
import LoopSimScenario
import Testing

/// Parameters of array type (docs/scenario-format.md §4): the parameter is a strong local holding its own copy
/// of the argument's buffer, so it retains the object elements for the call and releases them when the method or
/// block returns, letting nothing go (it borrowed the caller's references; The Swift Programming Language,
/// "Collection Types": an array's buffer holds strong references).
@Suite struct ArrayParameterTests {
    static func run(_ yaml: String) throws -> RunOutcome { try ByrefVariableTests.run(yaml, "ios13") }

    /// `func take(_ items: [Item])` empties the box's field while its parameter holds the elements: they live
    /// until the method returns, then go with the last reference.
    static let take = """
        name: an array parameter keeps its elements for the call
        until: 1s
        classes:
          Item:
            dealloc: [log: item freed]
          Box:
            fields: {items: "[Item]", total: int}
            methods:
              take:
                params: [items: "[Item]"]
                do:
                  - set: self.items = []
                  - log: emptied, holding \\(items.count)
                  - for: i in items
                    do: [increment: self.total]
              sum:
                params: [values: "[int]"]
                returns: int
                do:
                  - let: s = 0
                  - for: v in values
                    do: [set: s = s + v]
                  - return: s
        main:
          - let: box = new Box
          - append: box.items
            value: new Item
          - append: box.items
            value: new Item
          - call: box.take
            with: box.items
          - log: took \\(box.total)
          - call: box.sum
            with: ["[1, 2, 3]"]
            result: n
          - log: sum \\(n)
        """

    @Test func theElementsLiveUntilTheMethodReturns() throws {
        let o = try Self.run(Self.take)
        #expect(o.crash == nil)
        #expect(
            o.logs.map(\.text) == [
                "emptied, holding 2", "item freed", "item freed", "took 2", "sum 6",
            ])
        #expect(o.deaths.map(\.className) == ["Item", "Item"])
        #expect(o.findings.leaks.isEmpty)
    }
}
