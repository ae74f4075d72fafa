import LoopSimKernel

extension ScenarioCompiler {
    /// Blocks kept as values (docs/scenario-format.md §7.1): `block: PLACE` makes a block literal and stores it, as
    /// `self.onTick = ^{ … };` or Swift's `self.onTick = { … }` do, and `callBlock: EXPR` calls a block value on the
    /// calling thread, as `self.onTick()` does. A block retains what it captures strongly, so a block stored in a
    /// field of an object it captures strongly is a cycle (Clang's Block ABI, "Blocks as Objects"; The Swift
    /// Programming Language, "Strong Reference Cycles for Closures").
    static let blockValueVerbs: [StepVerb] = [
        StepVerb("block", keys: ["params", "returns", "captures", "do"]) { c, s in
            // `params:` as a method's (`[ok: bool, count: int]`): the block's first locals, bound to the arguments
            // of each `callBlock:` (Swift's `{ (ok: Bool) in … }` kept in a `((Bool) -> Void)?`).
            let parameters = c.blockParameters(s)
            // `returns:` the value type of a block that returns one (Swift's `() -> Int`): its body ends in `return:`.
            guard let parameters,
                let returnType = c.valueTypeKey(
                    s.map["returns"], "returns: is the block's value type: int, bool, string or a class"),
                let block = c.blockLiteral(
                    captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope, parameters: parameters,
                    returnType: returnType),
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
        StepVerb("callBlock", keys: ["with", "returns", "result"]) { c, s in
            guard let (value, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            if type != .block && type != .anyObject {
                c.bag.error(.exprType, "callBlock: calls a block value, not \(type)", at: s.arg.location)
                return []
            }
            // `with: EXPR` or `with: [EXPR, …]`: the arguments, bound to the block's `params:` in order. A block
            // value's type does not say its parameters: a call with another number of arguments than the block
            // declares crashes when it runs (calling a block through the wrong signature is undefined behaviour).
            var arguments: [Expr] = []
            if let node = s.map["with"] {
                for item in node.sequence?.items ?? [node] {
                    guard let (e, _) = c.expression(item, scope: s.scope) else { return [] }
                    arguments.append(e)
                }
            }
            // `result: PLACE` takes what the block returns (`block:` with `returns:`); `returns: TYPE` says the
            // type the caller expects, as the call site's block type `int (^)(void)` does, and types a new name.
            guard
                let returnType = c.valueTypeKey(
                    s.map["returns"], "returns: is the block's value type: int, bool, string or a class")
            else { return [] }
            if s.map["result"] != nil, returnType == nil {
                c.bag.error(
                    .returnValue, "callBlock: with result: says the block's value type: add `returns: TYPE`",
                    at: s.map["result"]?.location ?? s.at)
                return []
            }
            guard let result = c.typedPlaceKey(s.map["result"], returnType, scope: s.scope) else { return [] }
            // The block is retained for the call (the kernel's `calling` edge); calling nil crashes, as calling a
            // NULL block pointer does (EXC_BAD_ACCESS): test it first (`if: self.onTick != nil`).
            return [.callBlock(value, arguments: arguments, result: result)]
        },
    ]

    /// A `block:` step's `params:` (`[ok: bool, page: Page, any]`, as a method's): nil after an error. A parameter
    /// may not have the name of one of the block's captures.
    func blockParameters(_ s: StepSite) -> [(name: String, type: TypeRef)]? {
        guard s.map["params"] != nil else { return [] }
        let errors = bag.errorCount
        let parameters = methodParameters(.mapping(s.map))
        guard bag.errorCount == errors else { return nil }
        let captures = s.map["captures"]?.sequence?.items.compactMap { $0.scalar?.text } ?? []
        for p in parameters
        where captures.contains(where: { $0 == p.name || $0.hasSuffix(" " + p.name) || $0.hasSuffix("." + p.name) }) {
            bag.error(
                .typeMismatch,
                "the block's parameter `\(p.name)` has the name of one of its captures; name one of them otherwise",
                at: s.map["params"]?.location ?? s.at)
            return nil
        }
        return parameters
    }
}
