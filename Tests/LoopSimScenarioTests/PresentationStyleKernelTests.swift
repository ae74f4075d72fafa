import LoopSimKernel
import LoopSimScenario
import Testing

/// iOS 13's page sheets (`sheetPresentation`) and `setModalPresentationStyle:` (docs/scenario-format.md §7.8,
/// docs/fidelity.md "UIKit").
@Suite struct PresentationStyleKernelTests {
    /// Home presents a Detail (with `style`, or, nil, none: the controller's own), then dismisses it.
    static func presentAndDismiss(style: String?, setStyle: String? = nil) -> String {
        """
        name: present
        until: 3s
        classes:
        \(UIKitLifecycleTests.loggingClasses(["Home", "Detail"]))
        main:
          - let: home = new Home
          - let: detail = new Detail
        \(setStyle.map { "  - setModalPresentationStyle: detail\n    style: \($0)" } ?? "")
        user:
          - at: 1s
            do:
              - present: detail
                from: home
        \(style.map { "        style: \($0)" } ?? "")
                completion: [log: presented]
          - at: 2s
            do:
              - dismiss: home
                animated: false
                completion: [log: dismissed]
        """
    }

    static let fullScreenHooks = [
        "1s Home viewWillDisappear", "1s Detail viewWillAppear",
        "1.35s Detail viewDidAppear", "1.35s Home viewDidDisappear", "1.35s presented",
        "2s Detail viewWillDisappear", "2s Home viewWillAppear",
        "2s Home viewDidAppear", "2s Detail viewDidDisappear", "2s dismissed",
    ]
    static let sheetHooks = fullScreenHooks.filter { !$0.contains("Home") }

    @Test func theDefaultStyleIsFullScreenBeforeIOS13AndAPageSheetFromIt() throws {
        for (variant, expected) in [
            ("ios8", Self.fullScreenHooks), ("ios10", Self.fullScreenHooks), ("ios13", Self.sheetHooks),
        ] {
            let o = try KernelSemanticsTests.run(Self.presentAndDismiss(style: nil), variant)
            #expect(UIKitLifecycleTests.logs(o) == expected, "\(variant)")
        }
    }

    @Test(arguments: [
        // (the controller's style, what ios10 does, what ios13 does)
        ("fullScreen", true, true), ("automatic", true, false), ("pageSheet", true, false),
        ("formSheet", true, false), ("overFullScreen", false, false),
    ])
    func eachStyleOnEachSideOfIOS13(style: String, coversOn10: Bool, coversOn13: Bool) throws {
        for (variant, covers) in [("ios10", coversOn10), ("ios13", coversOn13)] {
            for yaml in [Self.presentAndDismiss(style: nil, setStyle: style), Self.presentAndDismiss(style: style)] {
                let o = try KernelSemanticsTests.run(yaml, variant)
                #expect(
                    UIKitLifecycleTests.logs(o) == (covers ? Self.fullScreenHooks : Self.sheetHooks),
                    "\(style) on \(variant)")
            }
        }
    }

    @Test func thePresentStepsStyleOverridesTheControllersOwn() throws {
        let o = try KernelSemanticsTests.run(
            Self.presentAndDismiss(style: "fullScreen", setStyle: "pageSheet"), "ios13")
        #expect(UIKitLifecycleTests.logs(o) == Self.fullScreenHooks)
    }

    @Test func withoutUIKitPresentingCrashesNamingTheVariant() throws {
        let o = try KernelSemanticsTests.run(Self.presentAndDismiss(style: nil), "linux-corelibs")
        let crash = try #require(o.crash)
        #expect(crash.message.contains("present: needs UIKit's modal presentation, which linux-corelibs does not have"))
    }

    @Test func anUnknownStyleIsAnErrorNamingTheStyles() {
        let loaded = ScenarioLoader.load(
            text: Self.presentAndDismiss(style: nil, setStyle: "popover"), file: "inline.yaml")
        #expect(
            loaded.diagnostics.contains {
                $0.message.contains("unknown presentation style 'popover'; use automatic, fullScreen, pageSheet")
            })
    }

    @Test func theVariantFlagCanBeSet() throws {
        let ios10 = try #require(VariantProfile.builtIn("ios10"))
        #expect(ios10.sheetPresentation == .fullScreen)
        #expect(try ios10.setting("sheetPresentation", to: "sheet").sheetPresentation == .sheet)
        #expect(try #require(VariantProfile.builtIn("ios13")).sheetPresentation == .sheet)
        #expect(try #require(VariantProfile.builtIn("linux-corelibs")).sheetPresentation == .none)
        #expect(throws: VariantError.self) { try ios10.setting("sheetPresentation", to: "pageSheet") }
    }
}
