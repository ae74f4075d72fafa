import LoopSimKernel
import LoopSimScenario
import Testing

/// UIKit's view-controller lifecycle (docs/fidelity.md, "UIKit"): the hooks of both controllers of a push, pop,
/// popToRoot, present and dismiss in UIKit's order, completion blocks, the properties scenarios read, UIKit's
/// and exceptions. What the navigation bar keeps (S3) is NavigationBarOwnershipTests'.
@Suite struct UIKitLifecycleTests {
    /// Classes whose four hooks log `NAME HOOK`, for the controllers `names`.
    static func loggingClasses(_ names: [String], extra: String = "") -> String {
        names.map { name in
            """
              \(name):
                fields:
                  peer: weak id
                methods:
                  viewWillAppear: [log: \(name) viewWillAppear]
                  viewDidAppear: [log: \(name) viewDidAppear]
                  viewWillDisappear: [log: \(name) viewWillDisappear]
                  viewDidDisappear: [log: \(name) viewDidDisappear]
                dealloc: [log: \(name) dealloc]

            """
        }.joined() + extra
    }

    static func logs(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at) \($0.text)" } }

    @Test func pushCoversAndPopUncoversInUIKitsOrder() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: push and pop
            until: 3s
            classes:
            \(Self.loggingClasses(["A", "B"]))
            main:
              - let: a = new A
              - navigationController: nav
                root: a
            user:
              - at: 1s
                do:
                  - let: b = new B
                  - push: b
                    on: nav
                  - release: b
              - at: 2s
                do: [pop: nav]
            """)
        #expect(
            Self.logs(o) == [
                "1s A viewWillDisappear", "1s B viewWillAppear",
                "1.35s A viewDidDisappear", "1.35s B viewDidAppear",
                "2s B viewWillDisappear", "2s A viewWillAppear",
                "2.35s B viewDidDisappear", "2.35s A viewDidAppear",
                "2.35s B dealloc",  // UIKit held it to the end of the transition
            ])
        #expect(o.findings.leaks.isEmpty)
    }

    @Test func popToRootGivesHooksToTheTopOnlyAndReleasesTheOthersAtOnce() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: pop to root
            until: 3s
            classes:
            \(Self.loggingClasses(["A", "B", "C"]))
            main:
              - let: a = new A
              - navigationController: nav
                root: a
              - let: b = new B
              - push: b
                on: nav
                animated: false
              - let: c = new C
              - push: c
                on: nav
                animated: false
              - release: b
              - release: c
            user:
              - at: 1s
                do: [popToRoot: nav]
            """)
        #expect(
            Self.logs(o).filter { $0.hasPrefix("1") } == [
                "1s B dealloc",  // under the top: never visible, released at once
                "1s C viewWillDisappear", "1s A viewWillAppear",
                "1.35s C viewDidDisappear", "1.35s A viewDidAppear", "1.35s C dealloc",
            ])
    }

    @Test func aFullScreenPresentationHooksThePresenterAndASheetDoesNot() throws {
        for (style, presenterHooks) in [("fullScreen", true), ("pageSheet", false), ("overFullScreen", false)] {
            let o = try KernelSemanticsTests.run(
                """
                name: present \(style)
                until: 3s
                classes:
                \(Self.loggingClasses(["Home", "Detail"]))
                main:
                  - let: home = new Home
                user:
                  - at: 1s
                    do:
                      - present: new Detail
                        from: home
                        style: \(style)
                        completion: [log: presented]
                  - at: 2s
                    do:
                      - dismiss: home
                        animated: false
                        completion: [log: dismissed]
                """, "ios13")  // an iPhone before iOS 13 shows a page sheet full screen (PresentationStyleKernelTests)
            var expected = [
                "1s Home viewWillDisappear", "1s Detail viewWillAppear",
                "1.35s Detail viewDidAppear", "1.35s Home viewDidDisappear", "1.35s presented",
                "2s Detail viewWillDisappear", "2s Home viewWillAppear",
                "2s Home viewDidAppear", "2s Detail viewDidDisappear", "2s dismissed", "2s Detail dealloc",
            ]
            if !presenterHooks { expected.removeAll { $0.contains("Home") } }
            #expect(Self.logs(o) == expected, "\(style)")
        }
    }

    @Test func aPresentedNavigationControllersHooksGoToItsTopController() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: present nav
            until: 3s
            classes:
            \(Self.loggingClasses(["Home", "A"]))
            main:
              - let: home = new Home
              - let: a = new A
              - navigationController: nav
                root: a
              - present: nav
                from: home
                animated: false
            """)
        #expect(
            Self.logs(o) == [
                "0s Home viewWillDisappear", "0s A viewWillAppear", "0s A viewDidAppear", "0s Home viewDidDisappear",
            ])
    }

    @Test func dismissingLowerInAChainRemovesEveryControllerAbove() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: chain
            until: 3s
            classes:
            \(Self.loggingClasses(["Home", "B", "C"]))
            main:
              - let: home = new Home
              - let: b = new B
              - present: b
                from: home
                animated: false
              - present: new C
                from: b
                animated: false
              - release: b
            user:
              - at: 1s
                do: [dismiss: home]
            """)
        // only the top-most controller disappears visibly; both are released at the end of the transition
        #expect(
            Self.logs(o).filter { $0.hasPrefix("1") } == [
                "1s C viewWillDisappear", "1s Home viewWillAppear",
                "1.35s Home viewDidAppear", "1.35s C viewDidDisappear", "1.35s C dealloc", "1.35s B dealloc",
            ])
        #expect(o.findings.leaks.isEmpty)
    }

    @Test func propertiesAnswerFromUIKitsReferences() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: properties
            until: 3s
            classes:
              Page:
                fields:
                  n: int
                methods:
                  report:
                    - sample: stack
                      value: self.navigationController.viewControllers.count
                    - if: self.presentingViewController == nil
                      then: [log: not presented]
                      else: [log: presented]
                    - if: self.navigationController.topViewController == self
                      then: [log: on top]
                    - if: self.presentedViewController != nil
                      then: [log: presenting]
            main:
              - let: home = new Page
              - let: a = new Page
              - navigationController: nav
                root: a
              - call: a.report
              - present: nav
                from: home
              - let: b = new Page
              - push: b
                on: nav
              - call: b.report
              - call: home.report
              - sample: none
                value: home.navigationController.viewControllers.count
            """)
        #expect(o.samples.map(\.value) == [1, 2, 0, 0])
        #expect(
            o.logs.map(\.text) == ["not presented", "on top", "presented", "on top", "not presented", "presenting"])
    }

    @Test(arguments: [
        (
            "present: self\n          from: self",
            "Application tried to present modal view controller on itself. Presenting controller is <Page page>."
        ),
        (
            "present: self.other\n          from: self",
            "Application tried to present modally a view controller <Page other> that is already being presented by "
                + "<Page first>."
        ),
        (
            "present: self.first\n          from: self",
            "Application tried to present modally an active controller <Page first>."
        ),
        (
            "present: self.child\n          from: self",
            "Application tried to present modally a view controller <Page child> that has a parent view controller "
                + "<UINavigationController nav>."
        ),
        (
            "push: self.child\n          on: self.nav",
            "Pushing the same view controller instance more than once is not supported (<Page child>) (already in the "
                + "stack of <UINavigationController nav>)"
        ),
    ])
    func uikitsExceptionsCrashTheAppAtTheStep(step: String, reason: String) throws {
        let o = try KernelSemanticsTests.run(
            """
            name: exceptions
            until: 3s
            classes:
              Page:
                fields:
                  first: weak Page
                  other: weak Page
                  child: weak Page
                  nav: weak UINavigationController
                methods:
                  act:
                    - \(step)
            main:
              - let: first = new Page
              - let: other = new Page
              - present: other
                from: first
              - let: page = new Page
              - set: page.first = first
              - set: page.other = other
              - set: other.first = first
              - let: child = new Page
              - navigationController: nav
                root: child
              - set: page.child = child
              - set: page.nav = nav
            user:
              - at: 1s
                do: [call: page.act]
            """)
        let crash = try #require(o.crash)
        #expect(crash.at == .zero + .seconds(1))
        let verb = step.hasPrefix("push") ? "push" : "present"
        #expect(
            crash.message == "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', "
                + "reason: '\(reason)' (\(verb): at line 12, column 11)")
    }

    @Test func presentingWhilePresentingIsRefusedNotACrash() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: refused
            until: 3s
            classes:
              Page:
                fields:
                  n: int
            main:
              - let: home = new Page
              - present: new Page
                from: home
              - present: new Page
                from: home
                completion: [log: never]
            """)
        #expect(o.crash == nil)
        #expect(o.presentations.map(\.refused) == [0, 1])
        #expect(!o.logs.contains { $0.text == "never" })
        #expect(o.findings.leaks.isEmpty)  // the refused completion block was released
    }

    /// (step lines, expected id, line, column): a bad UIKit step or property is a diagnostic at its place.
    @Test(arguments: [
        ("- present: home\n  from: home\n  style: sheet", "value.invalid", 8, 12),
        ("- dismiss: home\n  captures: [strong home]", "key.missing", 7, 15),
        ("- sample: n\n  value: home.n.viewControllers.count", "expr.type", 7, 19),
    ])
    func badUIKitStepsAreDiagnosedWhereTheyAre(steps: String, id: String, line: Int, column: Int) throws {
        let text =
            "name: bad\nclasses:\n  Page: {fields: {n: int}}\nmain:\n  - let: home = new Page\n  "
            + steps.replacingOccurrences(of: "\n", with: "\n  ") + "\n"
        let diagnostics = ScenarioLoader.load(text: text, file: "t.yaml").diagnostics
        let first = try #require(diagnostics.first, "no diagnostic for \(steps)")
        #expect(first.id.rawValue == id, "\(first)")
        #expect(first.location.line == line && first.location.column == column, "\(first)")
    }
}
