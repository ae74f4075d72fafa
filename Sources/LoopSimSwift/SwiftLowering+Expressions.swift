import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// Lowers a Swift expression to the text of a scenario expression (docs/scenario-format.md §6) and its static
    /// type; nil after reporting why it cannot be.
    mutating func expression(_ e: ExprSyntax, in scope: Scope) -> (text: String, type: LoweredType)? {
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            // `await visits + sales`: `await` covers the whole expression to its right (+AsyncLet.swift).
            if let value = coveredAsyncLetRead(ref, in: scope) { return value }
            return reference(ref, in: scope)
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            if let bound = Self.intBound(e) { return (bound, .int) }  // `Int.max`
            if let text = describedValue(member, in: scope) { return text }
            if let found = dateMember(member, in: scope) { return found }  // SwiftLowering+Dates.swift
            if let count = hoistedOperationCount(member, in: scope) { return count }  // +OperationQueues.swift
            return memberAccess(member, in: scope)
        }
        if let call = e.as(FunctionCallExprSyntax.self), let found = hoistedStructArrayValue(call, in: scope) {
            return found  // `items.filter { … }`, `(0..<3).map { Item(id: $0) }`: SwiftLowering+StructArrayValues.swift
        }
        if let call = e.as(FunctionCallExprSyntax.self), refusesStructArrayCall(call, in: scope) { return nil }
        if let call = e.as(FunctionCallExprSyntax.self), let text = stringConversion(call, in: scope) { return text }
        if let call = e.as(FunctionCallExprSyntax.self), let made = errorPayloadValue(call, in: scope) { return made }
        if let call = e.as(FunctionCallExprSyntax.self), let made = dataValue(call, in: scope) { return made }  // +Data
        if let call = e.as(FunctionCallExprSyntax.self), Self.isCancellationErrorValue(call) {
            return ("\"\(Self.cancellationError)\"", .enumeration(Self.errorTypeName, isInt: false))  // +Throws
        }
        if let call = e.as(FunctionCallExprSyntax.self), let found = dateCall(call, in: scope) { return found }
        if let call = e.as(FunctionCallExprSyntax.self), let found = formatCall(call, in: scope) { return found }
        if let call = e.as(FunctionCallExprSyntax.self), let found = runModeValue(call, in: scope) { return found }
        if let chain = e.as(OptionalChainingExprSyntax.self) {
            // `a?.b` reads nil through nil, as every path of the scenario language does (§6, messaging nil).
            return expression(chain.expression, in: scope)
        }
        if let i = e.as(IntegerLiteralExprSyntax.self) { return (i.literal.text.replacingUnderscores(), .int) }
        if let f = e.as(FloatLiteralExprSyntax.self) { return decimalLiteral(f).map { ($0, .duration) } }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return (b.literal.text, .bool) }
        if e.is(NilLiteralExprSyntax.self) { return ("nil", .unknown) }
        if let s = e.as(StringLiteralExprSyntax.self) {
            if s.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) }) {
                return interpolatedString(s, in: scope)  // SwiftLowering+Interpolation.swift
            }
            guard let text = plainString(e) else {
                unsupported("this string value", "write the text without `\\`", at: s)
                return nil
            }
            // A `"` and a `\` as the language escapes them (docs/scenario-format.md §6).
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return ("\"\(escaped)\"", .string)
        }
        if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            guard let inner = expression(only.expression, in: scope) else { return nil }
            // An object read into a local (`(x as? C)?.m()`, SwiftLowering+ObjectCasts.swift) stays a path, so
            // that a member or a call can follow it.
            if case .object = inner.type, Self.isPlainPath(inner.text) { return inner }
            return ("(\(inner.text))", inner.type)
        }
        if let prefix = e.as(PrefixOperatorExprSyntax.self) {
            guard let inner = expression(prefix.expression, in: scope) else { return nil }
            switch prefix.operator.text {
            case "!": return ("!" + inner.text, .bool)
            case "-":
                // The language's `-` prefixes a number literal (`-4`, `-0.5`, `-250ms`); anything else, a name
                // included, is `0 - X` (an `Int` 0 beside a duration is 0 seconds).
                let type: LoweredType = inner.type == .duration ? .duration : .int
                let simple =
                    inner.text.first?.isNumber == true
                    && inner.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                return (simple ? "-" + inner.text : "(0 - \(inner.text))", type)
            default:
                unsupported("the prefix operator `\(prefix.operator.text)`", "use `!` or `-`", at: prefix)
                return nil
            }
        }
        if let sequence = e.as(SequenceExprSyntax.self) { return infix(sequence, in: scope) }
        if let array = e.as(ArrayExprSyntax.self) { return arrayLiteral(array, in: scope) }  // +Arrays.swift
        if let d = e.as(DictionaryExprSyntax.self) { return dictionaryLiteral(d, in: scope) }  // +Dictionaries.swift
        if let element = e.as(SubscriptCallExprSyntax.self), let value = dictionaryValue(element, in: scope) {
            return value
        }
        if let element = e.as(SubscriptCallExprSyntax.self) { return arrayElement(element, in: scope) }
        if let empty = emptyArrayConstruction(e) { return ("[]", empty) }
        if let empty = emptyDictionaryConstruction(e) ?? emptySetConstruction(e) { return ("[:]", empty) }
        // `s.contains(x)`, `s.sorted()` of a Set: SwiftLowering+Sets.swift
        if let call = e.as(FunctionCallExprSyntax.self), let found = setValue(call, in: scope) { return found }
        if let call = e.as(FunctionCallExprSyntax.self), let sorted = sortedValue(call, in: scope) { return sorted }
        if let call = e.as(FunctionCallExprSyntax.self), let sum = summedValue(call, in: scope) { return sum }
        if let call = e.as(FunctionCallExprSyntax.self), let removed = hoistedRemoval(call, in: scope) {
            return removed
        }
        if let call = e.as(FunctionCallExprSyntax.self), let waited = hoistedTimedWait(call, in: scope) {
            return waited  // `if semaphore.wait(timeout: …) == .timedOut`: SwiftLowering+DispatchSources.swift
        }
        if let call = e.as(FunctionCallExprSyntax.self), let value = syncValue(call, in: scope) { return value }
        if let call = e.as(FunctionCallExprSyntax.self), let value = isMultipleValue(call, in: scope) {
            return value  // `n.isMultiple(of: 2)`: SwiftLowering+IntMethods.swift
        }
        if let call = e.as(FunctionCallExprSyntax.self) { return callValue(call, in: scope) }
        // `x!`: its nil check is a step before the statement (SwiftLowering+Unwrap.swift); the value is x's.
        if let unwrap = e.as(ForceUnwrapExprSyntax.self) { return expression(unwrap.expression, in: scope) }
        if let t = e.as(TryExprSyntax.self), let part = resultGet(t, in: scope) { return part }  // +Result.swift
        if let t = e.as(TryExprSyntax.self), let value = throwingTaskGroupValue(t, in: scope) { return value }
        if let t = e.as(TryExprSyntax.self), let value = throwingTaskValue(t, in: scope) { return value }  // +Tasks
        if let t = e.as(TryExprSyntax.self), let value = throwingCallValue(t, in: scope) { return value }  // +Throws
        if e.is(AwaitExprSyntax.self), let value = taskGroupNextValue(e, in: scope) { return value }  // +TaskGroups
        if let a = e.as(AwaitExprSyntax.self), let value = hoistedAwait(a, in: scope) { return value }  // +ActorReads
        if let a = e.as(AwaitExprSyntax.self), let inner = a.expression.as(TupleExprSyntax.self),
            inner.elements.count == 1, !inner.containsCall
        {
            return expression(a.expression, in: scope)  // `await (visits + sales)`: its `async let` reads (+AsyncLet)
        }
        if let a = e.as(AwaitExprSyntax.self),
            let callee = a.expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(
                DeclReferenceExprSyntax.self),
            callee.baseName.text.hasPrefix("with"), callee.baseName.text.hasSuffix("TaskGroup")
        {
            if let value = taskGroupValue(a, in: scope) { return value }  // SwiftLowering+TaskGroupValues.swift
            unsupported(
                "the value of a task group (children that return values, `for await v in group`)",
                "let each child store what it made (an actor's method, a property the group's body reads after "
                    + "`await group.waitForAll()`) in `await withTaskGroup(of: Void.self) { group in … }`", at: e)
            return nil
        }
        if e.is(AwaitExprSyntax.self) || e.is(TryExprSyntax.self) {
            if let (what, instead) = unmodelledAwait(e, in: scope) {
                unsupported(what, instead, at: e)  // a form named as itself (SwiftLowering+UnmodelledAwaits.swift)
                return nil
            }
            unsupported(
                "`await` or `try` inside an expression",
                "write the awaited call as a statement of its own (`await model.refresh()`, "
                    + "`try await Task.sleep(for: .seconds(1))`), or into a local: `let n = await counter.next()`",
                at: e)
            return nil
        }
        if e.is(ClosureExprSyntax.self) {
            unsupported(
                "a closure kept as a value",
                "pass the closure straight to the API that takes it "
                    + "(`DispatchQueue.main.async { … }`, `Timer.scheduledTimer(…) { … }`)", at: e)
            return nil
        }
        if e.is(TernaryExprSyntax.self) || e.is(UnresolvedTernaryExprSyntax.self) {
            unsupported("the conditional operator `?:`", "write an `if` with two stores", at: e)
            return nil
        }
        if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count >= 2 {
            unsupported(
                "a tuple here",
                "keep a tuple in a property or a local (`var window = (count: 0, limit: 2)`) and read "
                    + "its elements (`window.count`, `let (count, limit) = window`); a method returns one value",
                at: e)
            return nil
        }
        unsupported(describe(e), "see the subset's list", at: e)
        return nil
    }

    /// `Int.max`, `Int.min` (64-bit, as on every device LoopSim models): the language's integer, `Int.min` written
    /// as a difference since its magnitude is no `Int`.
    static func intBound(_ e: ExprSyntax) -> String? {
        guard let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Int"
        else { return nil }
        switch member.declName.baseName.text {
        case "max": return String(Int.max)
        case "min": return "(-\(Int.max) - 1)"
        default: return nil
        }
    }

    /// A bare name: a local or capture, `self`, or a member of the class reached through `self`.
    private mutating func reference(_ ref: DeclReferenceExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        let name = ref.baseName.text
        if let local = scope.locals[name] {
            if local.type == Self.keyValueChangeType {
                unsupported("a KVO change itself", "read its `\(name).newValue` or `\(name).oldValue`", at: ref)
                return nil
            }
            if case .result = local.type {  // SwiftLowering+Result.swift
                unsupported(
                    "a `Result` used as a value here",
                    "read it with `switch \(name) { case .success(let v): … }`, `if case .failure(let e) = \(name)` or "
                        + "`try? \(name).get()`, or pass it on as an argument", at: ref)
                return nil
            }
            return (local.text(name), local.type)
        }
        if name == "self" {
            scenarioError("`self` is not visible here: top-level code and user actions have no `self`", at: ref)
            return nil
        }
        if let cls = scope.className, scope.locals["self"] != nil,
            let found = hoistedGetter(cls, name, receiver: scope.locals["self"]?.text("self") ?? "self", at: ref)
        {
            return found
        }
        if let cls = scope.className,
            let found = computedRead(cls, name, receiver: scope.locals["self"]?.text("self") ?? "self", at: ref)
        {
            return found
        }
        if scope.locals["self"] != nil, refusesViewRead(scope.className, name, at: ref) { return nil }  // +Controls
        if let cls = scope.className, case .result? = classes[cls]?.fields[name] {
            refuseResultValue(name, at: ref)  // SwiftLowering+ResultValues.swift
            return nil
        }
        if let cls = scope.className, let type = classes[cls]?.fields[name] {
            return ("\(scope.locals["self"]?.text("self") ?? "self").\(name)", type)
        }
        if let inherited = inheritedReference(name, in: scope) { return inherited }
        if let c = constant(named: name, at: ref) { return constantValue(c, name: name, at: ref) }
        // A parameter of the experiment (a top-level `let`, so visible everywhere): `${name}`.
        if let parameter = parameters[name] { return (parameter.expressionText, parameter.type) }
        // `Poller` or `Self` before a type member (`Poller.instances`, `Self.make()`): the class's type object
        // (SwiftLowering+TypeMembers.swift).
        if let typeObject = typeObjectClass(named: name, in: scope, at: Syntax(ref)) {
            return ("shared \(typeObject)", .object(typeObject))
        }
        switch globalReference(name, in: scope, at: ref) {  // a top-level name in class code: +Globals.swift
        case .found(let text, let type): return (text, type)
        case .refused: return nil
        case .none: break
        }
        // A name of main: seen from an action, or an undefined name: the compiler reports the latter.
        return (name, .unknown)
    }

    /// `a.b`: a field path, or one of the framework values the language names (`RunLoop.current`, …).
    private mutating func memberAccess(_ member: MemberAccessExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        let name = member.declName.baseName.text
        if let activity = Self.activityConstant(name, base: member.base) { return (activity, .int) }
        if let c = constant(member: member) { return constantValue(c, name: member.trimmedDescription, at: member) }
        if let change = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let value = keyValueChangeMember(member, change, in: scope)  // SwiftLowering+KVO.swift
        {
            return value
        }
        if let found = taskGroupIsCancelledValue(member, in: scope) { return found }  // +ThrowingTaskGroups.swift
        if let found = allCasesMember(member, in: scope) { return found }  // SwiftLowering+EnumCaseIterable.swift
        guard let base = member.base else {
            if let found = implicitEnumMember(name, at: member) { return found }
            if let found = invalidTaskIdentifier(nil, name) { return found }  // SwiftLowering+AppLifecycle.swift
            unsupported("the implicit member `.\(name)`", "write the value in full", at: member)
            return nil
        }
        if let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, scope.locals[type] == nil {
            switch (type, name) {
            case ("RunLoop", "current"): return ("current runloop", .runLoop)
            case ("RunLoop", "main"): return ("main runloop", .runLoop)
            case ("Thread", "current"): return ("current thread", .thread)
            case ("Thread", "main"): return ("main thread", .thread)
            case ("Thread", "isMainThread"): return ("current thread.isMainThread", .bool)
            case ("Date", "distantFuture"): return ("distantFuture", .int)
            case ("Task", "isCancelled"): return ("Task.isCancelled", .bool)
            default:
                if let found = enumTypeMember(type, name, at: member) { return found }
                if let found = invalidTaskIdentifier(type, name) { return found }
                if let typeObject = typeObjectClass(named: type, in: scope, at: Syntax(member)),
                    classes[typeObject]?.hasMember(name) == true
                {
                    break  // a type member, read from the type object (SwiftLowering+TypeMembers.swift)
                }
                if classes[type] != nil {
                    unsupported(
                        "the static member `\(type).\(name)`",
                        "declare it in `\(type)`: `static var \(name) = …`, `static let \(name) = \(type)()` or "
                            + "`static func \(name)()`", at: member)
                    return nil
                }
                if scope.className.flatMap({ classes[$0]?.fields[type] }) == nil, type.first?.isUppercase == true {
                    unsupported("`\(type).\(name)`", insteadOfAPI(type), at: member)
                    return nil
                }
            }
        }
        guard let inner = expression(base, in: scope) else { return nil }
        switch inner.type {
        case .object(let cls):
            if refusesThreadMember(cls, name, at: member) { return nil }  // SwiftLowering+ThreadSubclass.swift
            if refusesPresentationStyleRead(cls, name, at: member) { return nil }  // +PresentationStyle.swift
            if refusesViewRead(cls, name, at: member) { return nil }  // SwiftLowering+Controls.swift
            if let found = hoistedGetter(cls, name, receiver: inner.text, at: member) { return found }
            if let found = computedRead(cls, name, receiver: inner.text, at: member) { return found }
            if case .result? = classes[cls]?.fields[name] {
                refuseResultValue(name, at: member)  // SwiftLowering+ResultValues.swift
                return nil
            }
            if let type = classes[cls]?.fields[name] { return ("\(inner.text).\(name)", type) }
            if classes[cls]?.methods[name] != nil {
                unsupported("a method used as a value", "call it: `\(name)()`", at: member)
                return nil
            }
            if synthesizedAlertClass(cls), classes[cls]?.inherited.contains(name) != true {
                unsupported("`\(cls).\(name)`", Self.alertAdvice, at: member)  // SwiftLowering+Alerts.swift
                return nil
            }
            return ("\(inner.text).\(name)", .unknown)
        case .timer:
            switch name {
            case "isValid": return ("\(inner.text).isValid", .bool)
            // The scenario language reads these in milliseconds (docs/scenario-format.md §6); the literals they
            // meet are converted from seconds (``infix(_:in:)``).
            case "timeInterval", "tolerance": return ("\(inner.text).\(name)", .interval)
            case "fireDate": return ("\(inner.text).fireDate", .date)
            case "timestamp", "targetTimestamp":
                // A display link's frame times, on `CACurrentMediaTime()`'s clock (SwiftLowering+Dates.swift).
                return ("(\(inner.text).\(name) + \(Self.uptimeAtStart)s)", .duration)
            case "duration": return ("\(inner.text).duration", .duration)
            default:
                unsupported(
                    "`Timer.\(name)`",
                    "a timer reads `isValid`, `timeInterval`, `tolerance`, `fireDate` and `userInfo` through a cast "
                        + "(`timer.userInfo as? Int`)",
                    at: member)
                return nil
            }
        case .thread where name == "isMainThread": return ("\(inner.text).isMainThread", .bool)
        case .thread where name == "isCancelled": return ("\(inner.text).isCancelled", .bool)  // `cancelThread:`
        case .thread where name == "name": return ("\(inner.text).name", .string)  // a `String?`, nil unnamed
        case .thread where ["isFinished", "isExecuting", "isCancelled"].contains(name):
            refuseThreadState(name, at: member)  // SwiftLowering+ThreadState.swift
            return nil
        case .array: return arrayMember(inner, name, at: member)
        case .dictionary where Self.isSet(inner.type): return setMember(inner, name, at: member)  // +Sets.swift
        case .dictionary: return dictionaryMember(inner, name, at: member)  // SwiftLowering+Dictionaries.swift
        case .value(let s): return structMember(inner.text, s, name, at: member)  // SwiftLowering+Structs.swift
        case .enumeration(let e, _): return enumValueMember(inner.text, enumName: e, name, at: member)
        case .data: return dataMember(inner.text, name, at: member)  // SwiftLowering+Data.swift
        case .string where name == "count": return ("\(inner.text).count", .int)  // its characters
        case .string where name == "isEmpty":
            // `name.isEmpty`: the empty string is the only one without characters (the language compares strings).
            return ("(\(inner.text) == \"\")", .bool)
        case .string:
            unsupported(
                "`\(name)` of a `String`",
                "a String here is compared (`==`, `isEmpty`), joined (`+`) and printed; its characters are not "
                    + "modelled", at: member)
            return nil
        default: return ("\(inner.text).\(name)", .unknown)
        }
    }

    /// A call whose value is used: `Class()`, `CFRunLoopGetCurrent()`, `DispatchSemaphore(value: 0)`.
    private mutating func callValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        if let found = hoistedCall(call, in: scope) { return found }  // SwiftLowering+Returns.swift
        if let found = structValueMethodCall(call, in: scope) { return found }  // +StructValueMethods.swift
        if let found = returnedValue(call, in: scope) { return found }
        if let d = constantDuration(ExprSyntax(call)) { return (d, .duration) }  // `.milliseconds(kDelay)`
        if let found = durationCall(call, in: scope) { return found }
        if let found = arrayFunctionValue(call, in: scope) { return found }  // SwiftLowering+ArrayFunctions.swift
        if let found = dictionaryFilterValue(call, in: scope) { return found }  // SwiftLowering+DictionaryFilter.swift
        if let found = joinedValue(call, in: scope) { return found }  // SwiftLowering+Joined.swift
        if let found = arrayContains(call, in: scope) { return found }
        if let found = rangeContains(call, in: scope) { return found }  // SwiftLowering+RangeContains.swift
        if let found = enumRawInit(call, in: scope) { return found }  // SwiftLowering+EnumRawInit.swift
        if let found = stringFunctionValue(call, in: scope) { return found }  // SwiftLowering+StringFunctions.swift
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            if structs[name] != nil {
                unsupported(
                    "a `\(name)(…)` inside an expression",
                    "store it first (`let value = \(name)(…)`) and use `value` or its properties; a struct is "
                        + "made where it is stored or passed", at: call)
                return nil
            }
            if classes[name] != nil {
                if let made = hoistedInitializer(call, in: scope) { return made }  // SwiftLowering+Initializers.swift
                if inheritsUIKitDesignatedInit(call, of: name) { return ("new \(name)", .object(name)) }
                if !call.arguments.isEmpty || call.trailingClosure != nil {
                    unsupported(
                        "an initializer with arguments", "create the object with `\(name)()` and set its fields",
                        at: call)
                    return nil
                }
                return ("new \(name)", .object(name))
            }
            switch name {
            case "CFRunLoopGetCurrent": return ("current runloop", .runLoop)
            case "CFRunLoopGetMain": return ("main runloop", .runLoop)
            case "DispatchGroup": return ("dispatch_group_create", .group)
            case "DispatchSemaphore":
                if let value = call.arguments.first, value.label?.text == "value",
                    let n = value.expression.as(IntegerLiteralExprSyntax.self)
                {
                    return ("dispatch_semaphore_create \(n.literal.text)", .semaphore)
                }
            default: break
            }
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "getCFRunLoop", let base = member.base
        {
            return expression(base, in: scope)
        }
        if refuseYieldResult(call, in: scope) { return nil }  // SwiftLowering+StreamBuffering.swift
        if let found = powValue(call, in: scope) { return found }  // SwiftLowering+Pow.swift
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            expression(base, in: scope)?.type.unwrapped == .data
        {
            refuseDataBytes("`.\(member.declName.baseName.text)(…)` of a `Data`", at: call)  // +Data.swift
            return nil
        }
        if let made = closureResultValue(call, in: scope) { return made }  // SwiftLowering+ClosureResults.swift
        let text = call.calledExpression.trimmedDescription
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self),
            let local = scope.locals[ref.baseName.text],
            case .closure = local.type
        {
            // `let value = compute()` of `compute: () -> [Int]`: a result the model does not follow
            // (SwiftLowering+ClosureResults.swift follows `Int`, `Bool` and `String`).
            unsupported(
                "calling the closure `\(text)` for its value",
                "a closure's value LoopSim follows is an Int, a Bool or a String (`compute: () -> Int`), of a closure "
                    + "that does not throw: compute the value in the method, or pass it in as a parameter", at: call)
            return nil
        }
        unsupported(
            "`\(text)(…)` as a value",
            insteadOfAPI(text), at: call)
        return nil
    }

    /// `n.description` of an `Int`, `Bool` or `String`: the text Swift's interpolation writes, `"\(n)"`
    /// (`CustomStringConvertible.description` of the standard library's integers and Booleans is that text). Nil
    /// when `member` is no such read.
    private mutating func describedValue(_ member: MemberAccessExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        guard member.declName.baseName.text == "description", let base = member.base,
            interpolatedType(base) == .plain, let value = expression(base, in: scope),
            [.int, .bool, .string].contains(value.type)
        else { return nil }
        return ("\"\\(\(value.text))\"", .string)
    }

    /// `String(n)` of an `Int`, `Bool` or `String` (`String.init(describing:)`'s text for them): `"\(n)"`.
    private mutating func stringConversion(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
            call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil || argument.label?.text == "describing",
            interpolatedType(argument.expression) == .plain,
            let value = expression(argument.expression, in: scope), [.int, .bool, .string].contains(value.type)
        else { return nil }
        return ("\"\\(\(value.text))\"", .string)
    }

    /// A number literal as the scenario language's integer: as written, or, beside a timer's interval or date,
    /// seconds converted to milliseconds (`0.5` → `500`). Nil after refusing what has no exact integer value.
    mutating func numberText(_ literal: ExprSyntax, inMilliseconds: Bool) -> String? {
        let text =
            (constantLiteral(literal)?.text ?? literal.as(IntegerLiteralExprSyntax.self)?.literal.text
            ?? literal.as(FloatLiteralExprSyntax.self)?.literal.text ?? "").replacingUnderscores()
        let isFloat = literal.is(FloatLiteralExprSyntax.self) || constantLiteral(literal)?.isFloat == true
        if !inMilliseconds {
            if !isFloat { return text }
            unsupported("a floating-point value", "the scenario language's numbers are integers", at: literal)
            return nil
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        while fraction.hasSuffix("0") { fraction.removeLast() }
        guard parts.count <= 2, !whole.isEmpty, whole.allSatisfy(\.isNumber), fraction.allSatisfy(\.isNumber),
            fraction.count <= 3
        else {
            unsupported(
                "a time of `\(text)` seconds", "the scenario language reads timer times in whole milliseconds",
                at: literal)
            return nil
        }
        let digits = whole + fraction + String(repeating: "0", count: 3 - fraction.count)
        let trimmed = digits.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    /// A floating-point literal or constant as a duration literal's text (`0.5`, seconds): `.some(nil)` after
    /// refusing one that is not a plain decimal; nil when `literal` is no floating-point number.
    mutating func floatLiteralText(_ literal: ExprSyntax) -> String?? {
        if let f = literal.as(FloatLiteralExprSyntax.self) { return .some(decimalLiteral(f)) }
        guard let c = constantLiteral(literal), c.isFloat else { return nil }
        guard let text = decimalText(c.text) else {
            unsupported(
                "the constant `\(literal.trimmedDescription)` (\(c.text))", "write it as a decimal", at: literal)
            return .some(nil)
        }
        return .some(text)
    }

    /// A duration: `.seconds(N)`, `.milliseconds(N)`, `.microseconds(N)`, `.nanoseconds(N)`, or a number of seconds
    /// (a `TimeInterval`), as the scenario language's unit strings ("1.5s", "250ms"); with a `scope`, also an
    /// expression of durations (`interval`, `delay * 2`, `.seconds(attempt)`: SwiftLowering+Durations.swift).
    mutating func duration(_ e: ExprSyntax, in scope: Scope? = nil) -> String? {
        if let sequence = e.as(SequenceExprSyntax.self), let scope {
            return durationExpression(Array(sequence.elements), in: scope)
        }
        if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil, let scope
        {
            return duration(only.expression, in: scope)
        }
        if let folded = constantDuration(e) { return folded }
        if let ref = e.as(DeclReferenceExprSyntax.self), let text = parameters[ref.baseName.text]?.durationText {
            return text
        }
        if let i = e.as(IntegerLiteralExprSyntax.self) { return i.literal.text.replacingUnderscores() + "s" }
        if let f = e.as(FloatLiteralExprSyntax.self) { return f.literal.text.replacingUnderscores() + "s" }
        if let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            call.arguments.count == 1, let argument = call.arguments.first?.expression
        {
            let unit: String? =
                switch member.declName.baseName.text {
                case "seconds": "s"
                case "milliseconds": "ms"
                case "microseconds": "us"
                case "nanoseconds": "ns"
                default: nil
                }
            let number =
                argument.as(IntegerLiteralExprSyntax.self)?.literal.text
                ?? argument.as(FloatLiteralExprSyntax.self)?.literal.text
                ?? argument.as(DeclReferenceExprSyntax.self).flatMap { ref in
                    parameters[ref.baseName.text].flatMap { $0.kind == .int ? "${\($0.name)}" : nil }
                }
            if let unit, let number { return number.replacingUnderscores() + unit }
        }
        if let scope { return durationExpression([e], in: scope) }
        scenarioError(
            "a duration is a number of seconds (`1.5`) or `.seconds(N)`, `.milliseconds(N)`, `.microseconds(N)`, "
                + "`.nanoseconds(N)` with a literal N", at: e)
        return nil
    }
}
