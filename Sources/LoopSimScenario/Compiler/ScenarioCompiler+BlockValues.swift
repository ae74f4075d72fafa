import LoopSimKernel

extension ScenarioCompiler {
    /// Blocks kept as values (docs/scenario-format.md §7.1): `block: PLACE` makes a block literal and stores it, as
    /// `self.onTick = ^{ … };` or Swift's `self.onTick = { … }` do, and `callBlock: EXPR` calls a block value on the
    /// calling thread, as `self.onTick()` does. A block retains what it captures strongly, so a block stored in a
    /// field of an object it captures strongly is a cycle (Clang's Block ABI, "Blocks as Objects"; The Swift
    /// Programming Language, "Strong Reference Cycles for Closures").
    static let blockValueVerbs: [StepVerb] = [
        StepVerb("block", keys: ["captures", "do"]) { c, s in
            guard let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope),
                let (into, type) = c.lvalue(s.arg, scope: s.scope, declare: .block)
            else { return [] }
            if type != .block && type != .anyObject {
                c.bag.error(
                    .exprType, "block: stores a block, into a place of type block or id, not \(type)",
                    at: s.arg.location)
                return []
            }
            // The literal's +1 passes to the place (a strong field or local), as `objc_retainBlock` + store does.
            return [.assign(into, block)]
        },
        StepVerb("callBlock") { c, s in
            guard let (value, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            if type != .block && type != .anyObject {
                c.bag.error(.exprType, "callBlock: calls a block value, not \(type)", at: s.arg.location)
                return []
            }
            // The block is retained for the call (the kernel's `calling` edge); calling nil crashes, as calling a
            // NULL block pointer does (EXC_BAD_ACCESS): test it first (`if: self.onTick != nil`).
            return [.callBlock(value)]
        },
    ]
}
