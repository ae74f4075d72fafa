import LoopSimKernel
import LoopSimScenario
import Testing

/// Blocks with parameters (`block:` with `params:`) called with arguments (`callBlock:` with `with:`), and the
/// arguments a KVO change handler is passed (`observeKeyPath:` with `object:`, `newValue:`, `oldValue:`;
/// docs/scenario-format.md §7.1, §7.10).
@Suite struct BlockArgumentTests {
    static let classes = """
        classes:
          Item:
            fields: {n: int = 7}
            dealloc: [log: item freed]
          Box:
            fields:
              handler: block
              total: int
        """

    /// Arguments bind the block's parameters in order; an object argument (a `new` one too) is a strong local of
    /// the call and is freed when the call returns, not before.
    @Test func argumentsBindTheParametersForTheCall() throws {
        let o = try MethodArgumentTests.outcome(
            """
            name: block arguments
            until: 1s
            \(Self.classes)
            main:
              - let: box = new Box
              - block: box.handler
                params: [n: int, ok: bool, label: string, item: Item]
                captures: [weak box]
                do:
                  - set: box.total = box.total + n + item.n
                  - log: got \\(n) \\(ok) \\(label)
                  - log: inside
              - callBlock: box.handler
                with: [35, true, '"first"', new Item]
              - log: after \\(box.total)
            """)
        #expect(o.crash == nil, "\(o.crash?.message ?? "")")
        #expect(o.logs.map(\.text) == ["got 35 true first", "inside", "item freed", "after 42"])
    }

    /// A borrowed object argument is retained by the parameter: released by its owner during the call, it lives
    /// until the block returns.
    @Test func aBorrowedArgumentOutlivesItsOwnersReleaseUntilTheCallReturns() throws {
        let o = try MethodArgumentTests.outcome(
            """
            name: borrowed
            until: 1s
            classes:
              Item:
                dealloc: [log: item freed]
              Owner:
                fields: {item: strong Item, handler: block}
            main:
              - let: owner = new Owner
              - set: owner.item = new Item
              - block: owner.handler
                params: [item: Item]
                captures: [weak owner]
                do:
                  - set: owner.item = nil
                  - log: owner let go
              - callBlock: owner.handler
                with: owner.item
              - log: returned
            """)
        #expect(o.logs.map(\.text) == ["owner let go", "item freed", "returned"])
    }

    /// A block called with another number of arguments than it declares crashes the run (the language's block
    /// type does not say its parameters; a wrong signature is undefined behaviour in C).
    @Test func aCallWithTheWrongNumberOfArgumentsCrashes() throws {
        let o = try MethodArgumentTests.outcome(
            """
            name: arity
            until: 1s
            main:
              - block: work
                params: [n: int]
                do: [log: never]
              - callBlock: work
            """)
        #expect(o.logs.isEmpty)
        #expect(o.crash?.message.hasPrefix("called a block that takes 1 argument(s) with 0") == true)
    }

    @Test func aParameterNamedAsACaptureAndAnUnknownTypeAreDiagnosed() {
        #expect(
            MethodArgumentTests.diagnostics(
                """
                name: bad
                until: 1s
                \(Self.classes)
                main:
                  - let: box = new Box
                  - block: box.handler
                    params: [box: int]
                    captures: [weak box]
                    do: [log: x]
                  - block: other
                    params: [n: Nope]
                    do: [log: x]
                """) == ["14:13 type.mismatch", "18:17 name.undefined"])
    }

    /// A change handler is passed the observed object and the store's new and old values, in the order of its
    /// parameters, taken when the store is made: a later store does not change what an earlier call saw.
    @Test func aChangeHandlerIsPassedTheObjectAndTheStoresValues() throws {
        let o = try KeyValueObservingTests.run(
            """
            name: kvo change
            until: 1s
            classes:
              Model: {fields: {value: int, title: string = "a"}}
            main:
              - let: model = new Model
              - observeKeyPath: model.value
                token: token
                object: observed
                newValue: now
                oldValue: before
                do:
                  - log: value \\(before) -> \\(now), reads \\(observed.value)
              - observeKeyPath: model.title
                token: titleToken
                newValue: title
                do:
                  - log: title \\(title)
              - set: model.value = 5
              - set: model.value = 9
              - set: model.title = "b"
            """)
        #expect(o.crash == nil, "\(o.crash?.message ?? "")")
        #expect(o.logs.map(\.text) == ["value 0 -> 5, reads 5", "value 5 -> 9, reads 9", "title b"])
    }

    /// `initial: true` (`.initial`) tells the handler once at registration, before the next step, with the field's
    /// value as the new value and nil as the old one; then once per change.
    @Test func anInitialCallHasTheCurrentValueAndNoOldValue() throws {
        let o = try KeyValueObservingTests.run(
            """
            name: kvo initial
            until: 1s
            classes:
              Model: {fields: {value: int = 3}}
            main:
              - let: model = new Model
              - observeKeyPath: model.value
                token: token
                initial: true
                newValue: now
                oldValue: before
                do:
                  - if: before == nil
                    then: [log: initial \\(now)]
                    else: [log: \\(before) -> \\(now)]
              - log: registered
              - set: model.value = 4
            """)
        #expect(o.crash == nil, "\(o.crash?.message ?? "")")
        #expect(o.logs.map(\.text) == ["initial 3", "registered", "3 -> 4"])
    }

    @Test func anOldValueThatIsAnObjectIsRefused() {
        #expect(
            MethodArgumentTests.diagnostics(
                """
                name: bad
                until: 1s
                classes:
                  Item: {}
                  Model: {fields: {item: strong Item}}
                main:
                  - let: model = new Model
                  - observeKeyPath: model.item
                    token: token
                    oldValue: before
                    do: [log: x]
                """) == ["10:15 expr.type"])
    }
}
