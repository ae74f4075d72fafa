import LoopSimKernel
import Testing

/// Arrays in the program model (docs/scenario-format.md §7.1.1, docs/fidelity.md "Arrays"), built without YAML:
/// the place holding an array retains its object elements, and what the array drops it releases.
@Suite struct ArrayTests {
    /// A `Box` class with one array field, `items`, and an empty `Item` class.
    private static func classes(_ b: inout ProgramBuilder, itemFields: [FieldInfo] = []) -> (box: Int, item: Int) {
        let item = b.addClass("Item", fields: itemFields)
        let box = b.addClass("Box", fields: [FieldInfo(name: "items", strength: .strong, initial: .array([]))])
        return (box, item)
    }

    private static func append(_ place: LValue, _ value: Expr) -> Step {
        .perform(ArrayStep.make(place: place, operation: .append(value)))
    }

    /// Two items appended to a box's array live while the array holds them; `removeAll` frees them at once, in
    /// order, though the box lives on.
    @Test func removeAllReleasesTheElements() {
        var b = ProgramBuilder()
        let (box, item) = Self.classes(&b)
        b.main(
            locals: ["box"],
            [
                .bind(local: 0, .new(classIndex: box, label: "box")),
                Self.append(.field(Expr.local(0), 0), .new(classIndex: item, label: "a")),
                Self.append(.field(Expr.local(0), 0), .new(classIndex: item, label: "b")),
                .check("full"),
                .perform(ArrayStep.make(place: .field(Expr.local(0), 0), operation: .removeAll)),
                .check("emptied"),
            ])
        let o = b.run("ios13")
        #expect(o.crash == nil)
        #expect(o.deallocated == 2)
        #expect(
            o.lines(["obj.dealloc"], keys: ["object"]) == [
                "0.0ms main obj.dealloc object=Item a", "0.0ms main obj.dealloc object=Item b",
            ])
    }

    /// A cycle through an array: each item holds the box strongly. Once the app lets the box go the three leak,
    /// and the cycle's edges name the element, `items[1]`.
    @Test func aCycleThroughAnArrayNamesTheElement() throws {
        var b = ProgramBuilder()
        let (box, item) = Self.classes(&b, itemFields: [FieldInfo(name: "box", strength: .strong)])
        b.main(locals: ["box", "i"], [.bind(local: 0, .new(classIndex: box, label: "box"))])
        var steps: [Step] = []
        for label in ["a", "b"] {
            steps += [
                .bind(local: 1, .new(classIndex: item, label: label)),
                .assign(.field(Expr.local(1), 0), Expr.local(0)),
                Self.append(.field(Expr.local(0), 0), Expr.local(1)),
            ]
        }
        b.main(
            locals: ["box", "i"],
            [.bind(local: 0, .new(classIndex: box, label: "box"))] + steps + [
                .release(.local(1)), .release(.local(0)),
            ])
        let o = b.run("ios13")
        #expect(o.deallocated == 0)
        let leaks = o.findings.leaks
        #expect(leaks.count == 3)
        let itemB = try #require(leaks.first { $0.object == "b" || $0.object == "Item b" })
        #expect(itemB.edges.contains("items[1]"), "\(itemB.edges)")
    }

    /// A copy of an array in a local retains the elements again: emptying the field leaves them to the copy,
    /// which frees them when it is dropped.
    @Test func aCopyRetainsTheElementsAgain() {
        var b = ProgramBuilder()
        let (box, item) = Self.classes(&b)
        b.main(
            locals: ["box", "copy"],
            [
                .bind(local: 0, .new(classIndex: box, label: "box")),
                Self.append(.field(Expr.local(0), 0), .new(classIndex: item, label: "a")),
                .bind(local: 1, Expr.local(0, 0)),
                .perform(ArrayStep.make(place: .field(Expr.local(0), 0), operation: .removeAll)),
                .log("kept by the copy"),
                .assign(.local(1), .literal(.array([]))),
                .log("copy emptied"),
            ])
        let o = b.run("ios13")
        #expect(
            o.lines(["log", "obj.dealloc"], keys: ["text", "object"]) == [
                "0.0ms main log text=kept by the copy", "0.0ms main obj.dealloc object=Item a",
                "0.0ms main log text=copy emptied",
            ])
    }

    /// Swift's traps: a subscript outside the array, `removeFirst()` of an empty one. The run crashes with the
    /// standard library's message; the simulator does not trap.
    @Test func outOfRangeTrapsAsSwiftDoes() {
        for (step, message) in [
            (
                Step.bind(local: 1, .arrayElement(.literal(.array([.int(1)])), index: Expr.int(1))),
                "Fatal error: Index out of range"
            ),
            (
                .perform(ArrayStep.make(place: .field(Expr.local(0), 0), operation: .removeFirst)),
                "Fatal error: Can't remove first element from an empty collection"
            ),
        ] {
            var b = ProgramBuilder()
            let (box, _) = Self.classes(&b)
            b.main(locals: ["box", "x"], [.bind(local: 0, .new(classIndex: box, label: "box")), step])
            #expect(b.run("ios13").crash?.message == message)
        }
    }
}
