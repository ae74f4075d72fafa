import LoopSimScenario
import SwiftSyntax

/// A run-loop observer's activities written as a mask: `CFRunLoopActivity.beforeWaiting.rawValue |
/// CFRunLoopActivity.exit.rawValue`, `CFRunLoopActivity([.beforeWaiting, .exit]).rawValue`, and a local holding one
/// (`let activities = …` right before `CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, activities, …)`).
///
/// `CFRunLoopActivity` is an `OptionSet` of one bit per activity (CFRunLoop.h: `kCFRunLoopEntry = (1UL << 0)` …
/// `kCFRunLoopExit = (1UL << 7)`, `kCFRunLoopAllActivities = 0x0FFFFFFFU`); `|` of two raw values and an array literal
/// of options make the same union, which the `addObserver:` step's `activities:` list is.
extension SwiftLowering {
    /// The activity names the language's `activities:` takes.
    static let activityNames = [
        "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit", "allActivities",
    ]

    /// The activities a mask expression names, each once in the order written; nil when `e` is not a union of
    /// activities (an `&`, a `~`, a number, a name not an activity).
    func activityMask(_ e: ExprSyntax) -> [String]? {
        if let sequence = e.as(SequenceExprSyntax.self) {
            var names: [String] = []
            for (i, element) in sequence.elements.enumerated() {
                if i % 2 == 1 {
                    guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "|" else { return nil }
                    continue
                }
                guard let more = activityMask(element) else { return nil }
                names += more.filter { !names.contains($0) }
            }
            return names.isEmpty ? nil : names
        }
        if let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return activityMask(only.expression)
        }
        if let array = e.as(ArrayExprSyntax.self) {
            var names: [String] = []
            for element in array.elements {
                guard let more = activityMask(element.expression) else { return nil }
                names += more.filter { !names.contains($0) }
            }
            return names.isEmpty ? nil : names
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.trailingClosure == nil, call.arguments.count == 1,
            call.arguments.first?.label == nil,
            ["CFRunLoopActivity", "CFOptionFlags"].contains(
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "")
        {
            return activityMask(call.arguments.first!.expression)  // `CFRunLoopActivity([.a, .b])`
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if name == "rawValue", let base = member.base { return activityMask(base) }
            guard Self.activityNames.contains(name) else { return nil }
            if let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "CFRunLoopActivity" {
                return nil
            }
            return [name]
        }
        if let ref = e.as(DeclReferenceExprSyntax.self), ref.baseName.text.hasPrefix("kCFRunLoop") {
            let rest = String(ref.baseName.text.dropFirst("kCFRunLoop".count))
            let name = rest.prefix(1).lowercased() + rest.dropFirst()
            return Self.activityNames.contains(name) ? [name] : nil
        }
        return nil
    }

    /// `let activities = MASK` (a ``activityMask(_:)``), as a statement of a body: nothing to run (the observer's
    /// creation reads the mask where it names the local); nil when `decl` is not that.
    func activityMaskLocal(_ decl: VariableDeclSyntax) -> [LocatedNode]? {
        guard decl.bindingSpecifier.text == "let", decl.bindings.count == 1, let binding = decl.bindings.first,
            binding.pattern.is(IdentifierPatternSyntax.self), let value = binding.initializer?.value,
            activityMask(value) != nil
        else { return nil }
        return []
    }

    /// The activities of an observer's second argument: a mask, or the name of a `let` holding one declared earlier
    /// in the same statements (`items[..<index]`); nil when it is neither.
    func observerActivities(_ e: ExprSyntax, _ items: [CodeBlockItemSyntax], before index: Int) -> [String]? {
        if let names = activityMask(e) { return names }
        guard let ref = e.as(DeclReferenceExprSyntax.self) else { return nil }
        for item in items[..<index].reversed() {
            guard let decl = item.item.as(VariableDeclSyntax.self), let binding = decl.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == ref.baseName.text
            else { continue }
            guard activityMaskLocal(decl) != nil, let value = binding.initializer?.value else { return nil }
            return activityMask(value)
        }
        return nil
    }
}
