import LoopSimKernel
import LoopSimScenario
import Testing

/// Method parameters (`params:`) and `call:`'s `with:` (docs/scenario-format.md §4, §7.1).
@Suite struct MethodArgumentTests {
    static func outcome(_ yaml: String) throws -> RunOutcome {
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        return Kernel(
            program: scenario.program,
            configuration: scenario.configuration(profile: try scenario.profile(for: "ios10"))
        ).run()
    }

    static func diagnostics(_ yaml: String) -> [String] {
        ScenarioLoader.load(text: yaml, file: "inline.yaml").diagnostics
            .map { "\($0.location.line):\($0.location.column) \($0.id.rawValue)" }
    }

    static let classes = """
        classes:
          Item:
            dealloc: [log: item freed]
          Box:
            fields:
              item: strong Item
              total: int
            methods:
              put:
                params: [item: Item, label: string, n: int]
                do:
                  - set: self.item = item
                  - set: self.total = self.total + n
                  - if: label == "first"
                    then: [log: got first]
              add:
                params: [n: int]
                do: [set: self.total = self.total + n]
              clear: [set: self.item = nil]
          Holder:
            fields: {box: strong Box}
        """

    /// Arguments bind the parameters; a `new` argument is owned by the parameter, then by the field it is stored in,
    /// and is freed when the field lets it go.
    @Test func argumentsBindParameters() throws {
        let o = try Self.outcome(
            """
            name: arguments
            until: 1s
            \(Self.classes)
            main:
              - let: box = new Box
              - call: box.put
                with: [new Item, '"first"', 2]
              - call: box.add
                with: 40
              - if: box.total == 42
                then: [log: total 42]
              - call: box.clear
              - log: after clear
            """)
        #expect(o.logs.map(\.text) == ["got first", "total 42", "item freed", "after clear"])
    }

    /// The arguments of a message to nil are evaluated, and a new object among them is freed at once.
    @Test func aMessageToNilStillEvaluatesItsArguments() throws {
        let o = try Self.outcome(
            """
            name: nil receiver
            until: 1s
            \(Self.classes)
            main:
              - let: holder = new Holder
              - log: before
              - call: holder.box.put
                with: [new Item, '"x"', 1]
              - log: after
            """)
        #expect(o.logs.map(\.text) == ["before", "item freed", "after"])
    }

    @Test func wrongArgumentsAreDiagnosed() {
        #expect(
            Self.diagnostics(
                """
                name: bad
                until: 1s
                \(Self.classes)
                main:
                  - let: box = new Box
                  - call: box.add
                  - call: box.add
                    with: [1, 2]
                  - call: box.add
                    with: box
                """) == ["26:11 type.mismatch", "28:11 type.mismatch", "30:11 expr.type"])
    }
}

/// Selectors with a parameter: a timer passes itself, a perform request its `withObject:` argument.
@Suite struct SelectorArgumentTests {
    @Test func timersAndPerformsPassTheirArgument() throws {
        let o = try MethodArgumentTests.outcome(
            """
            name: withObject
            until: 2s
            classes:
              Item:
                fields: {n: int = 7}
              P:
                fields: {timer: weak NSTimer}
                methods:
                  got:
                    params: [item: Item]
                    do:
                      - if: item.n == 7
                        then: [log: got the item]
                  tick:
                    params: [t: NSTimer]
                    do:
                      - if: t == self.timer
                        then: [log: tick with its timer]
                      - invalidate: t
            main:
              - let: p = new P
              - performSelector: p
                selector: got
                withObject: new Item
                afterDelay: 100ms
              - performSelectorOnThread: p
                selector: got
                onThread: main runloop
                withObject: new Item
              - scheduledTimer: p.timer
                every: 300ms
                repeats: true
                target: p
                selector: tick
            """)
        #expect(
            o.logs.map { "\($0.at) \($0.text)" }
                == ["0s got the item", "100ms got the item", "300ms tick with its timer"])
    }
}
