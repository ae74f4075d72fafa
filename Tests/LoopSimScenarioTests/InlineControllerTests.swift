import LoopSimKernel
import LoopSimScenario
import Testing

/// A view controller made in the call that shows it (`push: new FeedVC`, `root: new HomeVC`, `present: new
/// SheetVC`) is held by UIKit from that call on: the navigation stack or the presentation keeps it, as UIKit's
/// `viewControllers` and `presentedViewController` do, and the caller's temporary goes after the call returned
/// (`ProgramFrame.temporaries`). Before, the pushed controller was freed at the push and the pop crashed.
@Suite struct InlineControllerTests {
    func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    /// `[nav pushViewController:[FeedVC new] animated:NO]` and a root made inline: the navigation controller's
    /// stack holds them (UIKit keeps its `viewControllers`). The pop frees the pushed one, with no crash; the root
    /// stays on the stack.
    @Test func aControllerPushedOrMadeRootInlineIsHeldByTheStack() throws {
        let o = try run(
            """
            name: push of a temporary controller
            until: 2s
            classes:
              HomeVC: {fields: {}}
              FeedVC:
                fields: {}
                dealloc:
                  - log: feed freed
            main:
              - navigationController: nav
                root: new HomeVC
              - push: new FeedVC
                on: nav
                animated: false
            user:
              - at: 1s
                do:
                  - pop: nav
            """)
        #expect(o.crash == nil, "\(o.crash?.message ?? "")")
        #expect(o.logs.map(\.text) == ["feed freed"])
        let freed = try #require(o.deaths.first { $0.className == "FeedVC" })
        #expect(freed.at >= .zero + .seconds(1), "freed by the pop, not at the push")
        #expect(!o.deaths.contains { $0.className == "HomeVC" }, "the root stays on the stack")
    }

    /// `present:` of a controller made inline: UIKit holds it while it is presented; the dismissal frees it.
    @Test func aControllerPresentedInlineIsHeldUntilItsDismissal() throws {
        let o = try run(
            """
            name: present of a temporary controller
            until: 3s
            classes:
              HomeVC: {fields: {}}
              SheetVC:
                fields: {}
                dealloc:
                  - log: sheet freed
            main:
              - let: home = new HomeVC
              - present: new SheetVC
                from: home
                animated: false
            user:
              - at: 1s
                do:
                  - dismiss: home
                    animated: false
            """)
        #expect(o.crash == nil, "\(o.crash?.message ?? "")")
        #expect(o.logs.map(\.text) == ["sheet freed"])
        let freed = try #require(o.deaths.first { $0.className == "SheetVC" })
        #expect(freed.at >= .zero + .seconds(1), "freed by the dismissal, not at the present")
    }
}
