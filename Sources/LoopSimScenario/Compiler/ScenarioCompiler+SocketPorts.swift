import LoopSimKernel

extension ScenarioCompiler {
    /// The `SocketPort` verbs (docs/scenario-format.md §7.5.2): swift-corelibs-foundation's ports on CF's sockets,
    /// scheduled in run loops as version-0 sources; `sendPortMessage:` (with `data:`) sends on one.
    static let socketPortVerbs: [StepVerb] = [
        StepVerb("socketPort", keys: ["captures", "do"]) { c, s in
            var block: Expr?
            if s.map["do"] != nil || s.map["captures"] != nil {
                guard let b = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
                else { return [] }
                block = b
            }
            guard let into = c.socketPortPlace(s) else { return [] }
            return [.perform(MakeSocketPortStep.make(block: block, remote: nil, into: into))]
        },
        StepVerb("remoteSocketPort", keys: ["to"]) { c, s in
            guard let node = s.map["to"] else {
                c.bag.error(
                    .keyMissing,
                    "`remoteSocketPort` needs `to:`, the receive port (made by `socketPort:`) to connect to",
                    at: s.at)
                return []
            }
            guard let remote = c.socketPortArgument(node, scope: s.scope), let into = c.socketPortPlace(s) else {
                return []
            }
            return [.perform(MakeSocketPortStep.make(block: nil, remote: remote, into: into))]
        },
        StepVerb("schedulePort", keys: ["in", "mode"]) { c, s in
            guard let port = c.socketPortArgument(s.arg, scope: s.scope),
                let rl = c.runLoopArgument(s.map["in"], scope: s.scope)
            else { return [] }
            let mode = c.modeName(s.map["mode"]) ?? RunLoopModeName.default
            return [.perform(ScheduleSocketPortStep.make(port: port, runLoop: rl, mode: mode, removes: false))]
        },
        StepVerb("unschedulePort", keys: ["from", "mode"]) { c, s in
            guard let port = c.socketPortArgument(s.arg, scope: s.scope),
                let rl = c.runLoopArgument(s.map["from"], scope: s.scope)
            else { return [] }
            let mode = c.modeName(s.map["mode"]) ?? RunLoopModeName.default
            return [.perform(ScheduleSocketPortStep.make(port: port, runLoop: rl, mode: mode, removes: true))]
        },
        StepVerb("invalidatePort") { c, s in
            c.socketPortArgument(s.arg, scope: s.scope, allowsNil: true).map {
                [.perform(InvalidatePortStep.make(port: $0))]
            } ?? []
        },
    ]

    /// The place a `socketPort:` or `remoteSocketPort:` step binds its port to: `~` for none (released at once).
    fileprivate func socketPortPlace(_ s: StepSite) -> LValue?? {
        if s.arg.isNull { return .some(nil) }
        guard let (lv, type) = lvalue(s.arg, scope: s.scope, declare: .port) else { return nil }
        if type != .port && type != .anyObject {
            bag.error(.exprType, "`\(s.verb)` makes a SocketPort, which \(type) cannot hold", at: s.arg.location)
            return nil
        }
        return .some(lv)
    }

    /// An expression naming a port (a `SocketPort` at run time).
    fileprivate func socketPortArgument(_ node: LocatedNode, scope: Scope, allowsNil: Bool = false) -> Expr? {
        guard let (e, t) = expression(node, scope: scope) else { return nil }
        if t != .port && t != .anyObject && !(allowsNil && t == .null) {
            bag.error(
                .exprType, "expected a SocketPort (made by `socketPort:` or `remoteSocketPort:`), got \(t)",
                at: node.location)
            return nil
        }
        return e
    }
}
