import LoopSimScenario
import SwiftSyntax

/// Casts of an object to a class of the file (`nav.topViewController as? ReviewViewController`, `x as! C`,
/// `x is C`, `if let c = x as? C`, `case let c as C:`, `case is C:`): the model knows each object's class, and the
/// language's `as?` tests it (docs/scenario-format.md §6). The Swift book, "Type Casting": `is` checks whether an
/// instance is of a subclass type; `as?` gives an optional, nil when the downcast is not possible; `as!` "triggers a
/// runtime error if you try to downcast to an incorrect class type". A class of the file has no subclass of the file
/// (SwiftLowering+Subclasses.swift refuses one), so an instance is of `C` exactly when its class is `C`.
extension SwiftLowering {
    /// The parts of `X as? C` (`as! C`, `is C`), X an object and C a class the file declares; nil for another
    /// sequence (and nothing reported). A cast to a type that is no class of the file is refused here
    /// (`.some(nil)`).
    private mutating func objectCastParts(_ elements: [ExprSyntax], in scope: Scope) -> (
        operand: ExprSyntax, mark: String, type: String, typeNode: ExprSyntax
    )?? {
        guard elements.count == 3, let typeNode = elements[2].as(TypeExprSyntax.self) else { return nil }
        let mark: String
        if elements[1].is(UnresolvedIsExprSyntax.self) {
            mark = "is"
        } else if let cast = elements[1].as(UnresolvedAsExprSyntax.self) {
            mark = "as" + (cast.questionOrExclamationMark?.text ?? "")
        } else {
            return nil
        }
        let operand = elements[0]
        if let list = Self.uikitControllerList(operand) {
            unsupported(
                "a cast of an element of UIKit's `\(list)`",
                "cast `nav.topViewController` (the stack's last), `presentedViewController` or an object of the file: "
                    + "UIKit's `viewControllers` and `children` arrays are not modelled but `viewControllers.count`",
                at: operand)
            return .some(nil)
        }
        let type = staticType(operand, in: scope, report: false)
        guard type.map(Self.isCastableObject) == true || (type == .unknown && Self.isUIKitObjectRead(operand)) else {
            return nil
        }
        let name = typeNode.type.trimmedDescription
        guard classes[name] != nil, declaresClass(name, in: typeNode) else {
            unsupported(
                "a cast of an object to `\(name)`",
                "cast an object to a class this file declares (`x as? ReviewViewController`): the model knows each "
                    + "object's class, not UIKit's class hierarchy nor which classes conform to a protocol",
                at: typeNode)
            return .some(nil)
        }
        if mark == "as" {
            unsupported(
                "`as \(name)` of an object (an upcast or a bridging conversion)",
                "write `as? \(name)` (nil when the object is of another class) or `as! \(name)`", at: elements[1])
            return .some(nil)
        }
        return .some((operand, mark, name, elements[2]))
    }

    /// Whether a value of `type` is an object a cast may test: an instance of a class of the file, or an object of
    /// UIKit's (`nav.topViewController`, a property typed by a protocol of the file).
    static func isCastableObject(_ type: LoweredType) -> Bool {
        switch type.unwrapped {
        case .object(let name): return name != "NSNotification"
        case .conformer: return true  // a property of a protocol several classes of the file conform to
        default: return false
        }
    }

    /// Whether `text` is a name or a path of names (`cast_3x4`, `self.review`).
    static func isPlainPath(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.first, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
    }

    /// Whether `e` reads one of UIKit's object properties the model answers (`nav.topViewController`,
    /// `self.presentedViewController`, `presentingViewController`, `navigationController`; docs/scenario-format.md
    /// §6), which the lowering leaves untyped.
    static func isUIKitObjectRead(_ e: ExprSyntax) -> Bool {
        var e = e
        while true {
            if let chain = e.as(OptionalChainingExprSyntax.self) {
                e = chain.expression
            } else if let unwrap = e.as(ForceUnwrapExprSyntax.self) {
                e = unwrap.expression
            } else if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first
            {
                e = only.expression
            } else {
                break
            }
        }
        let names = [
            "topViewController", "presentedViewController", "presentingViewController", "navigationController",
        ]
        if let member = e.as(MemberAccessExprSyntax.self) { return names.contains(member.declName.baseName.text) }
        return e.as(DeclReferenceExprSyntax.self).map { names.contains($0.baseName.text) } ?? false
    }

