import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// `expect:` checks second-level figures against ``FigureSchema`` when a file is loaded; these tests keep that
/// table honest by running scenarios that produce every listed root and looking for every listed key.
@Suite struct FigureSchemaTests {
    static let scenario = """
        name: every stable figure
        until: 5s
        classes:
          Loop:
            fields:
              next: strong Loop
          Late: {fields: {}}
        main:
          - let: slow = new Late
          - dispatch_after: main
            delay: 4s                          # freed 4 s after being let go: a delayed release
            captures: [strong slow]
            do: []
          - release: slow
          - log: started
          - let: a = new Loop
          - set: a.next = new Loop
          - set: a.next.next = a
          - release: a
          - thread: W
            do:
              - scheduledTimer: t
                every: 10ms
                userInfo:
                  do:
                    - CFRunLoopStop: current runloop
              - runMode: default
                before: 1s
          - scheduledTimer: late
            every: 1s
            block:
              do:
                - log: never under ios9
        """

    /// The keys of each root in the reports of `runs` (items of lists included).
    static func keys(_ reports: [JSONValue]) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for report in reports {
            guard case .object(let fields) = report else { continue }
            for root in FigureSchema.children.keys {
                switch fields[root] {
                case .object(let o)?: found[root, default: []].formUnion(o.keys)
                case .array(let items)?:
                    for case .object(let o) in items { found[root, default: []].formUnion(o.keys) }
                default: break
                }
            }
        }
        return found
    }

    @Test func everyListedKeyIsInTheReport() throws {
        let loaded = ScenarioLoader.load(text: Self.scenario, file: "schema.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        var reports: [JSONValue] = []
        for variant in ["ios9", "ios10"] {  // ios9 crashes at the block timer (crash), ios10 runs to the end
            let configuration = scenario.configuration(profile: try scenario.profile(for: variant))
            reports.append(RunReport.json(Kernel(program: scenario.program, configuration: configuration).run()))
        }
        var limited = scenario.configuration(profile: try scenario.profile(for: "ios10"))
        limited.limits.maxEvents = 5
        reports.append(RunReport.json(Kernel(program: scenario.program, configuration: limited).run()))
        let found = Self.keys(reports)
        for (root, schema) in FigureSchema.children {
            let present = found[root] ?? []
            for key in schema.keys where !(root == "leaks" && key == "holder") {
                #expect(present.contains(key), "the report has no \(root) key '\(key)' that FigureSchema lists")
            }
        }
    }

    @Test func misspeltAndMisshapenFiguresAreExplained() {
        #expect(FigureSchema.problem(in: "objects.leaked") == nil)
        #expect(FigureSchema.problem(in: "leaks[0].path[1]") == nil)
        #expect(FigureSchema.problem(in: "runloop_exits") == nil)
        #expect(FigureSchema.problem(in: "timers.anything.deeper") == nil)  // roots not listed are not checked
        #expect(FigureSchema.problem(in: "objects.leakd")?.contains("did you mean `leaked`?") == true)
        #expect(FigureSchema.problem(in: "leaks.kind")?.contains("leaks[0].kind") == true)
        #expect(FigureSchema.problem(in: "objects[0]") != nil)
        #expect(FigureSchema.problem(in: "logs[x].text") != nil)
    }
}
