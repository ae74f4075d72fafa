import LoopSimKernel
import LoopSimScenario
import Testing

/// `present:` from a controller whose view is not in the window hierarchy (UIKit+Window.swift, docs/fidelity.md
/// "UIKit"): UIKit logs its warning and presents nothing; the controller it was asked to present is not kept.
@Suite struct WindowHierarchyPresentTests {
    /// A window whose root is a navigation controller over Home, then `steps` (user actions) and `main` extra.
    static func scenario(main: String = "", window: Bool = true, _ user: String) -> String {
        """
        name: window hierarchy
        until: 6s
        classes:
        \(UIKitLifecycleTests.loggingClasses(["Home", "Account", "Other", "Prompt", "Child"]))
        main:
          - let: home = new Home
          - navigationController: nav
            root: home
        \(window ? "  - makeKeyAndVisible: nav" : "")
        \(main)
        user:
        \(user)
        """
    }

    static let pushAccount = """
          - at: 1s
            do:
              - push: new Account
                on: nav
                animated: false
        """

    /// The figures of the run's only presentation: (requests, refused, shown).
    static func figures(_ o: RunOutcome) -> [Int] {
        o.presentations.flatMap { [$0.requests, $0.refused, $0.shown] }
    }

    static func warnings(_ o: RunOutcome) -> [String] {
        o.logs.map { "\($0.at) \($0.text)" }.filter { $0.contains("Attempt to present") }
    }

    @Test func aPoppedControllerKeptAliveByAFieldPresentsNothing() throws {
        let yaml = Self.scenario(
            main: "  - let: kept = new Account",
            """
              - at: 1s
                do:
                  - push: kept
                    on: nav
                    animated: false
              - at: 2s
                do: [pop: nav]
              - at: 5s
                do:
                  - present: new Prompt
                    from: kept
                    completion: [log: never]
            """)
        let o = try KernelSemanticsTests.run(yaml, "ios10")
        #expect(Self.figures(o) == [1, 1, 0])
        #expect(
            Self.warnings(o) == [
                "5s Warning: Attempt to present Prompt prompt on Account kept whose view is not in the window hierarchy!"
            ])
        // Nothing keeps the prompt: it deallocates in the statement; the completion is never called.
        #expect(o.logs.map(\.text).contains("Prompt dealloc"))
        #expect(!o.logs.map(\.text).contains("never"))
        #expect(!o.logs.map(\.text).contains("Prompt viewWillAppear"))
        let o13 = try KernelSemanticsTests.run(yaml, "ios13")
        #expect(
            Self.warnings(o13) == [
                "5s Attempt to present Prompt prompt on Account kept (from Account kept) whose view is not in the window "
                    + "hierarchy."
            ])
    }

    @Test func onlyTheTopControllerOfTheStackPresents() throws {
        let o = try KernelSemanticsTests.run(
            Self.scenario(
                main: "  - let: account = new Account",
                """
                  - at: 1s
                    do:
                      - push: account
                        on: nav
                        animated: false
                      - push: new Other
                        on: nav
                        animated: false
                  - at: 2s
                    do:
                      - present: new Prompt
                        from: account
                  - at: 3s
                    do: [pop: nav]
                  - at: 4s
                    do:
                      - present: new Prompt
                        from: account
                """))
        // The first prompt (pushed under Other) is refused and freed; the second (Account on top) is shown.
        #expect(Self.figures(o) == [1, 1, 0, 1, 0, 1])
        #expect(Self.warnings(o).count == 1)
        #expect(Self.warnings(o).first?.hasPrefix("2s Warning: Attempt to present Prompt prompt on ") == true)
    }

    @Test func aControllerNeverAttachedPresentsNothing() throws {
        let o = try KernelSemanticsTests.run(
            Self.scenario(
                main: "  - let: loose = new Account",
                """
                  - at: 1s
                    do:
                      - present: new Prompt
                        from: loose
                """))
        #expect(Self.figures(o) == [1, 1, 0])
        #expect(o.logs.map(\.text).contains("Prompt dealloc"))
    }

    @Test func aProgramWithoutAWindowLeavesTheWindowOut() throws {
        let o = try KernelSemanticsTests.run(
            Self.scenario(
                main: "  - let: loose = new Account", window: false,
                """
                  - at: 1s
                    do:
                      - present: new Prompt
                        from: loose
                """))
        #expect(Self.figures(o) == [1, 0, 1])
        #expect(Self.warnings(o).isEmpty)
    }

    @Test func theRootPresentsAfterItsViewWillAppearNotDuringIt() throws {
        let presentIn = { (hook: String) in
            """
            name: root hooks
            until: 2s
            classes:
              Prompt:
                dealloc: [log: Prompt dealloc]
              Root:
                methods:
                  \(hook):
                    - present: new Prompt
                      from: self
            main:
              - let: root = new Root
              - makeKeyAndVisible: root
            """
        }
        let during = try KernelSemanticsTests.run(presentIn("viewWillAppear"))
        #expect(Self.figures(during) == [1, 1, 0])
        #expect(
            Self.warnings(during) == [
                "0s Warning: Attempt to present Prompt prompt on Root root whose view is not in the window hierarchy!"
            ])
        let after = try KernelSemanticsTests.run(presentIn("viewDidAppear"))
        #expect(Self.figures(after) == [1, 0, 1])
        #expect(Self.warnings(after).isEmpty)
    }

    @Test func aPresentedControllerAndAChildInItsParentsViewPresent() throws {
        let o = try KernelSemanticsTests.run(
            Self.scenario(
                main: """
                      - let: other = new Other
                      - let: child = new Child
                      - let: hidden = new Child
                      - addChild: home
                        child: child
                      - addChildView: child
                        to: home
                      - addChild: home
                        child: hidden
                    """,
                """
                  - at: 1s
                    do:
                      - present: new Prompt
                        from: hidden
                  - at: 2s
                    do:
                      - present: other
                        from: child
                        animated: false
                  - at: 3s
                    do:
                      - present: new Prompt
                        from: other
                        animated: false
                """))
        // hidden's view is not in its parent's: refused. child's is: it presents Other, which presents a Prompt.
        #expect(Self.figures(o) == [1, 1, 0, 1, 0, 1, 1, 0, 1])
    }

    @Test func aControllerBeingDismissedPresentsNothing() throws {
        let o = try KernelSemanticsTests.run(
            Self.scenario(
                main: "  - let: other = new Other",
                """
                  - at: 1s
                    do:
                      - present: other
                        from: home
                        animated: false
                  - at: 2s
                    do:
                      - dismiss: other
                      - present: new Prompt
                        from: other
                """))
        #expect(Self.figures(o) == [1, 0, 1, 1, 1, 0])
    }
}
