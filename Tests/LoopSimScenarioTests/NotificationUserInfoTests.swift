import LoopSimKernel
import LoopSimScenario
import Testing

/// A post's `userInfo:` payload, the `NSNotification` an observer takes (`notification:`, a selector's parameter)
/// and Swift's `as?` on what it carries (docs/scenario-format.md §6, §7.9; conformance c58).
@Suite struct NotificationUserInfoTests {
    static let diagnostics = StringValueTests.diagnostics

    static func logs(_ yaml: String, _ variant: String = "ios10") throws -> [String] {
        try KernelSemanticsTests.run(yaml, variant).logs.map(\.text)
    }

    /// `as?` gives a value only when it is of exactly that type: no conversion between Bool, Int and String, a
    /// class cast tests the instance's class, a missing key and a nil value read nil.
    @Test(arguments: ["ios10", "linux-corelibs"])
    func asReadsAValueOnlyOfItsOwnType(variant: String) throws {
        let logs = try Self.logs(
            """
            name: casts
            until: 1s
            classes:
              Page: {fields: {n: int = 5}}
              Other: {fields: {n: int}}
            main:
              - let: page = new Page
              - addObserverForName: Show
                token: token
                notification: note
                do:
                  - if: note.userInfo.count as? int == 3
                    then: [log: int]
                  - if: note.userInfo.count as? bool == nil
                    then: [log: not a bool]
                  - if: note.userInfo.on as? int == nil
                    then: [log: not an int]
                  - if: note.userInfo.title as? string == "t"
                    then: [log: string]
                  - if: note.userInfo.page as? Other == nil
                    then: [log: not an Other]
                  - let: p = note.userInfo.page as? Page
                  - if: p.n == 5
                    then: [log: page]
                  - if: note.userInfo.gone as? Page == nil
                    then: [log: nil value]
                  - if: note.userInfo.absent as? int == nil
                    then: [log: absent]
                  - if: note.object as? Page == p
                    then: [log: object]
                  - if: note.name == "Show"
                    then: [log: name]
              - postNotification: Show
                object: page
                userInfo: {count: 3, on: true, title: '"t"', page: page, gone: nil}
            """, variant)
        #expect(
            logs == [
                "int", "not a bool", "not an int", "string", "not an Other", "page", "nil value", "absent",
                "object", "name",
            ])
    }

    /// The notification holds its payload until the last delivery. Every built-in variant's poster waits for the
    /// queued delivery (`notificationQueuedObserverPosterWaits`), so the payload dies when the post returns; with the
    /// flag off, the delivery queued on the main queue keeps it after the post returned, and it dies on the main
    /// thread once the block ran.
    @Test func aQueuedDeliveryKeepsThePayloadUntilItRan() throws {
        let yaml = """
            name: queued payload
            until: 2s
            classes:
              File:
                dealloc: [log: file freed]
            main:
              - addObserverForName: Done
                queue: main
                token: token
                notification: note
                do:
                  - if: note.userInfo.file as? File != nil
                    then: [log: read the file]
              - thread: worker
                do:
                  - let: file = new File
                  - postNotification: Done
                    userInfo: {file: file}
                  - release: file
                  - log: posted
            """
        for variant in ["ios10", "linux-corelibs"] {
            let o = try KernelSemanticsTests.run(yaml, variant)
            #expect(
                o.logs.map { "\($0.thread) \($0.text)" }
                    == ["main read the file", "worker file freed", "worker posted"], "\(variant)")
        }
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        let scenario = try #require(loaded.scenario)
        let profile = try scenario.profile(for: "ios10").setting("notificationQueuedObserverPosterWaits", to: "false")
        let queued = Kernel(
            program: scenario.program, configuration: scenario.configuration(profile: profile, keepsTrace: false)
        ).run()
        #expect(
            queued.logs.map { "\($0.thread) \($0.text)" }
                == ["worker posted", "main read the file", "main file freed"])
        #expect(queued.findings.leaks.isEmpty)
    }

    /// On an operation queue the delivery is an operation holding the notification, on both variants.
    @Test(arguments: ["ios13", "linux-corelibs"])
    func anOperationQueueObserverReadsTheUserInfo(variant: String) throws {
        let logs = try Self.logs(
            """
            name: op queue payload
            until: 2s
            operationQueues:
              importer: 1
            main:
              - addObserverForName: Saved
                queue: importer
                token: token
                notification: note
                do:
                  - sample: rows
                    value: note.userInfo.rows as? int
                  - log: imported
              - postNotification: Saved
                userInfo: {rows: 12}
              - waitUntilAllOperationsAreFinished: importer
              - log: done
            """, variant)
        #expect(logs == ["imported", "done"])
    }

    /// `- (void)onShow:(NSNotification *)note`: a selector observer's first parameter gets the notification.
    @Test func aSelectorObserverGetsTheNotificationAsItsParameter() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: selector parameter
            until: 1s
            classes:
              Screen:
                fields: {count: int}
                methods:
                  onShow:
                    params: [note: NSNotification]
                    do:
                      - set: self.count = note.userInfo.count as? int
                      - sample: count
                        value: self.count
            main:
              - let: screen = new Screen
              - addSelectorObserver: screen
                selector: "onShow:"
                name: Show
              - postNotification: Show
                userInfo: {count: 4}
              - removeObserver: screen
            """)
        #expect(o.samples.map(\.value) == [4])
        #expect(o.findings.leaks.isEmpty)
    }

    /// The `NSNotification` object is made only when something can see it: a userInfo, or an observer that takes
    /// it. A post without either allocates nothing, as before userInfo existed.
    @Test func aNotificationIsMadeOnlyWhenSomethingCanSeeIt() throws {
        func allocated(_ observer: String, _ post: String) throws -> Int {
            let o = try KernelSemanticsTests.run(
                """
                name: made
                until: 1s
                main:
                  - addObserverForName: Ping
                    token: token
                \(observer)
                    do: [log: ping]
                  - postNotification: Ping
                \(post)
                """)
            #expect(o.logs.count == 1)
            return o.allocated
        }
        let plain = try allocated("", "")
        #expect(try allocated("    notification: note", "") == plain + 1)
        #expect(try allocated("", "    userInfo: {n: 1}") == plain + 1)
    }

    @Test func badUserInfoReadsAndCastsAreErrorsAtTheirColumn() throws {
        func observer(_ step: String) -> String {
            "name: p\nclasses:\n  P: {fields: {n: int}}\nmain:\n  - addObserverForName: X\n    notification: note\n"
                + "    do:\n      - \(step)\n"
        }
        #expect(Self.diagnostics(observer("log: x")).isEmpty)
        #expect(Self.diagnostics(observer("let: n = note.userInfo.count")) == ["8:23 expr.type"])
        #expect(Self.diagnostics(observer("let: n = note.userInfo")) == ["8:23 expr.type"])
        #expect(Self.diagnostics(observer("let: n = note.sender")) == ["8:23 expr.type"])
        #expect(Self.diagnostics(observer("let: n = note.userInfo.n as? id")) == ["8:38 expr.type"])
        #expect(Self.diagnostics(observer("let: n = note.userInfo.n as? Q")) == ["8:38 expr.type"])
        #expect(Self.diagnostics(observer("let: n = 3 as? int")) == ["8:24 expr.type"])
        #expect(Self.diagnostics(observer("let: n = note.name as?")) == ["8:31 expr.syntax"])
        #expect(Self.diagnostics(observer("let: n = note.object as? P")).isEmpty)
        let post = "name: p\nmain:\n  - postNotification: X\n    userInfo: "
        #expect(Self.diagnostics(post + "[1, 2]\n") == ["4:15 type.mismatch"])
        #expect(Self.diagnostics(post + "{rl: current runloop}\n") == ["4:20 expr.type"])
        let named = "name: p\nmain:\n  - addObserverForName: X\n    captures: [strong x as note]\n    notification: "
        #expect(
            Self.diagnostics("name: p\nmain:\n  - let: x = 1\n" + named.dropFirst(14) + "note\n    do: []\n")
                == ["6:19 type.mismatch"])
        #expect(
            Self.diagnostics("name: p\nmain:\n  - addObserverForName: X\n    notification: self\n    do: []\n")
                == ["4:19 type.mismatch"])
    }

    @Test func aSelectorForNotificationsTakesANotificationOrAnId() throws {
        func scenario(_ params: String) -> String {
            "name: p\nclasses:\n  L:\n    methods:\n      on:\n        params: [\(params)]\n        do: []\n"
                + "main:\n  - let: l = new L\n  - addSelectorObserver: l\n    selector: on\n    name: X\n"
        }
        #expect(Self.diagnostics(scenario("note: NSNotification")).isEmpty)
        #expect(Self.diagnostics(scenario("note")).isEmpty)
        #expect(Self.diagnostics(scenario("count: int")) == ["11:15 expr.type"])
    }
}
