import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// The lowering of Foundation, GCD and CF APIs (SwiftLowering+Foundation.swift; docs/swift-scenarios.md,
/// "Foundation, GCD and CF APIs"): each Swift form against the steps it must become.
@Suite struct SwiftFoundationLoweringTests {
    /// The steps of `Page.probe` for `body`, with `fields` added to the class `Page`.
    static func steps(_ body: String, fields: String = "") throws -> String {
        let text = """
            import Foundation
            let scenario = Scenario("probe", until: .seconds(3), variants: [.ios10])
            class Page: NSObject {
                var count = 0
                var thread: Thread?
                var source: DispatchSourceTimer?
                var lock = NSLock()
                var token: NSKeyValueObservation?
            \(fields)
                @objc func go() {}
                func probe() {
            \(body)
                }
            }
            let page = Page()
            page.probe()
            """
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "P.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let probe = try #require(
            tree?.mapping?["classes"]?.mapping?["Page"]?.mapping?["methods"]?.mapping?["probe"])
        return SwiftLoweringTests.render(probe)
    }

    @Test func aTimerSourceMadeScheduledHandledAndResumedIsOneStep() throws {
        let steps = try Self.steps(
            """
            source = DispatchSource.makeTimerSource(queue: .main)
            source?.schedule(deadline: .now() + 1, repeating: .milliseconds(500), leeway: .milliseconds(10))
            source?.setEventHandler { [weak self] in self?.go() }
            source?.resume()
            count = 1
            """)
        #expect(
            steps
                == "[{dispatch_source_timer: self.source, queue: main, start: 1s, interval: 500ms, leeway: 10ms, "
                + "captures: [weak self], do: [{call: self.go}]}, {set: self.count = 1}]")
    }

    @Test func aSourceNotResumedStaysSuspendedAndIsResumedLater() throws {
        let steps = try Self.steps(
            """
            let s = DispatchSource.makeTimerSource()
            s.schedule(deadline: .now())
            s.setEventHandler { }
            s.resume()
            """)
        #expect(steps == "[{dispatch_source_timer: s, start: 0s, do: []}]")
        let suspended = try Self.steps(
            """
            source = DispatchSource.makeTimerSource()
            source?.schedule(deadline: .now() + 2)
            source?.resume()
            source?.cancel()
            """)
        #expect(
            suspended
                == "[{dispatch_source_timer: self.source, start: 2s, do: []}, {dispatch_source_cancel: self.source}]")
        let never = try Self.steps(
            """
            source = DispatchSource.makeTimerSource()
            source?.schedule(deadline: .now() + 2)
            go()
            source?.resume()
            """)
        #expect(
            never == "[{dispatch_source_timer: self.source, start: 2s, resume: false, do: []}, {call: self.go}, "
                + "{dispatch_resume: self.source}]")
    }

    @Test func aThreadMadeNamedAndStartedIsOneThreadStep() throws {
        let steps = try Self.steps(
            """
            thread = Thread(target: self, selector: #selector(go), object: nil)
            thread?.name = "loader"
            thread?.start()
            """)
        #expect(steps == "[{thread: loader, into: self.thread, captures: [strong self], do: [{call: self.go}]}]")
        let block = try Self.steps("let worker = Thread { self.go() }\nworker.start()")
        // `Thread { … }` is iOS 10 API: `blockAPI:` first (BlockAPIAvailabilityTests).
        #expect(
            block
                == "[{blockAPI: -[NSThread initWithBlock:]}, "
                + "{thread: worker, captures: [strong self], do: [{call: self.go}]}]")
    }

    @Test func sleepsAreWork() throws {
        let steps = try Self.steps("Thread.sleep(forTimeInterval: 0.25)\nusleep(1_000)")
        #expect(steps == "[{work: 0.25s}, {work: 1000us}]")
    }

    @Test func performRequestsBecomeTheirSteps() throws {
        let steps = try Self.steps(
            """
            perform(#selector(go), with: nil, afterDelay: 0.5, inModes: [.common])
            performSelector(onMainThread: #selector(go), with: self, waitUntilDone: true)
            perform(#selector(go), on: Thread.main, with: nil, waitUntilDone: false)
            NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(go), object: nil)
            perform(#selector(go))
            """)
        #expect(
            steps
                == "[{performSelector: self, selector: go, afterDelay: 0.5s, inModes: [common]}, "
                + "{performSelectorOnThread: self, selector: go, onThread: main runloop, withObject: self, "
                + "waitUntilDone: true}, "
                + "{performSelectorOnThread: self, selector: go, onThread: main thread, waitUntilDone: false}, "
                + "{cancelPreviousPerformRequests: self, selector: go}, {call: self.go}]")
    }

    @Test func locksLowerToTheLockSteps() throws {
        let steps = try Self.steps(
            """
            let cond = NSCondition()
            lock.lock()
            lock.withLock { count += 1 }
            cond.wait()
            lock.unlock()
            """)
        #expect(
            steps
                == "[{newLock: cond, class: NSCondition}, {lock: self.lock}, "
                + "{withLock: self.lock, do: [{increment: self.count}]}, {waitCondition: cond}, {unlock: self.lock}]")
    }

    @Test func aLockPropertyIsMadeAtTheStartOfInit() throws {
        let (tree, _) = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("probe", until: .seconds(3), variants: [.ios10])
                class Account { let lock = NSLock() }
                let a = Account()
                """, file: "P.swift")
        let account = try #require(tree?.mapping?["classes"]?.mapping?["Account"])
        #expect(SwiftLoweringTests.render(account) == "{fields: {lock: strong id}, init: [{newLock: self.lock}]}")
    }

    @Test func keyValueObservingLowersToTheKVOSteps() throws {
        let steps = try Self.steps(
            """
            addObserver(self, forKeyPath: #keyPath(Page.count), options: [.new], context: nil)
            token = observe(\\.count, options: [.new]) { page, change in self.go() }
            token?.invalidate()
            removeObserver(self, forKeyPath: "count")
            """)
        #expect(
            steps
                == "[{addKeyPathObserver: self.count, observer: self}, "
                + "{observeKeyPath: self.count, token: self.token, captures: [strong self], do: [{call: self.go}]}, "
                + "{release: self.token}, {removeKeyPathObserver: self.count, observer: self}]")
    }

    @Test func workItemsGroupsAndBarriers() throws {
        let steps = try Self.steps(
            """
            let item = DispatchWorkItem { self.go() }
            DispatchQueue.main.async(execute: item)
            item.cancel()
            let group = DispatchGroup()
            group.notify(queue: .main) { self.go() }
            """)
        #expect(
            steps
                == "[{workItem: item, captures: [strong self], do: [{call: self.go}]}, "
                + "{asyncWorkItem: item, queue: main}, {cancelWorkItem: item}, {let: group = dispatch_group_create}, "
                + "{dispatch_group_notify: group, queue: main, captures: [strong self], do: [{call: self.go}]}]")
    }

    @Test func displayLinksAndPorts() throws {
        let steps = try Self.steps(
            """
            let link = CADisplayLink(target: self, selector: #selector(go))
            link.add(to: .main, forMode: .common)
            RunLoop.current.add(NSMachPort(), forMode: .default)
            """)
        #expect(
            steps
                == "[{displayLink: link, target: self, selector: go}, "
                + "{addTimer: link, to: main runloop, mode: common}, {port: port14}, "
                + "{addPort: port14, to: current runloop, mode: default}]")
    }

    /// A class of the file with its own `removeObserver(_:)` (a hand-made observable store) is called as any method
    /// is; KVO's `removeObserver(_:forKeyPath:)` is only meant on a class without one.
    @Test func aClassesOwnRemoveObserverIsItsMethod() throws {
        let logs = try DateValueTests.logs(
            """
                func removeObserver(_ token: Int) { print("removed \\(token)") }
                func addObserver(_ token: Int) { print("added \\(token)") }
            """, "let w = W()\nw.addObserver(3)\nw.removeObserver(3)")
        #expect(logs == ["0 added 3", "0 removed 3"])
    }

    @Test func theObserveValueOverrideIsTheKVOMethod() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("probe", until: .seconds(3), variants: [.ios10])
                class Obs: NSObject {
                    var n = 0
                    override func observeValue(forKeyPath keyPath: String?, of object: Any?,
                                               change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                        n += 1
                    }
                }
                let o = Obs()
                """, file: "P.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let methods = try #require(tree?.mapping?["classes"]?.mapping?["Obs"]?.mapping?["methods"])
        #expect(SwiftLoweringTests.render(methods) == "{observeValueForKeyPath: [{increment: self.n}]}")
    }

    @Test func theExperimentSamplesAndExpectsAbsentFiguresAndMappings() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("probe", until: .seconds(3), variants: [.ios10])
                class Page { var n = 0 }
                let page = Page()
                scenario.at(.seconds(1)) { scenario.sample("n", page.n) }
                scenario.expect(.all, ["logs[0].text": nil, "logged": ["tick": 2]])
                """, file: "P.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let user = try #require(tree?.mapping?["user"])
        #expect(SwiftLoweringTests.render(user) == "[{at: 1s, do: [{sample: n, value: page.n}]}]")
        let expect = try #require(tree?.mapping?["expect"])
        #expect(SwiftLoweringTests.render(expect) == "{all: {logs[0].text: null, logged: {tick: 2}}}")
    }

    @Test func anObserverMadeAndAddedIsOneAddObserverStep() throws {
        let steps = try Self.steps(
            """
            let observer = CFRunLoopObserverCreateWithHandler(
                kCFAllocatorDefault, CFRunLoopActivity.allActivities.rawValue, true, 0
            ) { _, activity in
                if activity == .beforeWaiting { self.go() }
            }
            CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
            CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, .commonModes)
            """)
        #expect(
            steps
                == "[{addObserver: main runloop, mode: common, activities: [allActivities], repeats: true, order: 0, "
                + "into: observer, activity: activity, captures: [strong self], "
                + "do: [{if: activity == kCFRunLoopBeforeWaiting, then: [{call: self.go}]}]}, "
                + "{CFRunLoopRemoveObserver: observer, from: main runloop, mode: common}]")
    }

    @Test func aTimedWaitStoresItsResultAndTimedOutIsOne() throws {
        let steps = try Self.steps(
            """
            let sem = DispatchSemaphore(value: 0)
            let r = sem.wait(timeout: .now() + .milliseconds(50))
            if r == .timedOut { go() }
            """)
        #expect(
            steps
                == "[{let: sem = dispatch_semaphore_create 0}, "
                + "{dispatch_semaphore_wait: sem, timeout: 50ms, result: r}, {if: r == 1, then: [{call: self.go}]}]")
    }

    @Test func aTopLevelOperationQueueIsAnOperationQueueOfTheScenario() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("probe", until: .seconds(3), variants: [.ios10])
                let work = OperationQueue()
                work.maxConcurrentOperationCount = 2
                class Page {
                    func probe() {
                        let op = BlockOperation { print("op") }
                        op.completionBlock = { print("done") }
                        work.addOperation { print("block") }
                        work.addOperations([op], waitUntilFinished: true)
                    }
                }
                """, file: "P.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(SwiftLoweringTests.render(try #require(tree?.mapping?["operationQueues"])) == "{work: 2}")
        let probe = try #require(
            tree?.mapping?["classes"]?.mapping?["Page"]?.mapping?["methods"]?.mapping?["probe"])
        #expect(
            SwiftLoweringTests.render(probe)
                == "[{operation: op, do: [{log: op}]}, {setCompletionBlock: op, do: [{log: done}]}, "
                + "{addOperation: work, do: [{log: block}]}, "
                + "{addOperations: work, operations: [op], waitUntilFinished: true}]")
    }
}

