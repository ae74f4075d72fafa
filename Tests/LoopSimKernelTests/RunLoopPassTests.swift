import LoopSimKernel
import Testing

/// One CFRunLoop pass and its checkpoints, on a worker thread (semantics §1).
@Suite struct RunLoopPassTests {
    /// A thread that adds an all-activities observer and a one-shot 10 ms timer, then runs the default mode.
    static func observedPass(timer: Bool) -> ProgramBuilder {
        var b = ProgramBuilder()
        let observer = b.addBlock([])
        let tick = b.addBlock([.log("tick")])
        var steps: [Step] = [
            .addObserver(
                runLoop: .currentRunLoop, mode: "default", activities: .allActivities, repeats: true, order: 0,
                block: observer)
        ]
        if timer {
            steps.append(
                .makeTimer(
                    TimerSpec.make(
                        interval: .milliseconds(10), repeats: false, action: .block(tick),
                        scheduleMode: "default", label: "t"), into: nil))
        }
        steps.append(.run(.cfRunInMode("default", seconds: .seconds(1), returnAfterSourceHandled: false)))
        let entry = b.addBlock(steps)
        b.main(locals: [], [.detachThread(name: "T", block: entry)])
        return b
    }

    @Test func observersSeeTheSixActivitiesInCFRunLoopOrder() {
        let outcome = Self.observedPass(timer: true).run("ios10")
        #expect(
            outcome.lines(
                on: "T", ["observer.callout", "timer.fire", "log", "rl.sleep", "rl.wake", "rl.exit"],
                keys: ["activity", "port", "result"]) == [
                    "0.0ms T observer.callout activity=Entry",
                    "0.0ms T observer.callout activity=BeforeTimers",
                    "0.0ms T observer.callout activity=BeforeSources",
                    "0.0ms T observer.callout activity=BeforeWaiting",
                    "0.0ms T rl.sleep",
                    "10.0ms T rl.wake port=timer",
                    "10.0ms T observer.callout activity=AfterWaiting",
                    "10.0ms T timer.fire",
                    "10.0ms T log",
                    // the one-shot timer was the mode's last item: Finished at the end of the same iteration
                    "10.0ms T observer.callout activity=Exit",
                    "10.0ms T rl.exit result=finished",
                ])
    }

    @Test func anEmptyModeReturnsFinishedBeforeEntry() {
        let outcome = Self.observedPass(timer: false).run("ios10")
        // observers do not keep a mode alive: no Entry, no Exit, no sleep
        #expect(
            outcome.lines(on: "T", ["observer.callout", "rl.sleep", "rl.exit"], keys: ["result", "entered"]) == [
                "0.0ms T rl.exit result=finished entered=0"
            ])
        #expect(outcome.runLoopExits.map(\.entered) == [false])
    }

    @Test func aLateRepeatingTimerFiresOnceThenReturnsToItsGrid() {
        // interval 1 s, first fire at 1 s, the callout works 2.5 s: next at 4 s, then 5 s (semantics §3.5 EXP)
        var b = ProgramBuilder()
        let tick = b.addBlock([.work(.fixed(.milliseconds(2500)))])
        let entry = b.addBlock(
            locals: ["t"],
            [
                .makeTimer(
                    TimerSpec.make(
                        interval: .seconds(1), repeats: true, action: .block(tick),
                        scheduleMode: "default", label: "t"), into: .local(0)),
                .run(.runUntil(after: .milliseconds(5500))),
                .log("done"),
            ])
        b.main(locals: [], [.detachThread(name: "T", block: entry)])
        let outcome = b.run("ios10")
        #expect(
            outcome.lines(
                on: "T", ["timer.fire", "timer.reschedule"], keys: ["slot", "latency_ns", "next", "skipped"]) == [
                    "1000.0ms T timer.fire slot=1000000000 latency_ns=0",
                    "3500.0ms T timer.reschedule next=4000000000 skipped=2",
                    "4000.0ms T timer.fire slot=4000000000 latency_ns=0",
                    "6500.0ms T timer.reschedule next=7000000000 skipped=2",
                ])
        let record = outcome.timers.first { $0.label == "NSTimer t" }
        #expect(record?.fires == 2)
        #expect(record?.skipped == 4)
    }

    @Test func defaultModeTimersAreSilentWhileTheLoopRunsAnotherMode() {
        var b = ProgramBuilder()
        let tick = b.addBlock([.log("tick")])
        let keepAlive = b.addBlock([])
        let entry = b.addBlock(
            locals: ["t", "k"],
            [
                .makeTimer(
                    TimerSpec.make(
                        interval: .milliseconds(100), repeats: true, action: .block(tick), scheduleMode: "default",
                        label: "t"), into: .local(0)),
                .makeTimer(
                    TimerSpec.make(
                        interval: .seconds(100), repeats: true, action: .block(keepAlive),
                        scheduleMode: "custom", label: "k"), into: .local(1)),
                .run(.cfRunInMode("custom", seconds: .milliseconds(350), returnAfterSourceHandled: false)),
                .run(.cfRunInMode("default", seconds: .milliseconds(50), returnAfterSourceHandled: false)),
            ])
        b.main(locals: [], [.detachThread(name: "T", block: entry)])
        let outcome = b.run("ios10")
        // nothing in the custom mode's 350 ms; the default mode then fires once, late, for the 100 ms slot
        // and skips 200 and 300 ms: the next slot is 400 ms, after the 50 ms run ends
        #expect(
            outcome.lines(on: "T", ["timer.fire", "rl.exit"], keys: ["mode", "result", "slot", "latency_ns"]) == [
                "350.0ms T rl.exit mode=custom result=timed-out",
                "350.0ms T timer.fire slot=100000000 latency_ns=250000000",
                "400.0ms T rl.exit mode=default result=timed-out",
            ])
    }

    @Test func stopAndWakeUpAcrossThreads() {
        // T sleeps in the default mode kept alive by a far timer; main wakes it at 1 s and stops it at 2 s.
        var b = ProgramBuilder()
        let far = b.addBlock([])
        let holderClass = b.addClass("Holder", fields: [FieldInfo(name: "rl", strength: .unretained)])
        let entryWithSave = b.addBlock(
            captures: [.init(name: "holder", value: .local(0), strength: .strong)], locals: ["t"],
            [
                .assign(.field(.capture(0), 0), .currentRunLoop),
                .makeTimer(
                    TimerSpec.make(
                        interval: .seconds(100), repeats: true, action: .block(far),
                        scheduleMode: "default", label: "far"), into: .local(0)),
                .run(.cfRun),
                .log("CFRunLoopRun returned"),
            ])
        b.main(
            locals: ["holder"],
            [
                .bind(local: 0, .new(classIndex: holderClass, label: "holder")),
                .detachThread(name: "T", block: entryWithSave),
            ])
        b.user(at: .seconds(1), "wake", [.wakeUp(.local(0, 0))])
        b.user(at: .seconds(2), "stop", [.stop(.local(0, 0))])
        let outcome = b.run("ios10", until: .seconds(10))
        #expect(
            outcome.lines(on: "T", ["rl.wake", "rl.exit", "log"], keys: ["port", "result"]) == [
                "1000.0ms T rl.wake port=wake-up",  // a wake-up alone changes nothing: the mode is not empty
                "2000.0ms T rl.wake port=wake-up",
                "2000.0ms T rl.exit result=stopped",
                "2000.0ms T log",
            ])
        #expect(
            outcome.lines(on: "main", ["stop", "wakeup.send"]) == [
                "1000.0ms main wakeup.send", "2000.0ms main stop", "2000.0ms main wakeup.send",
            ])
    }

    @Test func aWakeUpOnALoopThatIsNotRunningIsDropped() {
        var b = ProgramBuilder()
        let holderClass = b.addClass("Holder", fields: [FieldInfo(name: "rl", strength: .unretained)])
        let entry = b.addBlock(
            captures: [.init(name: "holder", value: .local(0), strength: .strong)],
            [
                .assign(.field(.capture(0), 0), .currentRunLoop), .work(.fixed(.seconds(5))),
            ])
        b.main(
            locals: ["holder"],
            [
                .bind(local: 0, .new(classIndex: holderClass, label: "holder")),
                .detachThread(name: "T", block: entry),
            ])
        b.user(at: .seconds(1), "stop", [.stop(.local(0, 0)), .wakeUp(.local(0, 0))])
        let outcome = b.run("ios9")
        #expect(
            outcome.lines(on: "main", ["stop.dropped", "wakeup.dropped"], keys: ["why"]) == [
                "1000.0ms main stop.dropped", "1000.0ms main wakeup.dropped why=not running",
            ])
    }
}
