import LoopSimKernel
import LoopSimScenario
import Testing

/// The app becoming active at launch: `didBecomeActive` and `UIApplicationDidBecomeActiveNotification` once the
/// launch code has returned (docs/scenario-format.md §8.3, docs/fidelity.md "The app becomes active at launch").
@Suite struct LaunchActivationTests {
    static func launchObserver(extra: String = "") -> String {
        """
        name: active at launch
        until: 5s
        classes:
          Inbox:
            fields:
              token: strong id
              refreshes: int
            methods:
              viewDidLoad:
                - addObserverForName: UIApplicationDidBecomeActiveNotification
                  queue: main
                  token: self.token
                  captures: [weak self]
                  do: [call: self.refresh]
              viewWillAppear: [log: inbox viewWillAppear]
              viewDidAppear: [log: inbox viewDidAppear]
              refresh:
                - increment: self.refreshes
                - log: inbox refresh
        \(extra)
        main:
          - let: inbox = new Inbox
          - call: inbox.viewDidLoad
          - makeKeyAndVisible: inbox
        user:
          - at: 1s
            app: background
          - at: 3s
            app: foreground
        """
    }

    @Test func anObserverAddedAtLaunchHearsTheLaunchActivationThenEachReturn() throws {
        let o = try KernelSemanticsTests.run(Self.launchObserver(), "ios13")
        #expect(
            UIKitLifecycleTests.logs(o) == [
                "0s inbox viewWillAppear", "0s inbox viewDidAppear", "0s inbox refresh", "3s inbox refresh",
            ])
    }

    @Test func theDelegateCallbackRunsAtLaunchBeforeThePost() throws {
        let o = try KernelSemanticsTests.run(
            Self.launchObserver(extra: "appDelegate:\n  didBecomeActive: [log: delegate active]"), "ios10")
        #expect(
            UIKitLifecycleTests.logs(o) == [
                "0s inbox viewWillAppear", "0s inbox viewDidAppear", "0s delegate active", "0s inbox refresh",
                "3s delegate active", "3s inbox refresh",
            ])
    }

    @Test func withoutAnAppLifecycleNothingIsPostedAtLaunch() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: no lifecycle
            until: 2s
            main:
              - addObserverForName: UIApplicationDidBecomeActiveNotification
                do: [log: active]
            """, "linux-corelibs")
        #expect(o.logs.isEmpty)
    }
}