/// `RunLoop.perform` is `CFRunLoopPerformBlock` (swift-corelibs-foundation RunLoop.swift): queued for its one mode,
/// no wake-up; a list of several modes is refused at the list.
@Suite struct RunLoopPerformTests {
    @Test func aPerformedBlockWaitsForTheModeItWasQueuedFor() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("perform", until: .seconds(2), variants: [.ios13])
            DispatchQueue.main.async {
                RunLoop.main.perform(inModes: [.default]) { print("default") }
                RunLoop.main.perform { print("plain") }
                RunLoop.current.perform(inModes: [.common]) { print("common") }
            }
            scenario.at(.milliseconds(500), "scroll") { scenario.scroll(.seconds(1)) }
            scenario.at(.milliseconds(700), "queue during the scroll") {
                RunLoop.main.perform { print("after the scroll") }
                RunLoop.main.perform(inModes: [.common]) { print("during the scroll") }
            }
            scenario.expect(.all, [
                "logs": 5, "logs[0].text": "default", "logs[1].text": "plain", "logs[2].text": "common",
                "logs[3].text": "during the scroll", "logs[3].at_ms": 700,
                "logs[4].text": "after the scroll", "logs[4].at_ms": 1500,
            ])
            """)
        let (_, problems) = SwiftScenarioLoader.lower(
            text: SwiftLoweringTests.file("RunLoop.main.perform(inModes: [.default, .tracking]) { print(1) }"),
            file: "P.swift")
        #expect(problems.contains { $0.message.contains("a list of other than one mode") }, "\(problems)")
    }
}
