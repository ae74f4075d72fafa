import LoopSimKernel

extension ScenarioCompiler {
    /// `trap: MESSAGE` (docs/scenario-format.md §7.1): the modelled program's own runtime trap, which ends the run
    /// as a crash with MESSAGE (`TrapStep`, `Program/Trap+Steps.swift`). The Swift front-end lowers a force unwrap
    /// of nil, `fatalError` and a failed `precondition` to it (docs/swift-scenarios.md).
    static let trapVerbs: [StepVerb] = [
        StepVerb("trap") { c, s in
            guard let message = c.string(s.arg, what: "the trap's message") else { return [] }
            return [.perform(TrapStep.make(message: message))]
        },
        // `blockAPI: "-[NSRunLoop performBlock:]"`: the crash of an iOS 10 block API on an older Foundation.
        StepVerb("blockAPI") { c, s in
            guard let selector = c.string(s.arg, what: "the block API's Objective-C method") else { return [] }
            guard selector.hasPrefix("-[") || selector.hasPrefix("+["), selector.hasSuffix("]") else {
                c.bag.error(
                    .exprType, "blockAPI: names the Objective-C method as `-[NSRunLoop performBlock:]`",
                    at: s.arg.location)
                return []
            }
            return [.perform(BlockAPIStep.make(selector: selector))]
        },
    ]
}
