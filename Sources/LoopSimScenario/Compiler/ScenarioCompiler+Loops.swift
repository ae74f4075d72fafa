import LoopSimKernel

/// The loops of the scenario language: `while:`, `for:`, `break` and `continue` (docs/scenario-format.md §7.1).
extension ScenarioCompiler {
    /// The loop statements' verbs, listed in ``languageVerbs``.
    static let loopVerbs: [StepVerb] = [
        StepVerb("while", keys: ["do"]) { c, s in c.whileLoop(s) },
        StepVerb("for", keys: ["do"]) { c, s in c.forLoop(s) },
        StepVerb("break") { c, s in c.loopControl(.breakLoop, s) },
        StepVerb("continue") { c, s in c.loopControl(.continueLoop, s) },
    ]

    /// `while: CONDITION` with `do:`.
    private func whileLoop(_ s: StepSite) -> [Step] {
        guard let (condition, _) = expression(s.arg, scope: s.scope) else { return [] }
        let mark = s.scope.openLoop()
        guard let body = loopBody(s, mark: mark) else { return [] }
        return [
            .loop(
                Loop(
                    header: .whileCondition(condition), body: body.steps, bodyLocals: body.locals,
                    site: Self.site(s.at)))
        ]
    }

    /// `for: NAME in FROM..<TO` (or `FROM...TO`) with `do:`: Swift's `for NAME in range`, over integers.
    private func forLoop(_ s: StepSite) -> [Step] {
        let example = "write `for: i in 0..<n` (or `0...n`, the last value included) with a `do:` list"
        guard let scalar = s.arg.scalar, !scalar.isNull else {
            bag.error(.loopHeader, example, at: s.arg.location)
            return []
        }
        let text = scalar.text
        if let hint = Self.foreignForHint(text) {
            bag.error(.stepForeign, hint, at: s.arg.location)
            return []
        }
        guard let inRange = text.range(of: " in ") else {
            bag.error(.loopHeader, "a `for:` header names its counter and a range: " + example, at: s.arg.location)
            return []
        }
        let name = String(text[..<inRange.lowerBound]).trimmingCharacters
        guard !name.isEmpty, name.first?.isNumber == false,
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name != "self"
        else {
            bag.error(.loopHeader, "the counter of a `for:` loop is a plain name: " + example, at: s.arg.location)
            return []
        }
        let rangeText = text[inRange.upperBound...]
        let isClosed: Bool
        let dots: Range<String.Index>
        if let r = rangeText.range(of: "..<") {
            (isClosed, dots) = (false, r)
        } else if let r = rangeText.range(of: "...") {
            (isClosed, dots) = (true, r)
        } else if let array = arrayLoop(s, scalar: scalar, element: name, inRange: inRange) {
            return array
        } else {
            bag.error(
                .loopHeader, "a `for:` loop runs over a range of integers or an array: " + example,
                at: location(in: scalar, offset: text.distance(from: text.startIndex, to: inRange.upperBound)))
            return []
        }
        let fromOffset = text.distance(from: text.startIndex, to: inRange.upperBound)
        let toOffset = text.distance(from: text.startIndex, to: dots.upperBound)
        guard
            let (from, fromType) = expression(
                text: String(text[inRange.upperBound..<dots.lowerBound]), in: scalar,
                offset: fromOffset, scope: s.scope),
            let (to, toType) = expression(
                text: String(text[dots.upperBound...]), in: scalar, offset: toOffset,
                scope: s.scope)
        else { return [] }
        for (type, offset) in [(fromType, fromOffset), (toType, toOffset)] where type != .int {
            bag.error(
                .exprType, "the bounds of a range are integers, not \(type)",
                at: location(in: scalar, offset: offset))
            return []
        }
        // The bounds are read before the counter exists, as Swift evaluates the range before the loop.
        let mark = s.scope.openLoop(counter: name)
        guard let body = loopBody(s, mark: mark) else { return [] }
        return [
            .loop(
                Loop(
                    header: .range(counter: mark.start - 1, from: from, to: to, isClosed: isClosed),
                    body: body.steps, bodyLocals: body.locals, site: Self.site(s.at)))
        ]
    }

