import LoopSimScenario
import SwiftSyntax

/// The types of stored properties and of written type names — from annotations, literals and constructions — that
/// `lowerField` (SwiftLowering+Classes.swift) and the lowering's other readers of a declared type ask for.
extension SwiftLowering {
    /// The literal text of an integer, boolean or plain string literal (a negative integer too).
    func literalText(_ expr: ExprSyntax) -> String? {
        if let i = expr.as(IntegerLiteralExprSyntax.self) { return i.literal.text.replacingUnderscores() }
        if let b = expr.as(BooleanLiteralExprSyntax.self) { return b.literal.text }
        if let p = expr.as(PrefixOperatorExprSyntax.self), p.operator.text == "-",
            let i = p.expression.as(IntegerLiteralExprSyntax.self)
        {
            return "-" + i.literal.text.replacingUnderscores()
        }
        if let s = plainString(expr) { return s }
        return nil
    }

    /// Whether the property is annotated `T?` or `T!`.
    func isOptionalAnnotation(_ binding: PatternBindingSyntax) -> Bool {
        guard let type = binding.typeAnnotation?.type else { return false }
        return type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
    }

    /// Whether `expr` is `Class()` for the scenario class `cls`.
    func isConstruction(_ expr: ExprSyntax, of cls: String) -> Bool {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), callee.baseName.text == cls
        else { return false }
        // `Cell(style: .default, reuseIdentifier: "c")`: UIKit's inherited designated init (+UIKitInits.swift).
        return call.arguments.isEmpty || inheritsUIKitDesignatedInit(call, of: cls)
    }

    /// A property's type: its annotation (optional or not), or the type of its initial value.
    func fieldType(_ binding: PatternBindingSyntax) -> LoweredType {
        if let outlet = outletType(binding) { return outlet }
        if let annotation = binding.typeAnnotation { return typeNamed(annotation.type) }
        guard let value = binding.initializer?.value else { return .unknown }
        if value.is(IntegerLiteralExprSyntax.self) { return .int }
        if value.is(FloatLiteralExprSyntax.self) { return .duration }  // `var interval = 0.5`: a `Double`
        if value.is(BooleanLiteralExprSyntax.self) { return .bool }
        if value.is(StringLiteralExprSyntax.self) { return .string }
        if let p = value.as(PrefixOperatorExprSyntax.self), p.expression.is(IntegerLiteralExprSyntax.self) {
            return .int
        }
        if let array = emptyArrayConstruction(value) { return array }  // `[String]()`
        if let dictionary = emptyDictionaryConstruction(value) { return dictionary }  // `[String: Int]()`
        if let set = emptySetConstruction(value) { return set }  // `Set<String>()`: SwiftLowering+Sets.swift
        if let dictionary = dictionaryLiteralType(value) { return dictionary }  // `["a": 1]`
        if let array = arrayLiteralType(value) { return array }  // `[0.3, 2.0]`: SwiftLowering+Arrays.swift
        if let made = structArrayValueType(value, in: nil) { return made }  // `(0..<5).map { Item(id: $0) }`
        if let array = objectArrayLiteralType(value) { return array }  // `[C(…)]`: +ObjectArrayLiterals.swift
        if Self.intBound(value) != nil { return .int }  // `var best = Int.max`
        if value.trimmedDescription == "UIBackgroundTaskIdentifier.invalid" {
            return .api("UIBackgroundTaskIdentifier")  // `var task = UIBackgroundTaskIdentifier.invalid`: no task
        }
        if let tuple = value.as(TupleExprSyntax.self), let s = tupleShape(tuple) { return .value(s) }  // +Tuples.swift
        if propertySourceCreation(binding) != nil { return .api("DispatchSourceTimer") }  // +PropertySources.swift
        if Self.isRunLoopAccessor(value) { return .runLoop }  // `let loop = RunLoop.current`
        if let singleton = singletonType(value) { return singleton }  // `let s = C.shared`: +Singletons.swift
        if let global = globalType(value) { return global }  // `let api = client`: SwiftLowering+Globals.swift
        if let stream = streamPropertyType(value) { return stream }  // SwiftLowering+Streams.swift
        if let call = value.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
        {
            return typeNamed(callee.baseName.text)
        }
        return enumValueType(value) ?? .unknown
    }

    /// The type a Swift type annotation names (`Timer?`, `TimerButton!`, `Int`).
    func typeNamed(_ type: TypeSyntax) -> LoweredType {
        if isClosureType(type) { return closureType(type) }  // SwiftLowering+ClosureValues.swift
        if let array = arrayType(type) { return array }  // SwiftLowering+Arrays.swift
        if let set = setType(type) { return set }  // SwiftLowering+Sets.swift
        if let dictionary = dictionaryType(type) { return dictionary }  // SwiftLowering+Dictionaries.swift
        if let o = type.as(OptionalTypeSyntax.self), dictionaryType(o.wrappedType) != nil { return .unknown }
        // `[Timer]?`: an optional array is not modelled (the language's arrays are never nil); refused where declared.
        if let o = type.as(OptionalTypeSyntax.self), arrayType(o.wrappedType) != nil { return .unknown }
        if let o = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self), arrayType(o.wrappedType) != nil {
            return .unknown
        }
        if let o = type.as(OptionalTypeSyntax.self) { return typeNamed(o.wrappedType) }
        if let o = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeNamed(o.wrappedType) }
        if let error = errorExistentialType(type) { return error }  // SwiftLowering+Errors.swift
        if let tuple = type.as(TupleTypeSyntax.self), let s = tupleShape(tuple) { return .value(s) }  // +Tuples.swift
        if let result = resultType(type) { return result }  // SwiftLowering+Result.swift
        if let i = type.as(IdentifierTypeSyntax.self), i.name.text == "Task" { return .task }
        if Self.isContinuationType(type) { return Self.continuationType }  // SwiftLowering+Continuations.swift
        if let stream = streamTypeNamed(type) { return stream }  // SwiftLowering+Streams.swift
        if let i = type.as(IdentifierTypeSyntax.self), i.genericArgumentClause == nil {
            return typeNamed(i.name.text)
        }
        return .unknown
    }

    /// The type a Swift type name means.
    func typeNamed(_ name: String) -> LoweredType {
        switch name {
        case "Timer", "CADisplayLink", "CFRunLoopTimer": .timer  // CFRunLoopTimer: toll-free bridged (+CFTimers)
        case "RunLoop", "CFRunLoop": .runLoop
        case "Int": .int
        case "Data": .data  // its byte count (SwiftLowering+Data.swift)
        case _ where Self.durationTypeNames.contains(name): .duration
        case "Bool": .bool
        case "String": .string
        case "DispatchSemaphore": .semaphore
        case "DispatchGroup": .group
        case "Thread": .thread
        default:
            structs[name] != nil
                ? .value(name)
                : classes[name] != nil
                    ? .object(name) : (enumType(named: name) ?? protocolType(name) ?? apiType(name) ?? uikitType(name))
        }
    }
}
