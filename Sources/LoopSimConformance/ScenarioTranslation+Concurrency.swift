import LoopSimKernel

/// Swift concurrency's steps as real Swift concurrency code: a task's closure that awaits is an async closure
/// (`LSTaskBody`, emitted by the block factory when ``awaits(_:)``), run by `Task { @MainActor in }` or
/// `Task.detached { }` as the model chose the task's executor.
extension ScenarioTranslation {
    /// Whether `steps` (with their `if` branches and loop bodies, not the blocks they make) hold an `await` or a
    /// `try` of Swift concurrency: the closure that runs them must be `async throws`.
    static func awaits(_ steps: [Step]) -> Bool {
        steps.contains { step in
            switch step {
            case .perform(let s):
                s is TaskSleepStep || s is MainActorRunStep || s is CheckCancellationStep || s is AwaitCallStep
                    || s is TaskYieldStep || s is AwaitTaskStep || s is TaskGroupStep || s is TaskGroupBodyStep
                    || s is TaskGroupWaitStep || s is WithContinuationStep
            case .ifThen(_, let a, let b): awaits(a) || awaits(b)
            case .loop(let loop): awaits(loop.body)
            default: false
            }
        }
    }

    /// The Swift of one Swift concurrency step.
    mutating func emitConcurrency(_ step: any ExecutableStep, context: BodyContext, into w: inout SwiftWriter) {
        switch step {
        case let s as MakeTaskStep:
            if s.child { unsupported("a child task (`task:` with `child: true`; write the Swift file itself)") }
            let closure = expr(s.closure, context)
            let call: String
            switch (s.actor, s.detached) {
            case (.mainActor?, _): call = "LS.task(\(closure), main: true)"
            case (.global?, _), (nil, true): call = "LS.task(\(closure), main: false)"
            case (nil, false): call = "LS.task(\(closure))"
            case (.actor?, _):
                unsupported("a task made on an actor's executor")
                call = "LS.task(\(closure))"
            }
            if let into = s.into { w.line(store(call, into: into, context)) } else { w.line("_ = \(call)") }
        case let s as TaskSleepStep:
            guard case .fixed(let d) = s.delay else {
                unsupported("Task.sleep with a random delay")
                return
            }
            w.line((s.throwing ? "try await" : "try? await") + " LS.taskSleep(\(d.nanoseconds))")
        case is CheckCancellationStep:
            w.line("try Task.checkCancellation()")
        case let s as CancelTaskStep:
            w.line("LS.cancelTask(\(expr(s.task, context)))")
        case let s as MainActorRunStep:
            // The body's steps come between the two steps: the closure opens at the first and closes at the second.
            w.line(s.enter ? "try await LS.mainActorRun {" : "}")
        case let s as AwaitCallStep:
            if s.result != nil { unsupported("`await:` with `result:` (write the Swift file itself)") }
            emitAwait(s, context: context, into: &w)
        case is TaskYieldStep:
            w.line("await Task.yield()")
        case let s as AwaitTaskStep:
            if s.result != nil { unsupported("`awaitTask:` with `result:` (write the Swift file itself)") }
            w.line("await LS.awaitTask(\(expr(s.task, context)))")
        case let s as TaskGroupStep:
            // The closures are made in the caller's context, then handed to the children.
            let made = s.children.map { _ in temporary() }
            w.block("do") { w in
                for (t, child) in zip(made, s.children) { w.line("let \(t) = \(expr(child, context))") }
                w.line("await withTaskGroup(of: Void.self) { g in")
                w.indented { w in for t in made { w.line("g.addTask { await LS.runTaskBody(\(t)) }") } }
                w.line("}")
            }
        case let s as TaskGroupBodyStep:
            // The body's steps come between the two steps; `g`, the innermost group's name, is the one `addTask`
            // adds to, as Swift's innermost closure parameter shadows an outer one.
            w.line(s.open ? "await withTaskGroup(of: Void.self) { g in" : "}")
        case is TaskGroupWaitStep:
            w.line("await g.waitForAll()")
        case let s as AddTaskStep:
            let t = temporary()
            w.block("do") { w in
                w.line("let \(t) = \(expr(s.closure, context))")
                w.line("g.addTask { await LS.runTaskBody(\(t)) }")
            }
        default:
            unsupported(step.verb)
        }
    }

    /// `await receiver.method(args)`: arguments first, then the call on the callee's isolation — an actor's
    /// method takes the instance's `LSActor` as its `isolated` parameter, and a sync isolated method is called
    /// through its `…_await` twin, isolated where the model runs it.
    private mutating func emitAwait(_ s: AwaitCallStep, context: BodyContext, into w: inout SwiftWriter) {
        let info = program.classes[s.classIndex]
        var values: [String] = []
        var lines: [String] = []
        for argument in s.arguments {
            let t = temporary()
            lines.append("let \(t) = \(expr(argument, context))")
            values.append(t)
        }
        let r = temporary()
        let isAsync = info.traits(of: s.method).isAsync
        let name = methodName(s.classIndex, s.method) + (isAsync ? "" : "_await")
        let actor = info.isolation == .actor ? ["\(r).lsActor"] : []
        lines.append(
            "if let \(r) = LS.obj(\(expr(s.receiver, context))) as? \(className(s.classIndex)) { "
                + "try await \(r).\(name)(" + (actor + values).joined(separator: ", ") + ") }")
        w.block("do") { w in for line in lines { w.line(line) } }
    }

    /// Writes method `m` of class `c` when it is async or isolated, and answers whether it did: an async method
    /// is `async throws` — on the instance's actor (an `isolated LSActor` parameter), on the main actor
    /// (`@MainActor`), or nonisolated, which in the Swift 5 language mode runs on the global executor as the model
    /// does (SE-0338); a sync isolated method keeps its plain form for `call:` from inside its isolation, and gets a
    /// `…_await` twin isolated where an `await:` runs it.
    mutating func emitIsolatedMethod(_ c: Int, _ m: Int, parameters: [String], into w: inout SwiftWriter) -> Bool {
        let info = program.classes[c]
        let traits = info.traits(of: m)
        guard traits.isAsync || info.isolation != .nonisolated || traits.isMainActor else { return false }
        let name = methodName(c, m)
        let body = info.methods[m].body
        let isActor = info.isolation == .actor
        let main = !isActor && (info.isolation == .mainActor || traits.isMainActor) ? "@MainActor " : ""
        let isolated = isActor ? ["_ lsIsolation: isolated LSActor"] : []
        if traits.isAsync {
            w.block("\(main)func \(name)(" + (isolated + parameters).joined(separator: ", ") + ") async throws") { w in
                emitOwnedBody(body, hasSelf: true, into: &w)
            }
            return true
        }
        w.block("func \(name)(\(parameters.joined(separator: ", ")))") { w in
            emitOwnedBody(body, hasSelf: true, into: &w)
        }
        let arguments = (0..<body.parameterCount).map { "a\($0)" }.joined(separator: ", ")
        w.line(
            "\(main)func \(name)_await(" + (isolated + parameters).joined(separator: ", ") + ") { "
                + "\(name)(\(arguments)) }")
        return true
    }
}