    /// `for: NAME in ARRAY` with `do:`: Swift's `for x in array`, or `array.forEach { x in … }`. The loop runs over
    /// a copy of the array taken when it is reached, as Swift iterates a copy of the value (its `IndexingIterator`
    /// holds the array): appending or removing in the body changes the place, not the turns. The copy is a local
    /// named by the array's text (its elements' edges read `self.timers[2]` in retain paths), released after the
    /// loop; NAME is a local of each turn bound to the element. Nil when the text after `in` is not an array
    /// expression (no error reported: the caller reports the header).
    private func arrayLoop(
        _ s: StepSite, scalar: LocatedNode.Scalar, element name: String, inRange: Range<String.Index>
    ) -> [Step]? {
        let text = scalar.text
        let arrayText = String(text[inRange.upperBound...]).trimmingCharacters
        guard case .success(let parsed) = ExpressionParser.parse(arrayText),
            let (_, arrayType) = quietType(parsed, scope: s.scope), case .array(let elementType) = arrayType
        else { return nil }
        let offset = text.distance(from: text.startIndex, to: inRange.upperBound)
        guard let (array, _) = expression(text: arrayText, in: scalar, offset: offset, scope: s.scope) else {
            return []
        }
        var copyName = arrayText
        while s.scope.resolve(copyName) != nil { copyName += "'" }
        let copy = s.scope.declare(copyName, arrayType)
        let mark = s.scope.openLoop(counter: "\(copyName) index")
        let elementLocal = s.scope.declare(name, elementType == .null ? .anyObject : elementType)
        guard let body = loopBody(s, mark: mark) else { return [] }
        let count = Expr.arrayProperty(.path(.local(copy), []), .count)
        let counter = mark.start - 1
        return [
            .bind(local: copy, array),
            .loop(
                Loop(
                    header: .range(counter: counter, from: .literal(.int(0)), to: count, isClosed: false),
                    body: [
                        .bind(
                            local: elementLocal,
                            .arrayElement(.path(.local(copy), []), index: .path(.local(counter), [])))
                    ]
                        + body.steps, bodyLocals: body.locals, site: Self.site(s.at))),
            .assign(.local(copy), .literal(.null)),
        ]
    }

    /// A loop's `do:` list, compiled in the loop's scope (closed here).
    private func loopBody(_ s: StepSite, mark: Scope.LoopMark) -> (steps: [Step], locals: [Int])? {
        s.scope.loopDepth += 1
        let steps = s.map["do"].map { compileSteps($0, scope: s.scope) }
        s.scope.loopDepth -= 1
        let locals = s.scope.closeLoop(mark)
        guard let steps else {
            bag.error(.keyMissing, "`\(s.verb)` needs a do: list, the steps of each turn", at: s.at)
            return nil
        }
        return (steps, locals)
    }

    /// `break` / `continue`, bare or as a key without a value.
    func loopControl(_ control: LoopControl, _ s: StepSite) -> [Step] {
        guard s.arg.isNull else {
            bag.error(
                .loopControl, "`\(control.rawValue)` takes no argument: write `- \(control.rawValue)`",
                at: s.arg.location)
            return []
        }
        return loopControl(control, scope: s.scope, at: s.at)
    }

    /// `break` / `continue` at `at`, checked to be inside a loop of this body.
    func loopControl(_ control: LoopControl, scope: Scope, at: SourceLocation) -> [Step] {
        guard scope.loopDepth > 0 else {
            bag.error(
                .loopControl,
                "`\(control.rawValue)` is only allowed inside the `do:` of a `while:` or `for:` "
                    + (scope.isBlock ? "of this block (a block is a body of its own)" : "loop"), at: at)
            return []
        }
        return [.loopControl(control)]
    }

    /// Where a loop is written, as a limit's message names it: `loops.yaml:12` (the file's own name, so that the
    /// trace does not depend on the directory it was run from).
    static func site(_ at: SourceLocation) -> String {
        "\(at.file.split(separator: "/").last.map(String.init) ?? at.file):\(at.line)"
    }
}
