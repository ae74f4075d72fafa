import LoopSimKernel
import Testing

/// The kernel's ``Loop`` step, built without YAML: the form a Swift front-end will compile `while` and `for` to.
@Suite struct LoopStepTests {

    /// A block on a detached thread that waits 50 ms on a semaphore nobody signals, a million times over: the
    /// loop turns in the block's frame, so under `--max-depth 4` it runs until the run's end at 60 s, 1,200 turns.
    @Test func aWaitingLoopTurnsInOneFrame() {
        var b = ProgramBuilder()
        let body: [Step] = [
            .perform(SemaphoreWaitStep.make(semaphore: Expr.capture(0), timeout: .milliseconds(50), result: nil)),
            .add(.local(0), 1),
            .perform(SampleStep.make(name: "turn", value: Expr.local(0))),
        ]
        let capture = BlockTemplate.Capture(name: "s", value: Expr.local(0), strength: .strong)
        let block = b.addBlock(
            captures: [capture], locals: ["n", "i"],
            [
                .bind(local: 0, Expr.int(0)),
                .loop(
                    Loop(
                        header: .range(counter: 1, from: Expr.int(0), to: Expr.int(1_000_000), isClosed: false),
                        body: body, bodyLocals: [], site: "kernel:1")),
            ])
        b.main(
            locals: ["s"],
            [
                .bind(local: 0, .newSemaphore(0)),
                Step.detachThread(name: "watchdog", block: block),
            ])
        var config = KernelConfiguration(profile: VariantProfile.builtIn("ios10")!, until: .zero + .seconds(60))
        config.limits.maxDepth = 4
        let o = Kernel(program: b.program, configuration: config).run()
        #expect(o.limit == nil, "\(o.limit?.message ?? "")")
        #expect(o.samples.count == 1_200)
        #expect(o.samples.last?.value == 1_200)
    }

    /// `break` from an `if` branch two frames above the loop's frame unwinds both branch frames; the frame goes on
    /// after the loop.
    @Test func breakUnwindsTheBranchFrames() {
        var b = ProgramBuilder()
        let body: [Step] = [
            .add(.local(0), 1),
            .ifThen(
                .compare(Expr.local(0), .equal, Expr.int(3)),
                then: [.ifThen(.literal(.bool(true)), then: [.loopControl(.breakLoop), .log("never")], else: [])],
                else: []),
            .log("turn"),
        ]
        b.main(
            locals: ["n"],
            [
                .bind(local: 0, Expr.int(0)),
                .loop(
                    Loop(header: .whileCondition(.literal(.bool(true))), body: body, bodyLocals: [], site: "kernel:2")),
                .log("after"),
            ])
        let o = b.run("ios10", until: .seconds(1))
        #expect(o.logs.map(\.text) == ["turn", "turn", "after"])
    }
}
