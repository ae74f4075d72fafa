import LoopSimScenario
import SwiftSyntax

/// `let` and `var` declarations in a body: locals of the scenario language, and the values Swift makes into them
/// (returned and awaited values, objects, closures, queues).
extension SwiftLowering {
    /// `let x = …` / `var x = …` in a body: `let: x = …` (`let: __block x = …` when a closure captures the var).
    mutating func lowerLocal(_ decl: VariableDeclSyntax, in scope: inout Scope) -> [LocatedNode] {
        if let steps = asyncLetSteps(decl, in: &scope) { return steps }  // SwiftLowering+AsyncLet.swift
        if inertViewLocal(decl, in: &scope) { return [] }  // `let bar = UISearchBar()` (+ViewDelegates.swift)
        if let steps = globalDeclaration(decl, in: &scope) { return steps }  // SwiftLowering+Globals.swift
        if let steps = activityMaskLocal(decl) { return steps }  // `let activities = A | B` (+ActivityMasks.swift)
        if let modifier = decl.modifiers.first, modifier.name.text == "async" {
            unsupported("`async let`", insteadOfAsyncLet(), at: modifier)
            return []
        }
        if let modifier = decl.modifiers.first(where: { !isTopLevelAccessModifier($0, in: scope) }),
            !loweringGlobalDeclaration || modifier.name.text != "weak"
        {
            if scope.kind == .main {
                unsupported(
                    "a `\(modifier.name.text)` top-level variable",
                    "keep a strong top-level variable (set it to nil where the app lets the object go), or hold the "
                        + "object in a `\(modifier.name.text)` property of one of the file's classes", at: modifier)
                return []
            }
            unsupported(
                "a `\(modifier.name.text)` local", "keep a strong local, or a weak field of a class", at: modifier)
            return []
        }
        if scope.kind != .main, isFoldedConstant(decl) { return [] }  // folded at its uses (+Constants.swift)
        let isVar = decl.bindingSpecifier.text == "var"
        var steps: [LocatedNode] = []
        for binding in decl.bindings {
            if let made = asyncLetAwaitSteps(binding, isVar: isVar, in: &scope) {
                steps += made  // `let (a, b) = await (x, y)` of `async let`s (SwiftLowering+AsyncLet.swift)
                continue
            }
            if let made = streamBinding(binding, in: &scope) {
                steps += made  // `let (stream, continuation) = AsyncStream.makeStream(…)` (SwiftLowering+Streams)
                continue
            }
            if let pattern = binding.pattern.as(TuplePatternSyntax.self) {
                // `let (count, limit) = self.window`: one local per element (SwiftLowering+Tuples.swift).
                steps += tupleDestructuring(pattern, binding, isVar: isVar, in: &scope)
                continue
            }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                unsupported("this pattern", "declare one name: `let x = …`", at: binding.pattern)
                continue
            }
            if binding.typeAnnotation == nil, let value = binding.initializer?.value,
                memberOfAnObjectIsPlain(value, in: scope) || memberOfAReachedObjectIsPlain(value, in: scope)
                    || isPlainStructRead(value, in: scope) || isOperationCountRead(value, in: scope)
            {
                plainBindings.insert(binding.id)  // `let n = counter.count`, printed as its value (+Interpolation)
            }
            if let made = structArrayLocal(binding, name: name, isVar: isVar, in: &scope) {
                steps += made  // an array of structs: one local array per stored property (+StructArrays.swift)
                continue
            }
            if let made = continuationStructLocal(binding, name: name, isVar: isVar, in: &scope) {
                steps += made  // a struct resumed through a continuation (+ContinuationStructs.swift)
                continue
            }
            if let made = optionalStructLocal(binding, name: name, isVar: isVar, in: &scope) {
                steps += made  // an optional struct: its properties and a flag (+OptionalStructs.swift)
                continue
            }
            if let made = structLocal(binding, name: name, isVar: isVar, in: &scope) {
                steps += made  // a struct: one local per stored property (SwiftLowering+Structs.swift)
                continue
            }
            if let made = resultLocal(binding, name: name, isVar: isVar, in: &scope) {
                steps += made  // a `Result`: a local per part (SwiftLowering+ResultValues.swift)
                continue
            }
            let isBlock = isVar && scope.capturedVars.contains(name)
            let declared = isBlock ? "__block \(name)" : name
            let annotated = binding.typeAnnotation.map { typeNamed($0.type) }
            guard let value = binding.initializer?.value else {
                // `var result: String?` a closure sets: a `__block` of its type, so that it may be returned as one.
                let typed =
                    isBlock && [.int, .bool, .string, .duration].contains(annotated?.unwrapped)
                    ? annotated?.fieldTypeName.map { ": \($0)" } ?? "" : ""
                steps.append(.step("let", "\(declared)\(typed) = nil", at: location(binding)))
                scope.locals[name] = Local(type: annotated ?? .unknown, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let made = taskValueSteps(value, place: name, type: annotated, in: scope) {
                // `let n: Int = await task.value` (SwiftLowering+Continuations.swift)
                if isBlock { steps.append(.step("let", "\(declared) = nil", at: location(binding))) }
                steps += made
                scope.locals[name] = Local(type: annotated ?? .unknown, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let made = continuationSteps(value, place: name, type: annotated, in: scope) {
                // `let v = await withCheckedContinuation { … }` (SwiftLowering+Continuations.swift)
                if isBlock { steps.append(.step("let", "\(declared) = nil", at: location(binding))) }
                steps += made
                let type = annotated ?? continuationCall(value).flatMap { continuationValueType($0.call) }
                scope.locals[name] = Local(type: type ?? .unknown, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let made = awaitedValue(value, place: name, in: scope) {
                // `let n = await counter.increment()`: `await:` with `result:` (SwiftLowering+Concurrency.swift)
                if isBlock { steps.append(.step("let", "\(declared) = nil", at: location(binding))) }
                steps += made
                scope.locals[name] = Local(
                    type: annotated ?? awaitedType(value, in: scope), isVar: isVar, isBlock: isBlock)
                continue
            }
            if let call = value.as(FunctionCallExprSyntax.self),
                let made = returningCallSteps(call, place: name, in: scope)
            {
                // `let ok = loader.loadSync()`: the call's value goes straight into the local (SwiftLowering+Returns).
                if isBlock { steps.append(.step("let", "\(declared) = nil", at: location(binding))) }
                steps += made.steps
                scope.locals[name] = Local(type: annotated ?? made.type, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let call = value.as(FunctionCallExprSyntax.self),
                let made = initializedLocal(call, name: name, declared: declared, in: scope)
            {
                steps += made.steps
                scope.locals[name] = Local(type: annotated ?? made.type, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let call = value.as(FunctionCallExprSyntax.self), isTaskCreation(call) {
                if isBlock { steps.append(.step("let", "\(declared) = nil", at: location(binding))) }
                steps += creationStep(call, place: name, in: scope)?.steps ?? []
                scope.locals[name] = Local(type: .task, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let call = value.as(FunctionCallExprSyntax.self),
                let made = frameworkCreation(call, place: declared, in: &scope)
            {
                steps += made.steps
                scope.locals[name] = Local(type: made.type, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let call = value.as(FunctionCallExprSyntax.self), isTimerCreation(call) {
                if isBlock {
                    // The closure of the creating call may capture the variable it is stored into.
                    steps.append(.step("let", "\(declared) = nil", at: location(binding)))
                    scope.locals[name] = Local(type: .timer, isVar: isVar, isBlock: true)
                }
                steps += creationStep(call, place: name, in: scope)?.steps ?? []
                scope.locals[name] = Local(type: .timer, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let call = value.as(FunctionCallExprSyntax.self), let made = apiCreation(call, place: name, in: scope) {
                steps += made.steps
                scope.locals[name] = Local(type: made.type, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let type = annotated ?? emptyArrayConstruction(value) ?? emptyDictionaryConstruction(value)
                ?? emptySetConstruction(value),
                let collection = type.collectionName, isEmptyCollection(value)
            {
                // `var log: [String] = []`, `var counts: [String: Int] = [:]`: a local of its declared type
                // (SwiftLowering+Arrays.swift, SwiftLowering+Dictionaries.swift).
                guard let typeName = collectionTypeName(type, at: binding) else { continue }
                if isBlock {
                    unsupported(
                        "\(collection) `var` a closure captures",
                        "keep the \(collection.split(separator: " ").last!) in a property of the class, which the "
                            + "closure reaches through `self`", at: binding)
                    continue
                }
                let empty = if case .dictionary = type { "[:]" } else { "[]" }
                steps.append(.step("let", "\(declared): \(typeName) = \(empty)", at: location(binding)))
                scope.locals[name] = Local(type: type, isVar: isVar, isBlock: isBlock)
                continue
            }
            if let call = value.as(FunctionCallExprSyntax.self),
                let made = removedElementLocal(call, declared: declared, in: &scope)
            {
                steps += made.steps  // `let t = timers.removeFirst()` (SwiftLowering+Arrays.swift)
                scope.locals[name] = Local(type: annotated ?? made.type, isVar: isVar, isBlock: isBlock)
                scope.locals[name]?.isPlainElement = made.isPlainElement
                continue
            }
            if !isBlock, let made = closureValueLocal(value, name: name, annotated: annotated, in: &scope) {
                steps += made  // `let work = { … }` (SwiftLowering+ClosureValues.swift)
                continue
            }
            if let made = minMaxStore(value, place: declared, verb: "let", at: location(binding), in: scope) {
                steps += made.steps  // `let next = min(delay * 2, maxDelay)` (SwiftLowering+Durations.swift)
                scope.locals[name] = Local(type: annotated ?? made.type, isVar: isVar, isBlock: isBlock)
                continue
            }
            guard var lowered = expression(value, in: scope) else { continue }
            if annotated == .duration && lowered.type == .int {
                // `var delay: TimeInterval = 1`: a `Double` literal; an `Int` variable Swift would not convert
                guard Self.isLiteralArithmetic(lowered.text) else {
                    refuseMixedNumbers(value)
                    continue
                }
                lowered = ("(\(lowered.text)) * 1s", .duration)
            } else if annotated == .int && lowered.type == .duration {
                refuseMixedNumbers(value)
                continue
            }
            steps.append(.step("let", "\(declared) = \(lowered.text)", at: location(binding)))
            scope.locals[name] = Local(type: annotated ?? lowered.type, isVar: isVar, isBlock: isBlock)
            scope.locals[name]?.isCurrentRunLoop = !isVar && !isBlock && lowered.text == "current runloop"
        }
        return steps
    }
}
