import LoopSimKernel
import LoopSimStats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ScenarioCompiler {
    /// A block literal from `captures:` and `do:`; captures are evaluated in `scope` when the block is created.
    /// `parameters` are the block's own first locals, bound to the arguments of each call (an observer block's
    /// notification).
    func blockLiteral(
        captures: LocatedNode?, body: LocatedNode?, at location: SourceLocation, scope: Scope,
        parameters: [(name: String, type: TypeRef)] = [], isAsync: Bool = false, returnType: TypeRef? = nil
    ) -> Expr? {
        guard let body else {
            bag.error(.keyMissing, "a block needs a do: list of steps", at: location)
            return nil
        }
        var specs: [BlockTemplate.Capture] = []
        var types: [(name: String, type: TypeRef)] = []
        var byref: [Bool] = []
        if let captures {
            let items = captures.sequence?.items ?? (captures.isNull ? [] : [captures])
            for item in items {
                guard let scalar = item.scalar, let (spec, type) = capture(scalar, scope: scope) else {
                    if item.scalar == nil {
                        bag.error(
                            .typeMismatch, "a capture is written `strong self`, `weak self` or `self.button as button`",
                            at: item.location)
                    }
                    continue
                }
                specs.append(spec)
                types.append((spec.name, type))
                byref.append(spec.isByref)
            }
        }
        if specs.count > Self.maxNames, let captures {
            bag.error(
                .namesTooMany,
                "this block captures \(specs.count) values; a block captures at most "
                    + "\(Self.maxNames) (each copy of it holds them all)", at: captures.location)
        }
        let blockScope = Scope(captures: types, captureIsByref: byref, isBlock: true, locals: parameters)
        blockScope.isAsync = isAsync
        blockScope.canReturn = true
        blockScope.returnType = returnType  // a task's closure that returns its value (`task:` with `returns:`)
        var compiled = compileBody(body, scope: blockScope)
        compiled.parameterCount = parameters.count
        program.blocks.append(BlockTemplate(captures: specs, body: compiled))
        return .block(templateIndex: program.blocks.count - 1)
    }

    /// `[strong|weak|unretained] EXPR [as NAME]`, or `__block NAME` for a `__block` variable.
    private func capture(_ scalar: LocatedNode.Scalar, scope: Scope) -> (BlockTemplate.Capture, TypeRef)? {
        if scalar.text.hasPrefix(Self.byrefKeyword + " ") { return byrefCapture(scalar, scope: scope) }
        var text = scalar.text
        var offset = 0
        var strength = Strength.strong
        for (word, s) in [
            ("strong ", Strength.strong), ("weak ", .weak), ("unretained ", .unretained), ("unowned ", .unowned),
        ]
        where text.hasPrefix(word) {
            strength = s
            text.removeFirst(word.count)
            offset = word.count
        }
        var name: String?
        if let range = text.range(of: " as ") {
            name = String(text[range.upperBound...]).trimmingCharacters
            text = String(text[..<range.lowerBound])
        }
        if case .success(.name(let name, _)) = ExpressionParser.parse(text), let resolved = scope.resolve(name) {
            switch resolved {
            case .byrefLocal, .byrefCapture:
                bag.error(
                    .exprType,
                    "'\(name)' is a __block variable: blocks share it rather than copy it; capture it "
                        + "as `__block \(name)`", at: location(in: scalar, offset: offset))
                return nil
            default: break
            }
        }
        guard let (expr, type) = expression(text: text, in: scalar, offset: offset, scope: scope) else { return nil }
        if strength == .weak && !type.isObject {
            bag.error(.exprType, "only objects can be captured weakly; this is \(type)", at: scalar.location)
        } else if case .array = type, strength != .strong {
            // A block's copy of an array holds its elements strongly, as any copy of the value does (§7.1.1).
            bag.error(
                .exprType, "an array is captured by value, strongly: write `strong \(text)`", at: scalar.location)
        }
        let defaultName: String
        switch ExpressionParser.parse(text) {
        case .success(let parsed): defaultName = parsed.pathNames?.last ?? ""
        case .failure: defaultName = ""
        }
        guard let captureName = name ?? (defaultName.isEmpty ? nil : defaultName) else {
            bag.error(.stepShape, "name this capture with `as NAME`", at: scalar.location)
            return nil
        }
        return (BlockTemplate.Capture(name: captureName, value: expr, strength: strength), type)
    }

    /// `__block NAME`: the block retains the variable's storage and reads and writes the variable through it.
    private func byrefCapture(_ scalar: LocatedNode.Scalar, scope: Scope) -> (BlockTemplate.Capture, TypeRef)? {
        let offset = Self.byrefKeyword.count + 1
        let name = String(scalar.text.dropFirst(offset)).trimmingCharacters
        switch scope.resolve(name) {
        case .byrefLocal(let i, let t):
            return (BlockTemplate.Capture(name: name, value: .path(.local(i), []), strength: .strong, isByref: true), t)
        case .byrefCapture(let i, let t):
            return (
                BlockTemplate.Capture(name: name, value: .path(.capture(i), []), strength: .strong, isByref: true),
                t
            )
        case nil:
            bag.error(
                .nameUndefined,
                "'\(name)' is not defined here; declare it first with "
                    + "`let: __block \(name) = nil`" + suggestion(name, scope.visibleNames),
                at: location(in: scalar, offset: offset))
            return nil
        default:
            bag.error(
                .exprType,
                "'\(name)' is not a __block variable; declare it with "
                    + "`let: __block \(name) = …`, or capture its value with `strong \(name)`",
                at: location(in: scalar, offset: offset))
            return nil
        }
    }

    /// `work: 5ms`, or a distribution: `work: {uniform: [1ms, 3ms]}`, `{exponential: 2ms}`,
    /// `{lognormal: {median: 2ms, sigma: 0.5}}`, `{gamma: {shape: 2, scale: 1ms}}`, `{normal: {mean: 2ms, sd: 1ms}}`.
    /// With a `scope`, a scalar may also be an expression of type duration (``durationArgument(_:what:scope:allowNegative:)``).
    func randomDuration(_ node: LocatedNode, what: String, stream: UInt64, scope: Scope? = nil) -> DurationSpec? {
        if node.scalar != nil { return durationArgument(node, what: what, scope: scope)?.spec }
        guard let distribution = distribution(node, what: what) else { return nil }
        samplers.append((distribution, stream))
        return .sampled(samplers.count - 1)
    }

    /// A distribution of durations (in nanoseconds): a fixed duration or one of the named families.
    func distribution(_ node: LocatedNode, what: String) -> Distribution? {
        if node.scalar != nil { return duration(node, what: what).map { .fixed(Double($0.nanoseconds)) } }
        guard let map = node.mapping, map.entries.count == 1, let entry = map.entries.first else {
            bag.error(
                .typeMismatch, "\(what): takes a duration (\"5ms\") or one distribution such as {uniform: [1ms, 3ms]}",
                at: node.location)
            return nil
        }
        let ns = { (n: LocatedNode, what: String) -> Double? in
            self.duration(n, what: what).map { Double($0.nanoseconds) }
        }
        var distribution: Distribution?
        switch entry.key.text {
        case "uniform":
            if let items = entry.value.sequence?.items, items.count == 2, let lo = ns(items[0], "lower"),
                let hi = ns(items[1], "upper")
            {
                distribution = .uniform(lower: lo, upper: hi)
            } else {
                bag.error(
                    .distributionInvalid, "uniform takes [lower, upper], e.g. [1ms, 3ms]", at: entry.value.location)
            }
        case "exponential":
            if let mean = ns(entry.value, "exponential mean") { distribution = .exponential(mean: mean) }
        case "lognormal":
            if let m = entry.value.mapping, let median = m["median"].flatMap({ ns($0, "median") }),
                let sigma = m["sigma"]?.scalar.flatMap({ Double($0.text) })
            {
                distribution = .lognormal(mu: log(median), sigma: sigma)
            } else {
                bag.error(
                    .distributionInvalid, "lognormal takes {median: DURATION, sigma: NUMBER}", at: entry.value.location)
            }
        case "gamma":
            if let m = entry.value.mapping, let shape = m["shape"]?.scalar.flatMap({ Double($0.text) }),
                let scale = m["scale"].flatMap({ ns($0, "scale") })
            {
                distribution = .gamma(shape: shape, scale: scale)
            } else {
                bag.error(
                    .distributionInvalid, "gamma takes {shape: NUMBER, scale: DURATION}", at: entry.value.location)
            }
        case "normal":
            if let m = entry.value.mapping, let mean = m["mean"].flatMap({ ns($0, "mean") }),
                let sd = m["sd"].flatMap({ ns($0, "sd") })
            {
                distribution = .normal(mean: mean, sd: sd)
            } else {
                bag.error(.distributionInvalid, "normal takes {mean: DURATION, sd: DURATION}", at: entry.value.location)
            }
        default:
            bag.error(
                .distributionInvalid,
                "unknown distribution '\(entry.key.text)'"
                    + suggestion(entry.key.text, ["uniform", "exponential", "lognormal", "gamma", "normal"]),
                at: entry.key.location)
        }
        guard let distribution else { return nil }
        if let message = distribution.validationMessage {
            bag.error(.distributionInvalid, message, at: entry.value.location)
            return nil
        }
        return distribution
    }

    /// The keys of the `gestures:` mapping.
    static let gestureKeys = ["every", "drag", "decelerate", "from", "to"]

    /// `gestures:` — random scrolls: `every:` (gap between scrolls; exponential gaps make Poisson arrivals),
    /// `drag:`, `decelerate:`, and optionally `from:`/`to:` (default the whole run).
    func gestureSpec(_ node: LocatedNode, until: SimInstant) -> GestureSpec? {
        guard let map = node.mapping else {
            bag.error(.typeMismatch, "gestures: is a mapping with every:, drag: and decelerate:", at: node.location)
            return nil
        }
        checkKeys(map, allowed: Self.gestureKeys, required: ["every", "drag"], context: "gestures", into: &bag)
        guard let gap = map["every"].flatMap({ distribution($0, what: "every") }),
            let drag = map["drag"].flatMap({ distribution($0, what: "drag") })
        else { return nil }
        let decelerate = map["decelerate"].flatMap { distribution($0, what: "decelerate") } ?? .fixed(0)
        let from = map["from"].flatMap { duration($0, what: "from") }.map { SimInstant.zero + $0 } ?? .zero
        let to = map["to"].flatMap { duration($0, what: "to") }.map { SimInstant.zero + $0 } ?? until
        return GestureSpec(from: from, to: to, gap: gap, drag: drag, decelerate: decelerate)
    }
}

