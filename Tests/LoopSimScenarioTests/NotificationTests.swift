import LoopSimKernel
import LoopSimScenario
import Testing

/// The notification center per variant (semantics §5.3, §7).
@Suite struct NotificationTests {
    static let queuedObserver = """
        name: queued observer
        until: 3s
        queues: [background]
        main:
          - thread: Poster
            do:
              - addObserverForName: Ping
                queue: background
                do:
                  - work: 500ms
                  - log: observer ran
              - postNotification: Ping
              - log: post returned
        """

    /// Every built-in variant waits (`notificationQueuedObserverPosterWaits`: corelibs' source, Darwin's documented
    /// synchronous delivery); the flag off, the post goes on at once and the observer runs later.
    @Test func thePosterWaitsForAQueuedObserver() throws {
        for variant in ["linux-corelibs", "ios8", "ios10", "ios13"] {
            let o = try KernelSemanticsTests.run(Self.queuedObserver, variant)
            let logs = o.logs.map { "\($0.at) \($0.text)" }
            #expect(logs == ["500ms observer ran", "500ms post returned"], "\(variant)")
        }
        let loaded = ScenarioLoader.load(text: Self.queuedObserver, file: "inline.yaml")
        let scenario = try #require(loaded.scenario)
        let profile = try scenario.profile(for: "ios10").setting("notificationQueuedObserverPosterWaits", to: "false")
        let config = scenario.configuration(profile: profile, keepsTrace: false)
        let o = Kernel(program: scenario.program, configuration: config).run()
        #expect(o.logs.map { "\($0.at) \($0.text)" } == ["0s post returned", "500ms observer ran"])
    }

    @Test func addingTheSameObserverTwiceDeliversTwice() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: twice
            until: 2s
            classes:
              L: {methods: {onPing: [log: ping]}}
            main:
              - let: l = new L
              - addSelectorObserver: l
                selector: onPing
                name: Ping
              - addSelectorObserver: l
                selector: onPing
                name: Ping
              - postNotification: Ping
            """)
        #expect(o.logs.count == 2)
    }

    @Test func selectorObserversDoNotExistOnLinux() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: no selector API
            until: 1s
            classes:
              L: {methods: {onPing: []}}
            main:
              - let: l = new L
              - addSelectorObserver: l
                selector: onPing
                name: Ping
            """, "linux-corelibs")
        #expect(o.crash?.message.contains("does not exist in swift-corelibs-foundation") == true)
    }

    /// Conformance c42 (docs/fidelity.md D2): swift-foundation keeps only the filter's identity.
    @Test func theObjectFilterIsNotRetained() throws {
        let yaml = """
            name: object filter
            until: 1s
            classes:
              Sender: {fields: {n: int}}
            main:
              - let: sender = new Sender
              - addObserverForName: Ping
                object: sender
                do: []
              - release: sender
            """
        #expect(try KernelSemanticsTests.run(yaml, "linux-corelibs").findings.leaks.isEmpty)
        #expect(try KernelSemanticsTests.run(yaml, "ios10").findings.leaks.isEmpty)
        // the older corelibs behaviour is still there behind the flag
        let scenario = try #require(ScenarioLoader.load(text: yaml, file: "f.yaml").scenario)
        let profile = try scenario.profile(
            for: "linux-corelibs", overrides: [("notificationObjectFilterRetained", "true")])
        let outcome = Kernel(program: scenario.program, configuration: scenario.configuration(profile: profile)).run()
        #expect(outcome.findings.leaks.map(\.className) == ["Sender"])
    }

    /// `addObserverForName:nil` and `addSelectorObserver`'s `name: nil` observe every name their `object:` filter
    /// lets through; a quoted "nil" is a notification named nil (swift-corelibs-foundation's
    /// `test_addObserverForNilName`, and the same on Darwin).
    @Test func aNilNameObservesEveryNameItsObjectFilterLetsThrough() throws {
        let yaml = """
            name: nil names
            until: 1s
            classes:
              Sender: {fields: {n: int}}
              L: {methods: {onAny: [log: selector any]}}
            main:
              - let: sender = new Sender
              - let: l = new L
              - addObserverForName: nil
                token: everyToken
                do: [log: every]
              - addObserverForName: nil
                object: sender
                token: senderToken
                do: [log: from sender]
              - addObserverForName: "nil"
                token: quotedToken
                do: [log: named nil]
              - addSelectorObserver: l
                selector: onAny
                name: nil
              - postNotification: Ping
              - log: ---
              - postNotification: Pong
                object: sender
              - log: ---
              - postNotification: "nil"
              - log: ---
              - removeObserver: everyToken
              - removeObserver: l
              - postNotification: Ping
                object: sender
            """
        let ios = try KernelSemanticsTests.run(yaml, "ios10")
        #expect(
            ios.logs.map(\.text) == [
                "every", "selector any", "---",
                "every", "from sender", "selector any", "---",
                "every", "named nil", "selector any", "---",
                "from sender",
            ])
        #expect(ios.findings.leaks.isEmpty)
        let trace = KernelSemanticsTests.lines(ios, "main", ["nc.add-block", "nc.add-selector"], ["name"])
        #expect(
            trace == [
                "0 nc.add-block name=(every name)", "0 nc.add-block name=(every name)",
                "0 nc.add-block name=nil", "0 nc.add-selector name=(every name)",
            ])
    }

    @Test func aPostNeedsANameAndAnObserverOfEveryNameIsWrittenNil() throws {
        let diagnostics = StringValueTests.diagnostics
        #expect(diagnostics("name: p\nmain:\n  - postNotification: nil\n") == ["3:23 value.invalid"])
        #expect(diagnostics("name: p\nmain:\n  - postNotification: \"nil\"\n").isEmpty)
        #expect(diagnostics("name: p\nmain:\n  - addObserverForName:\n    do: []\n") == ["3:24 type.mismatch"])
        #expect(diagnostics("name: p\nmain:\n  - addObserverForName: ~\n    do: []\n") == ["3:25 type.mismatch"])
    }

    /// Darwin calls observers in the order they were added; swift-foundation (linux-corelibs) by bucket: (name,
    /// sender), (every name, sender), (every name, any sender), (name, any sender), registration order within one
    /// (`_post`; conformance c61, docs/fidelity.md D4).
    @Test func observersAreCalledInRegistrationOrderOrInSwiftFoundationsBuckets() throws {
        let yaml = """
            name: order
            until: 1s
            classes:
              Sender: {fields: {n: int}}
            main:
              - let: sender = new Sender
              - addObserverForName: Ping
                do: [log: D1]
              - addObserverForName: nil
                do: [log: C]
              - addObserverForName: nil
                object: sender
                do: [log: B]
              - addObserverForName: Ping
                do: [log: D2]
              - addObserverForName: Ping
                object: sender
                do: [log: A]
              - postNotification: Ping
                object: sender
              - log: "|"
              - postNotification: Ping
            """
        let ios = try KernelSemanticsTests.run(yaml, "ios10").logs.map(\.text).joined(separator: " ")
        // The last C: the every-name observer also hears UIKit's didBecomeActive when the launch code returns.
        #expect(ios == "D1 C B D2 A | D1 C D2 C")
        let linux = try KernelSemanticsTests.run(yaml, "linux-corelibs").logs.map(\.text).joined(separator: " ")
        #expect(linux == "A B C D1 D2 | D1 D2 C")
    }
}
