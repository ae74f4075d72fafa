import LoopSimKernel
import Testing

/// S1/S2: the countdown button's worker run loop after the page is popped (semantics §4.3).
@Suite struct WorkerLoopExitTests {
    /// RegisterPage { strong button }, TimerButton { weak timer, unretained runloop, count = 5 }.
    static func countdown(fix: Bool) -> ProgramBuilder {
        var b = ProgramBuilder()
        let timerField = 0, runloopField = 1, countField = 2
        var dealloc: [Step] = [.invalidate(.this(0, timerField))]
        if fix { dealloc.append(.stop(.this(0, runloopField))) }
        let page = b.addClass("RegisterPage", fields: [FieldInfo(name: "button", strength: .strong)], dealloc: dealloc)
        let mainBlock = b.addBlock(
            captures: [.init(name: "self", value: .capture(0), strength: .strong)], [.log("title")])
        let tick = b.addBlock(
            captures: [.init(name: "self", value: .path(.capture(0), []), strength: .strong)],
            [
                .add(.field(.capture(0), countField), -1),
                .ifThen(
                    .compare(.capture(0, countField), .equal, .int(0)),
                    then: [.invalidate(.capture(0, timerField)), .stop(.currentRunLoop)],
                    else: [.dispatchAsync(.main, block: mainBlock)]),
            ])
        let work = b.addBlock(
            captures: [.init(name: "self", value: .this(), strength: .strong)],
            [
                .makeTimer(
                    TimerSpec.make(
                        interval: .seconds(1), repeats: true, action: .userInfoBlock(tick),
                        scheduleMode: "default", label: "timer"),
                    into: .field(.capture(0), timerField)),
                .fire(.capture(0, timerField)),
                .assign(.field(.capture(0), runloopField), .currentRunLoop),
                .run(.runMode("default", before: nil)),
            ])
        let button = b.addClass(
            "TimerButton",
            fields: [
                FieldInfo(name: "timer", strength: .weak), FieldInfo(name: "runloop", strength: .unretained),
                FieldInfo(name: "count", strength: .strong, initial: .int(5)),
            ],
            methods: [(name: "timerAction", body: Body(steps: [.dispatchAsync(.global, block: work)], localNames: []))])
        b.main(
            locals: ["page"],
            [
                .bind(local: 0, .new(classIndex: page, label: "page")),
                .assign(.field(.local(0), 0), .new(classIndex: button, label: "button")),
                .call(receiver: .local(0, 0), classIndex: button, method: 0),
            ])
        b.user(at: .milliseconds(3500), "pop page", [.release(.local(0))])
        return b
    }

    @Test func ios9StaleWakeEndsTheWorkerLoopAtTheOldDeadline() {
        let outcome = Self.countdown(fix: false).run("ios9")
        #expect(outcome.findings.leaks.isEmpty)
        #expect(outcome.findings.parkedThreads.isEmpty)
        let exits = outcome.runLoopExits.filter { $0.thread == "worker-1" }
        #expect(exits.count == 1)
        #expect(exits.first?.at == .zero + .seconds(4))
        #expect(exits.first?.result == .finished)
        #expect(
            outcome.lines(on: "worker-1", ["port.fire"], keys: ["stale"]).last == "4000.0ms worker-1 port.fire stale=1")
    }

    @Test func ios10WorkerSleepsForeverAndTheButtonLeaks() throws {
        let outcome = Self.countdown(fix: false).run("ios10")
        #expect(outcome.findings.parkedThreads.map(\.name) == ["worker-1"])
        let leak = try #require(outcome.findings.leaks.first)
        #expect(outcome.findings.leaks.count == 1)
        #expect(leak.className == "TimerButton")
        #expect(leak.kind == .abandoned)
        #expect(leak.path == ["thread worker-1 frame", "block#1", "TimerButton button"])
        #expect(outcome.runLoopExits.filter { $0.thread == "worker-1" }.isEmpty)
    }

    @Test(arguments: ["ios9", "ios10", "linux-corelibs"])
    func stopFromDeallocWorksEverywhere(variant: String) {
        let outcome = Self.countdown(fix: true).run(variant)
        #expect(outcome.findings.parkedThreads.isEmpty)
        if variant == "linux-corelibs" {
            // corelibs' Timer keeps itself and its closure alive for ever (semantics §5.3): the button with it.
            // The timer and its block are abandoned with the button, their only owner.
            #expect(
                outcome.findings.leaks.map(\.path) == [
                    ["corelibs CF timer context", "NSTimer timer", "block#2", "TimerButton button"],
                    ["corelibs CF timer context", "NSTimer timer", "block#2"],
                    ["corelibs CF timer context", "NSTimer timer"],
                ])
        } else {
            #expect(outcome.findings.leaks.isEmpty)
        }
        let exit = outcome.runLoopExits.first { $0.thread == "worker-1" }
        #expect(exit?.result == .stopped)
        #expect(exit?.at == .zero + .milliseconds(3500))
    }

    @Test func countdownTicksOnItsGrid() {
        let outcome = Self.countdown(fix: false).run("ios9")
        #expect(
            outcome.lines(on: "worker-1", ["timer.fire", "timer.fire.manual"]) == [
                "0.0ms worker-1 timer.fire.manual", "1000.0ms worker-1 timer.fire",
                "2000.0ms worker-1 timer.fire", "3000.0ms worker-1 timer.fire",
            ])
    }

    @Test(arguments: ["ios9", "ios10"])
    func sameSeedSameTrace(variant: String) {
        let a = Self.countdown(fix: false).run(variant)
        let b = Self.countdown(fix: false).run(variant)
        #expect(a.fingerprint == b.fingerprint)
        #expect(a.traceLines == b.traceLines)
    }

    @Test func variantsDiffer() {
        #expect(
            Self.countdown(fix: false).run("ios9").fingerprint != Self.countdown(fix: false).run("ios10").fingerprint)
    }
}
