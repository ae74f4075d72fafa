import LoopSimKernel
import LoopSimScenario
import Testing

/// View-controller containment (docs/scenario-format.md §7.8, docs/fidelity.md "UIKit"): a container keeps its
/// children; a child in its container's view gets the container's appearance hooks after the container's own, and
/// appears or disappears at once when its view is added to or removed from an appeared container's view.
@Suite struct ContainmentTests {
    static func yaml(main: String, user: String = "[]") -> String {
        """
        name: containment
        until: 4s
        variants: [ios13]
        classes:
          Child:
            fields: {timer: NSTimer}
            methods:
              viewDidLoad:
                - scheduledTimer: self.timer
                  every: 1s
                  repeats: true
                  target: self
                  selector: tick
              viewWillAppear: [log: child will appear]
              viewDidAppear: [log: child did appear]
              viewWillDisappear: [log: child will disappear]
              viewDidDisappear: [log: child did disappear]
              tick: [log: tick]
          Parent:
            fields: {kid: Child}
            methods:
              viewWillAppear: [log: parent will appear]
              viewDidAppear: [log: parent did appear]
              viewWillDisappear: [log: parent will disappear]
              viewDidDisappear: [log: parent did disappear]
              embed:
                - let: c = new Child
                - addChild: self
                  child: c
                - call: c.viewDidLoad
                - addChildView: c
                  to: self
                - set: self.kid = c
              unembed:
                - removeChildView: self.kid
                - removeFromParent: self.kid
                - set: self.kid = nil
          Home: {}
        main:
        \(main)
        user: \(user)
        """
    }

    static func logs(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } }

    @Test func aChildAddedToAShownContainerAppearsAtOnceAndIsLostWithItsTimerWhenRemoved() throws {
        let o = try KernelSemanticsTests.run(
            Self.yaml(
                main: "  - let: p = new Parent\n  - makeKeyAndVisible: p",
                user: "[{at: 200ms, do: [call: p.embed]}, {at: 2500ms, do: [call: p.unembed]}]"), "ios13")
        #expect(
            Self.logs(o).prefix(6)
                == [
                    "0 parent will appear", "0 parent did appear", "200 child will appear", "200 child did appear",
                    "1200 tick", "2200 tick",
                ], "\(Self.logs(o))")
        #expect(Self.logs(o).contains("2500 child will disappear") && Self.logs(o).contains("2500 child did disappear"))
        // The parent let it go; the timer's run loop keeps it (and the timer) for ever.
        let child = try #require(o.findings.leaks.first { $0.object == "c" }, "\(o.findings.leaks)")
        #expect(child.kind == .abandoned && child.letGo?.reason == "removed from parent", "\(child)")
    }

    @Test func theContainersHooksAreForwardedAfterItsOwnWhenItIsPushedAndPopped() throws {
        let o = try KernelSemanticsTests.run(
            Self.yaml(
                main: """
                      - let: home = new Home
                      - navigationController: nav
                        root: home
                      - makeKeyAndVisible: nav
                      - let: p = new Parent
                      - call: p.embed
                    """,
                user: "[{at: 500ms, do: [{push: p, on: nav, animated: false}]}, {at: 1500ms, do: [{pop: nav}]}]"),
            "ios13")
        let logs = Self.logs(o).filter { !$0.hasSuffix("tick") }
        // Embedded before it was shown: the child appears with it, after it, each hook in turn.
        #expect(
            logs == [
                "500 parent will appear", "500 child will appear", "500 parent did appear", "500 child did appear",
                "1500 parent will disappear", "1500 child will disappear", "1850 parent did disappear",
                "1850 child did disappear",
            ], "\(logs)")
    }

    @Test func aContainersDeallocReleasesItsChildrenAndReAddingMovesAChild() throws {
        let o = try KernelSemanticsTests.run(
            Self.yaml(
                main: """
                      - let: a = new Parent
                      - let: b = new Parent
                      - let: c = new Home
                      - addChild: a
                        child: c
                      - addChild: a
                        child: c
                      - addChild: b
                        child: c
                      - release: c
                      - release: b
                    """), "ios13")
        // `c` moved from a to b (a kept it once, not twice), and b's dealloc released it: everything but a died.
        #expect(o.findings.leaks.isEmpty, "\(o.findings.leaks)")
        #expect(o.deaths.map(\.object).sorted() == ["b", "c"], "\(o.deaths.map(\.object))")
    }
}
