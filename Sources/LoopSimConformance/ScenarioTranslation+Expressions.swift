import LoopSimKernel

/// The program model's expressions as Swift expressions of type `LSValue`, for the steps of
/// ScenarioTranslation+Steps.swift; an expression the runtime cannot write is reported untranslatable by name.
extension ScenarioTranslation {
    /// A Swift expression of type `LSValue`.
    mutating func expr(_ e: Expr, _ context: BodyContext) -> String {
        switch e {
        case .literal(let value):
            if case .duration = value { unsupported(Self.computedDuration("a duration value")) }
            return literal(value)
        case .path(let root, let fields):
            var text: String
            switch root {
            case .local(let i): text = place(i, context)
            case .selfObject: text = "LSValue.object(self)"
            case .shared:
                unsupported("`shared C` (a class's lazily made singleton)")
                text = "LSValue.null"
            case .capture(let i):
                switch i < context.captures.count ? context.captures[i] : .strong {
                case .strong: text = "c\(i)"
                case .weak: text = "LSValue(weak: c\(i))"
                case .unretained, .unowned: text = "c\(i).value"
                }
            }
            for field in fields { text = "LS.get(\(text), \(field))" }
            return text
        case .field(let base, let field):
            return "LS.get(\(expr(base, context)), \(field))"
        case .new(let c, let label):
            return "LS.new(\(className(c))(label: \(SwiftWriter.literal(label))))"
        case .block(let t):
            let arguments = program.blocks[t].captures.map { capture -> String in
                let value = expr(capture.value, context)
                switch capture.strength {
                case .strong: return value
                case .weak: return "LS.obj(\(value))"
                case .unretained, .unowned: return "LSUnowned(\(value))"
                }
            }
            return "LSValue.object(\(namespace).block\(t)(" + arguments.joined(separator: ", ") + "))"
        case .currentRunLoop:
            return "LS.currentRunLoop()"
        case .mainRunLoop:
            return "LS.mainRunLoop()"
        case .compare(let lhs, let op, let rhs):
            return
                "LSValue.bool(LS.compare(\(expr(lhs, context)), \(SwiftWriter.literal(op.rawValue)), \(expr(rhs, context))))"
        case .not(let inner):
            return "LSValue.bool(!LS.truthy(\(expr(inner, context))))"
        case .logical(let lhs, let isAnd, let rhs):
            return "LSValue.bool(LS.truthy(\(expr(lhs, context))) \(isAnd ? "&&" : "||") "
                + "LS.truthy(\(expr(rhs, context))))"
        case .coalesce(let lhs, let rhs):
            return "LS.coalesce(\(expr(lhs, context)), \(expr(rhs, context)))"
        case .newSemaphore(let value):
            return "LSValue.object(DispatchSemaphore(value: \(value)))"
        case .newGroup:
            return "LSValue.object(DispatchGroup())"
        case .newQueue(let label, let width):
            let attributes = width > 1 ? ", attributes: .concurrent" : ""
            return "LSValue.object(DispatchQueue(label: \(SwiftWriter.literal(label))\(attributes)))"
        case .arithmetic(let lhs, let isAddition, let rhs):
            return "LS.arithmetic(\(expr(lhs, context)), \(isAddition ? 1 : -1), \(expr(rhs, context)))"
        case .product(let lhs, let op, let rhs):
            return "LS.product(\(expr(lhs, context)), \"\(op.rawValue)\", \(expr(rhs, context)))"
        case .wallSeconds:
            return "LS.wallSeconds()"
        case .wallNow, .uptimeNow, .wholeSeconds, .power:
            unsupported(Self.computedDuration("a date, a duration's whole seconds or a power"))
            return "LSValue.null"
        case .format:
            unsupported("`format(…)` (String(format:)) is not translated: write the Swift file itself")
            return "LSValue.null"
        case .taskIsCancelled:
            return "LSValue.bool(Task.isCancelled)"
        case .uikitProperty(_, let property):
            unsupported("UIKit's \(property.rawValue): no UIKit on Linux")
            return "LSValue.null"
        case .timerProperty(_, .userInfo):
            unsupported("a timer's `userInfo` read")
            return "LSValue.null"
        case .timerProperty(let base, let property):
            return "LS.timerProperty(\(expr(base, context)), \(SwiftWriter.literal(property.rawValue)))"
        case .currentThread:
            return "LS.currentThread()"
        case .mainThread:
            return "LS.mainThread()"
        case .threadProperty(let base, let property):
            return "LS.threadProperty(\(expr(base, context)), \(SwiftWriter.literal(property.rawValue)))"
        case .runLoopProperty(let base, let property):
            return "LS.runLoopProperty(\(expr(base, context)), \(SwiftWriter.literal(property.rawValue)))"
        case .notificationProperty(let base, let property):
            return "LS.notificationProperty(\(expr(base, context)), \(SwiftWriter.literal(property.rawValue)))"
        case .userInfoValue:
            unsupported("a userInfo value read without `as?`")  // the compiler makes none
            return "LSValue.null"
        case .operationProperty(let base, let property):
            return "LS.operationProperty(\(expr(base, context)), \(SwiftWriter.literal(property.rawValue)))"
        case .currentOperationQueue:
            return "LS.currentOperationQueueName()"
        case .iosVersion:
            return "LSValue.int(Int.max)"  // the real program runs on Linux: every `#available(iOS …, *)` passes
        case .interpolation:
            unsupported("an interpolated string value (write a Swift-coded conformance file: docs/swift-scenarios.md)")
            return "LSValue.null"
        case .arrayLiteral, .arrayProperty, .arrayElement, .arrayContains:
            unsupported("an array (write a Swift-coded conformance file: docs/swift-scenarios.md)")
            return "LSValue.null"
        case .stringCount(let base):
            return "LS.stringCount(\(expr(base, context)))"
        case .stringFunction:
            unsupported("a String function (write a Swift-coded conformance file: docs/swift-scenarios.md)")
            return "LSValue.null"
        case .sorted, .sum, .dictionaryLiteral, .dictionaryValue, .dictionaryView:
            unsupported("a dictionary (write a Swift-coded conformance file: docs/swift-scenarios.md)")
            return "LSValue.null"
        case .cast(let inner, let type):
            let value: String
            if case .userInfoValue(let base, let key) = inner {
                value = "LS.userInfoValue(\(expr(base, context)), \(SwiftWriter.literal(key)))"
            } else {
                value = "LS.any(\(expr(inner, context)))"
            }
            switch type {
            case .int: return "LS.cast(\(value), \"int\")"
            case .bool: return "LS.cast(\(value), \"bool\")"
            case .string: return "LS.cast(\(value), \"string\")"
            case .timer: return "LS.cast(\(value), \"timer\")"
            case .notification: return "LS.cast(\(value), \"notification\")"
            case .instance(let c): return "LS.cast(\(value), to: \(className(c)).self)"
            }
        }
    }
}