    /// `viewControllers` or `children` when `e` is an element of one (`nav.viewControllers.last`, `children.first`,
    /// `viewControllers[1]`); nil otherwise.
    static func uikitControllerList(_ e: ExprSyntax) -> String? {
        var base: ExprSyntax?
        if let member = e.as(MemberAccessExprSyntax.self), ["first", "last"].contains(member.declName.baseName.text) {
            base = member.base
        } else if let subscriptCall = e.as(SubscriptCallExprSyntax.self) {
            base = subscriptCall.calledExpression
        }
        if let chain = base?.as(OptionalChainingExprSyntax.self) { base = chain.expression }
        let name =
            base?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        return name.flatMap { ["viewControllers", "children"].contains($0) ? $0 : nil }
    }

    /// `X as? C`, `X as! C`, `X is C` of an object (docs/swift-scenarios.md, "Casts of objects"). `is` is the test
    /// `(X as? C) != nil`; `as?` the value, read into a temporary before the statement where Swift evaluates it each
    /// time the statement runs (so `(x as? C)?.m()` has a receiver), else in place; `as!` also traps before the
    /// statement, as Swift does, when X is nil or of another class. Nil when `elements` is no such cast.
    mutating func objectCast(_ elements: [ExprSyntax], in scope: Scope) -> (text: String, type: LoweredType)?? {
        guard let found = objectCastParts(elements, in: scope) else { return nil }
        guard let (operandNode, mark, type, typeNode) = found, let operand = expression(operandNode, in: scope) else {
            return .some(nil)
        }
        let test = "(\(operand.text)) as? \(type)"
        if mark == "is" { return .some(("(\(test)) != nil", .bool)) }
        let castNode = elements[1]
        if let done = hoisting.temporaries[castNode.id] { return .some(done) }
        let whole = castNode.parent?.parent?.as(SequenceExprSyntax.self).map(ExprSyntax.init) ?? castNode
        let evaluatedEachTime = hoisting.isOpen && notEvaluatedEachTime(whole) == nil
        let at = location(castNode)
        var steps: [LocatedNode] = []
        if mark == "as!" {
            guard evaluatedEachTime else {
                unsupported(
                    "`as!` where Swift may not evaluate it each time its statement runs",
                    "bind it first: `let c = x as! \(type)`, or write `as?`", at: castNode)
                return .some(nil)
            }
            // Swift traps on nil ("Unexpectedly found nil") and on an object of another class ("Could not cast
            // value of type …"); the model's message names the target type.
            let prefix = trapPrefix(castNode)
            let nilTrap = LocatedNode.step("trap", nil, at: at).replacingArgument(prefix + Self.unwrapTrap)
            let castTrap = LocatedNode.step("trap", nil, at: at).replacingArgument(
                prefix + "Could not cast value to '\(type)'")
            steps.append(.step("if", "\(operand.text) == nil", at: at, [("then", .list([nilTrap], at: at))]))
            steps.append(.step("if", "(\(test)) == nil", at: at, [("then", .list([castTrap], at: at))]))
        }
        // The whole value of a `let` or of an `if let`/`guard let` binding is read in place (it is the local).
        let isInitializer = whole.parent?.is(InitializerClauseSyntax.self) == true
        guard evaluatedEachTime, !isInitializer else {
            hoisting.steps += steps
            return .some(("(\(test))", .object(type)))
        }
        let temporary = Self.temporaryName("cast_", at: at)
        steps.append(.step("let", "\(temporary) = \(test)", at: location(typeNode)))
        return .some(hoisted(steps, into: temporary, type: .object(type), for: castNode.id, at: at))
    }

