import LoopSimScenario
import SwiftSyntax

/// Casts of an error (`error is LoadError`, `if let e = error as? LoadError`, `case is LoadError:`): an error is
/// its case's name, and each error enum of the file has its own case names (SwiftLowering+Errors.swift), so "is a
/// `LoadError`" is "is one of `LoadError`'s cases".
extension SwiftLowering {
    /// The error operand and the cast type of `X is T`, `X as? T`, `X as! T` (three elements of a sequence), X an
    /// error; nil for another sequence.
    private mutating func errorCastParts(_ elements: [ExprSyntax], in scope: Scope) -> (
        operand: (text: String, type: LoweredType), type: String, cast: ExprSyntax
    )? {
        guard elements.count == 3,
            elements[1].is(UnresolvedIsExprSyntax.self) || elements[1].is(UnresolvedAsExprSyntax.self),
            let type = elements[2].as(TypeExprSyntax.self)?.type,
            isErrorValue(elements[0], in: scope),
            let operand = expression(elements[0], in: scope)
        else { return nil }
        return (operand, type.trimmedDescription, elements[1])
    }

    /// Whether `e` lowers to an error (an `Error` or a case of an error enum of the file), without reporting.
    private mutating func isErrorValue(_ e: ExprSyntax, in scope: Scope) -> Bool {
        let snapshot = self
        let lowered = expression(e, in: scope)
        self = snapshot
        guard case .enumeration(let name, false)? = lowered?.type.unwrapped else { return false }
        return name == Self.errorTypeName || enums[name]?.isError == true
    }

    /// `error is LoadError` (alone or in a chain of `&&`/`||`): the test that the error is one of the enum's cases.
    /// `as?`/`as!` as a value is refused (bind it: `if let e = error as? LoadError`). Nil when no operand of the
    /// chain is a cast of an error.
    mutating func errorCast(_ elements: [ExprSyntax], in scope: Scope) -> (text: String, type: LoweredType)?? {
        let isLogical: (ExprSyntax) -> Bool = {
            $0.as(BinaryOperatorExprSyntax.self).map { ["&&", "||"].contains($0.operator.text) } ?? false
        }
        if elements.contains(where: isLogical) {
            var clauses: [[ExprSyntax]] = [[]]
            var operators: [String] = []
            for element in elements {
                if isLogical(element), let op = element.as(BinaryOperatorExprSyntax.self) {
                    operators.append(op.operator.text)
                    clauses.append([])
                } else {
                    clauses[clauses.count - 1].append(element)
                }
            }
            let snapshot = self
            guard clauses.contains(where: { errorCastParts($0, in: scope) != nil }) else {
                self = snapshot
                return nil
            }
            self = snapshot
            var text = ""
            for (index, clause) in clauses.enumerated() {
                guard let value = infix(clause, in: scope) else { return .some(nil) }
                text += (index > 0 ? " \(operators[index - 1]) " : "") + "(\(value.text))"
            }
            return .some((text, .bool))
        }
        guard let (operand, type, cast) = errorCastParts(elements, in: scope) else { return nil }
        guard cast.is(UnresolvedIsExprSyntax.self) else {
            unsupported(
                "`\(elements.map(\.trimmedDescription).joined(separator: " "))` as a value",
                "bind it (`if let e = error as? \(type) { … }`), or test `error is \(type)`", at: cast)
            return .some(nil)
        }
        guard let (test, _) = errorTypeTest(type, flag: operand.text, at: elements[2]) else { return .some(nil) }
        return .some((test, .bool))
    }

    /// `if let e = error as? LoadError` (`guard let`): the error into `e`, and the test that it is one of the
    /// enum's cases. Nil when `value` is no such cast; `.some(nil)` after refusing.
    mutating func errorCastBinding(_ value: ExprSyntax, name: String, in scope: Scope) -> (
        source: String, test: String, type: LoweredType
    )?? {
        guard let sequence = value.as(SequenceExprSyntax.self),
            let (operand, type, cast) = errorCastParts(Array(sequence.elements), in: scope),
            let asCast = cast.as(UnresolvedAsExprSyntax.self), asCast.questionOrExclamationMark?.text == "?"
        else { return nil }
        guard let (test, castType) = errorTypeTest(type, flag: name, at: value) else { return .some(nil) }
        return .some((operand.text, "\(name) != nil && \(test)", castType))
    }

    /// `case is LoadError:` in a `switch` on an error: the test that it is one of the enum's cases. Nil for another
    /// pattern or subject.
    mutating func errorCaseTest(_ pattern: PatternSyntax, subject: String, in scope: Scope) -> String?? {
        guard let isType = pattern.as(IsTypePatternSyntax.self) else { return nil }
        guard let (test, _) = errorTypeTest(isType.type.trimmedDescription, flag: subject, at: pattern) else {
            return .some(nil)
        }
        return .some(test)
    }
}
