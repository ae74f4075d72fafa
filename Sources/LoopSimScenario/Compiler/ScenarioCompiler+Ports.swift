import LoopSimKernel

extension ScenarioCompiler {
    /// The port verbs (docs/scenario-format.md §7.11): `NSPort`/`NSMachPort` port-based sources (version 1),
    /// messages sent to them, and streams scheduled in a run-loop mode.
    static let portVerbs: [StepVerb] = [
        StepVerb("port", keys: ["captures", "do"]) { c, s in
            var block: Expr?
            if s.map["do"] != nil || s.map["captures"] != nil {
                guard let b = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
                else { return [] }
                block = b
            }
            guard let into = c.portPlace(s) else { return [] }
            return [.perform(MakePortStep.make(block: block, into: into))]
        },
        StepVerb("addPort", keys: ["to", "mode"]) { c, s in
            guard let port = c.portArgument(s.arg, scope: s.scope),
                let rl = c.runLoopArgument(s.map["to"], scope: s.scope)
            else { return [] }
            return [
                .perform(
                    AddPortStep.make(
                        port: port, runLoop: rl, mode: c.modeName(s.map["mode"]) ?? RunLoopModeName.default,
                        removes: false))
            ]
        },
        StepVerb("removePort", keys: ["from", "mode"]) { c, s in
            guard let port = c.portArgument(s.arg, scope: s.scope),
                let rl = c.runLoopArgument(s.map["from"], scope: s.scope)
            else { return [] }
            return [
                .perform(
                    AddPortStep.make(
                        port: port, runLoop: rl, mode: c.modeName(s.map["mode"]) ?? RunLoopModeName.default,
                        removes: true))
            ]
        },
        StepVerb("sendPortMessage", keys: ["after", "data"]) { c, s in
            guard let port = c.portArgument(s.arg, scope: s.scope) else { return [] }
            var after: SimDuration?
            if let node = s.map["after"] {
                guard let d = c.duration(node, what: "after") else { return [] }
                after = d
            }
            // A SocketPort message's data component (section 7.5.2).
            var data: String?
            if let node = s.map["data"] {
                guard let text = c.string(node, what: "data") else { return [] }
                data = text
            }
            return [.perform(SendPortMessageStep.make(port: port, after: after, data: data))]
        },
        StepVerb("stream", keys: ["runLoop", "mode", "deliveries", "captures", "do"]) { c, s in
            guard let rl = c.runLoopArgument(s.map["runLoop"], scope: s.scope),
                let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope),
                let into = c.portPlace(s)
            else { return [] }
            var deliveries: [SimDuration] = []
            if let node = s.map["deliveries"] {
                for item in node.sequence?.items ?? [node] {
                    guard let d = c.duration(item, what: "a delivery") else { return [] }
                    deliveries.append(d)
                }
            }
            return [
                .perform(
                    StreamStep.make(
                        runLoop: rl, mode: c.modeName(s.map["mode"]) ?? RunLoopModeName.default,
                        deliveries: deliveries, block: block, into: into))
            ]
        },
        StepVerb("connection", keys: ["runLoop", "mode", "deliveries", "captures", "do", "didFinish"]) { c, s in
            guard let rl = c.runLoopArgument(s.map["runLoop"], scope: s.scope),
                let onData = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope),
                let into = c.portPlace(s)
            else { return [] }
            var onFinish: Expr?
            if let node = s.map["didFinish"] {
                guard let b = c.blockLiteral(captures: s.map["captures"], body: node, at: node.location, scope: s.scope)
                else { return [] }
                onFinish = b
            }
            var deliveries: [SimDuration] = []
            if let node = s.map["deliveries"] {
                for item in node.sequence?.items ?? [node] {
                    guard let d = c.duration(item, what: "a delivery") else { return [] }
                    deliveries.append(d)
                }
            }
            return [
                .perform(
                    ConnectionStep.make(
                        runLoop: rl,
                        mode: c.modeName(s.map["mode"]) ?? RunLoopModeName.default,
                        deliveries: deliveries, onData: onData, onFinish: onFinish,
                        into: into))
            ]
        },
        StepVerb("cancelConnection") { c, s in
            // `[connection cancel]`: a message, so nil does nothing.
            c.portArgument(
                s.arg, scope: s.scope, what: "a connection (NSURLConnection, made by `connection:`)",
                allowsNil: true
            ).map { [.perform(CancelConnectionStep.make(connection: $0))] } ?? []
        },
    ]

    /// The place a `port:` or `stream:` step binds what it makes to: `~` for none (the step's +1 is released).
    fileprivate func portPlace(_ s: StepSite) -> LValue?? {
        if s.arg.isNull { return .some(nil) }
        guard let (lv, type) = lvalue(s.arg, scope: s.scope, declare: .port) else { return nil }
        if type != .port && type != .anyObject {
            bag.error(.exprType, "`\(s.verb)` makes an NSPort, which \(type) cannot hold", at: s.arg.location)
            return nil
        }
        return .some(lv)
    }

    /// An expression naming a port (or a stream).
    fileprivate func portArgument(
        _ node: LocatedNode, scope: Scope,
        what: String = "a port (NSPort, made by `port:` or `stream:`)",
        allowsNil: Bool = false
    ) -> Expr? {
        guard let (e, t) = expression(node, scope: scope) else { return nil }
        if t != .port && t != .anyObject && !(allowsNil && t == .null) {
            bag.error(.exprType, "expected \(what), got \(t)", at: node.location)
            return nil
        }
        return e
    }
}