extension ScenarioCompiler {
    /// The name a step's `key:` gives its block's parameter (`notification: note`, `activity: act`): a plain name,
    /// not `self`, not one of the block's captures, and one `isAllowed` accepts (an activity's name must not hide a
    /// CF constant). `.some(nil)` without the key, nil after an error.
    func blockParameter(
        _ s: StepSite, key: String, example: String,
        isAllowed: (String) -> Bool = { _ in true }
    ) -> String?? {
        blockParameter(in: s.map, key: key, example: example, isAllowed: isAllowed)
    }

    /// ``blockParameter(_:key:example:isAllowed:)`` in any mapping that holds a block's `captures:` (a timer's
    /// `block: {timer: t, captures: …, do: …}`).
    func blockParameter(
        in map: LocatedNode.Mapping, key: String, example: String, isAllowed: (String) -> Bool = { _ in true }
    ) -> String?? {
        guard let node = map[key] else { return .some(nil) }
        guard let scalar = node.scalar, scalar.isPlain,
            case .success(.name(let name, _)) = ExpressionParser.parse(scalar.text), name != "self",
            isAllowed(name)
        else {
            bag.error(
                .typeMismatch, "\(key): names the block's parameter, e.g. `\(key): \(example)`",
                at: node.location)
            return nil
        }
        let captures = map["captures"]?.sequence?.items.compactMap { $0.scalar?.text } ?? []
        if captures.contains(where: { $0 == name || $0.hasSuffix(" " + name) || $0.hasSuffix("." + name) }) {
            bag.error(
                .typeMismatch,
                "the block's parameter `\(name)` has the name of one of its captures; "
                    + "name one of them otherwise", at: node.location)
            return nil
        }
        return .some(name)
    }
}