    /// `switch x { case let c as C: …; case is D: …; default: … }` on an object: nested `if:` steps on the object's
    /// class, `c` bound to the object (typed `C`) first in its branch (the Swift book, "Type Casting" › "Type Casting
    /// for Any and AnyObject": a `switch` whose cases are `as` and `is` patterns). Nil when the subject is no object
    /// or no case casts.
    mutating func objectCastSwitch(_ s: SwitchExprSyntax, in scope: inout Scope, tail: Bool) -> [LocatedNode]? {
        let type = staticType(s.subject, in: scope, report: false)
        guard type.map(Self.isCastableObject) == true || (type == .unknown && Self.isUIKitObjectRead(s.subject)),
            s.cases.contains(where: {
                guard case .case(let label)? = $0.as(SwitchCaseSyntax.self)?.label else { return false }
                return label.caseItems.contains { Self.castCaseType($0.pattern) != nil }
            })
        else { return nil }
        guard let subject = expression(s.subject, in: scope) else { return [] }
        return bindingSwitch(s, in: &scope, tail: tail) { lowering, pattern in  // SwiftLowering+Language.swift
            guard let (name, bound) = Self.castCaseType(pattern) else {
                lowering.unsupported(
                    "this case pattern in a `switch` on an object",
                    "write `case let c as C:` or `case is C:` (C a class of the file), and `default:`", at: pattern)
                return nil
            }
            guard lowering.classes[name] != nil, lowering.declaresClass(name, in: pattern) else {
                lowering.unsupported(
                    "a case pattern that casts an object to `\(name)`",
                    "cast to a class this file declares (`case let c as ReviewViewController:`)", at: pattern)
                return nil
            }
            let test = "((\(subject.text)) as? \(name)) != nil"
            // The bound name is the cast (the same object, typed `C` for the language too).
            return (test, bound.map { [($0, "(\(subject.text)) as? \(name)", LoweredType.object(name))] } ?? [])
        }
    }

    /// The type of `case is C` and the name and type of `case let c as C` (nil name for `is`); nil for another
    /// pattern.
    static func castCaseType(_ pattern: PatternSyntax) -> (name: String, bound: String?)? {
        if let isType = pattern.as(IsTypePatternSyntax.self) { return (isType.type.trimmedDescription, nil) }
        guard let binding = pattern.as(ValueBindingPatternSyntax.self),
            let expression = binding.pattern.as(ExpressionPatternSyntax.self)?.expression,
            let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3
        else { return nil }
        let elements = Array(sequence.elements)
        guard
            let bound = elements[0].as(PatternExprSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier
                .text,
            elements[1].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark == nil,
            let type = elements[2].as(TypeExprSyntax.self)?.type.trimmedDescription
        else { return nil }
        return (type, bound)
    }

    /// The key of `note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey]` (any of UIKit's keyboard keys, written
    /// `UIResponder.keyboard…UserInfoKey` or `.keyboard…UserInfoKey`); nil for another operand.
    func keyboardUserInfoKey(_ operand: ExprSyntax) -> String? {
        guard let subscriptCall = operand.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
            let key = subscriptCall.arguments.first?.expression.as(MemberAccessExprSyntax.self)
        else { return nil }
        let name = key.declName.baseName.text
        guard name.hasPrefix("keyboard"), name.hasSuffix("UserInfoKey"),
            key.base == nil || key.base?.trimmedDescription == "UIResponder"
        else { return nil }
        return name
    }

    /// Refuses a read of the keyboard's frame (or another keyboard key) from a notification's userInfo: LoopSim
    /// models no keyboard, and the experiment's `post(name: UIResponder.keyboardWillShowNotification, object: nil)`
    /// carries no userInfo, so there is no `NSValue`/`CGRect` to read (docs/swift-scenarios.md, "Casts").
    mutating func refuseKeyboardUserInfo(_ key: String, at node: some SyntaxProtocol) {
        unsupported(
            "reading `UIResponder.\(key)` from a notification's userInfo (LoopSim models no keyboard: the "
                + "experiment's keyboard notification carries no frame, and `NSValue`/`CGRect` have no value in the "
                + "model)",
            "leave the frame out (a fixed inset: `bottomInset = 300`), or post the height with the notification "
                + "(`userInfo: [\"height\": 300]`) and read it as `note.userInfo?[\"height\"] as? Int`", at: node)
    }
}
