import LoopSimKernel

/// A class's field declarations (`timer: weak NSTimer = nil`, `[string: NSTimer]`, Objective-C's `__weak` and
/// `@property (copy)` spellings) and the type names they may use (scenario-format.md §7.1).
extension ScenarioCompiler {
    /// The ownership words a field's declaration may start with (`strong` when none).
    static let ownershipWords = ["strong", "weak", "unretained", "unowned", "assign"]
    /// Objective-C's spellings of an ownership (`__weak`, `@property (copy)`), and the word that writes it here.
    static let ownershipAliases = [
        "__weak": "weak", "__strong": "strong", "__unsafe_unretained": "unretained",
        "retain": "strong", "copy": "strong", "unsafe_unretained": "unretained",
    ]

    /// The words of a field's declaration before its `=`: a bracketed type (`[string: NSTimer]`) is one word.
    static func typeWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        for c in text {
            if c == "[" { depth += 1 }
            if c == "]" { depth -= 1 }
            if c == " " && depth <= 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if c != " " {
                current.append(c)
            } else if current.last == ":" {
                current.append(c)  // `[string: int]` keeps Swift's spacing
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `[strong|weak|unretained|unowned] Type [= value]`.
    func fieldDeclaration(_ entry: LocatedNode.Mapping.Entry) -> (FieldInfo, TypeRef)? {
        // `timers: [NSTimer]` is a YAML sequence of one type name: the array type `[NSTimer]`.
        if let items = entry.value.sequence?.items, items.count == 1, let element = items[0].scalar?.text,
            !element.contains(" ")
        {
            guard let type = typeNamed("[\(element)]") else {
                bag.error(
                    .fieldDecl,
                    "unknown element type '\(element)' for the array field `\(entry.key.text)`"
                        + suggestion(element, program.classes.map(\.name) + Self.builtinTypes), at: items[0].location)
                return nil
            }
            return (FieldInfo(name: entry.key.text, strength: .strong, initial: .array([])), type)
        }
        guard let text = entry.value.scalar?.text else {
            bag.error(
                .fieldDecl, "a field is declared as e.g. `strong TimerButton`, `weak NSTimer` or `int = 5`",
                at: entry.value.location)
            return nil
        }
        // Empty pieces are kept: `= 5` has no type, and must be reported rather than crash the compiler.
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        var words = Self.typeWords(String(parts[0]))
        let initialText = parts.count > 1 ? parts[1].trimmingSpaces : nil
        guard !words.isEmpty else {
            bag.error(
                .fieldDecl, "field `\(entry.key.text)` has no type; write it before the value, e.g. `int = 5`",
                at: entry.value.location)
            return nil
        }
        var strength = Strength.strong
        if let first = words.first, Self.ownershipWords.contains(first) {
            strength =
                first == "strong" ? .strong : first == "weak" ? .weak : first == "unowned" ? .unowned : .unretained
            words.removeFirst()
        } else if words.count == 2, typeNamed(words[1]) != nil {
            // `waek NSTimer`: the type is known, so the first word is a misspelt ownership. One error, and the
            // field is declared as meant, so that its uses raise nothing more.
            let meant =
                Self.ownershipAliases[words[0]]
                ?? KeyChecker.suggestion(for: words[0], among: Self.ownershipWords)
            var at = entry.value.location
            if let scalar = entry.value.scalar, let range = text.range(of: words[0]) {
                at = location(in: scalar, offset: text.distance(from: text.startIndex, to: range.lowerBound))
            }
            bag.error(
                .fieldDecl,
                "unknown ownership '\(words[0])' for field `\(entry.key.text)`"
                    + (meant.map { "; did you mean `\($0)`?" } ?? "")
                    + " (a field is " + Self.ownershipWords.map { "`\($0)`" }.joined(separator: ", ") + ")", at: at)
            strength = meant == "weak" ? .weak : meant == "strong" || meant == nil ? .strong : .unretained
            words.removeFirst()
        }
        guard words.count == 1, let type = typeNamed(words[0]) else {
            let name = words.last ?? text
            var at = entry.value.location
            if let scalar = entry.value.scalar, let range = text.range(of: name) {
                at = location(in: scalar, offset: text.distance(from: text.startIndex, to: range.lowerBound))
            }
            bag.error(
                .fieldDecl,
                "unknown type '\(name)' for field `\(entry.key.text)`"
                    + suggestion(name, program.classes.map(\.name) + Self.builtinTypes), at: at)
            return nil
        }
        if case .dictionary = type {
            // A dictionary is a value as an array is: strong, and it starts empty (`= [:]`).
            if strength != .strong {
                bag.error(
                    .fieldDecl,
                    "a dictionary field holds its values strongly: `\(entry.key.text)` cannot be weak "
                        + "or unretained (a Swift dictionary is a value, never `weak`)", at: entry.value.location)
            }
            if let initialText, initialText != "[:]" {
                bag.error(
                    .fieldDecl, "a dictionary field starts empty: write `= [:]` or nothing", at: entry.value.location)
            }
            return (FieldInfo(name: entry.key.text, strength: .strong, initial: .dictionary(DictionaryEntries())), type)
        }
        if case .array = type {
            // An array is a value: its place holds its elements strongly, and it starts empty (`= []`).
            if strength != .strong {
                bag.error(
                    .fieldDecl,
                    "an array field holds its elements strongly: `\(entry.key.text)` cannot be weak "
                        + "or unretained (a Swift array is a value, never `weak`)", at: entry.value.location)
            }
            if let initialText, initialText != "[]" {
                bag.error(.fieldDecl, "an array field starts empty: write `= []` or nothing", at: entry.value.location)
            }
            return (FieldInfo(name: entry.key.text, strength: .strong, initial: .array([])), type)
        }
        if strength == .weak && !type.isObject {
            bag.error(.fieldDecl, "only objects can be weak; `\(entry.key.text)` is \(type)", at: entry.value.location)
        }
        var initial = Value.null
        if initialText == "nil", type == .int || type == .bool || type == .string || type == .duration {
            // `count: int = nil`: an optional integer, boolean, string or duration (Swift's `var count: Int?`,
            // `var start: Date?`), nil until set.
        } else if let initialText {
            // The caret goes on the value: the first character after `=` that is not a space.
            var valueAt = entry.value.location
            if let scalar = entry.value.scalar, let eq = text.firstIndex(of: "=") {
                let start = text[text.index(after: eq)...].firstIndex { $0 != " " } ?? eq
                valueAt = location(in: scalar, offset: text.distance(from: text.startIndex, to: start))
            }
            switch type {
            case .int:
                guard let v = Int(initialText) else {
                    let digits = initialText.drop { $0 == "-" || $0 == "+" }
                    if !digits.isEmpty && digits.count + 1 >= initialText.count
                        && digits.allSatisfy({ $0.isASCII && $0.isNumber })
                    {
                        bag.error(
                            .fieldDecl, "integer out of range: an int field holds \(Int.min)...\(Int.max)", at: valueAt)
                    } else {
                        bag.error(
                            .fieldDecl, "initial value of an int field must be an integer, not '\(initialText)'",
                            at: valueAt)
                    }
                    return nil
                }
                initial = .int(v)
            case .bool:
                guard initialText == "true" || initialText == "false" else {
                    bag.error(.fieldDecl, "initial value of a bool field is true or false", at: valueAt)
                    return nil
                }
                initial = .bool(initialText == "true")
            case .duration:
                // `interval: duration = 0.5s`, or `= 0.5` (seconds, as a Swift `TimeInterval` literal).
                let withUnit = initialText.last.map { $0.isNumber } == true ? initialText + "s" : initialText
                switch DurationParser.signedNanoseconds(withUnit) {
                case .success(let ns):
                    guard
                        let d = checkDurationRange(
                            .nanoseconds(ns), text: initialText, what: "initial value",
                            at: valueAt)
                    else { return nil }
                    initial = .duration(d)
                case .failure(let error):
                    bag.error(.fieldDecl, "initial value of a duration field: \(error.message)", at: valueAt)
                    return nil
                }
            case .string:
                // `name: string = main` or `= "main"`: the text, quotes dropped.
                var text = Substring(initialText)
                if text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") {
                    text = text.dropFirst().dropLast()
                }
                initial = .string(String(text))
            default:
                bag.error(
                    .fieldDecl, "only int, bool, string and duration fields take an initial value",
                    at: entry.value.location)
            }
        } else if type == .int {
            initial = .int(0)
        } else if type == .bool {
            initial = .bool(false)
        } else if type == .duration {
            initial = .duration(.zero)
        }
        return (FieldInfo(name: entry.key.text, strength: strength, initial: initial), type)
    }

    /// A step's value-type key (`returns:`, `type:`): `.some(nil)` without it, `.some(type)` for a name of a type,
    /// nil after reporting `message` at the key for anything else.
    func valueTypeKey(_ node: LocatedNode?, _ message: String) -> TypeRef?? {
        guard let node else { return .some(nil) }
        guard let text = node.scalar?.text, let t = typeNamed(text) else {
            bag.error(.nameUndefined, message, at: node.location)
            return nil
        }
        return .some(t)
    }

    /// A step's place key (`result:`, `found:`, `ended:`) for a value of `type` (nil: any): `.some(nil)` without it,
    /// `.some(place)` declared (a new name becomes a local of `type`) and checked to take `type`; nil after a
    /// reported problem.
    func typedPlaceKey(_ node: LocatedNode?, _ type: TypeRef?, scope: Scope) -> LValue?? {
        guard let node else { return .some(nil) }
        guard let (place, placeType) = lvalue(node, scope: scope, declare: type) else { return nil }
        if let type { checkAssignable(type, to: placeType, at: node.location) }
        return .some(place)
    }

    func typeNamed(_ name: String) -> TypeRef? {
        // `(string, int)`: the stored properties of a struct an async method returns (``TypeRef/record(_:)``), each
        // an int, a bool, a string or a duration; `([int], [string])`: those of an array of structs, one array of
        // such values per property.
        if name.hasPrefix("("), name.hasSuffix(")") {
            let parts = name.dropFirst().dropLast().split(separator: ",").map {
                typeNamed(String($0).trimmingCharacters)
            }
            let plain: [TypeRef] = [.int, .bool, .string, .duration]
            guard !parts.isEmpty,
                parts.allSatisfy({ part in
                    guard let part else { return false }
                    if case .array(let element) = part { return plain.contains(element) }
                    return plain.contains(part)
                })
            else {
                return nil
            }
            return .record(parts.compactMap { $0 })
        }
        // `[NSTimer]`: an array of a type that is not itself an array (section 7.1, "Arrays").
        if name.hasPrefix("["), name.hasSuffix("]"), name.count > 2 {
            let inner = String(name.dropFirst().dropLast()).trimmingCharacters
            guard !inner.hasPrefix("[") else { return nil }
            // `[string: NSTimer]`: a dictionary; its key an int, a string or a bool, its value no collection
            // (section 7.1.2, "Dictionaries").
            if let colon = inner.firstIndex(of: ":") {
                let valueText = String(inner[inner.index(after: colon)...]).trimmingCharacters
                guard let key = typeNamed(String(inner[..<colon]).trimmingCharacters),
                    [.int, .string, .bool].contains(key), !valueText.hasPrefix("["), let value = typeNamed(valueText)
                else { return nil }
                return .dictionary(key, value)
            }
            guard let element = typeNamed(inner) else { return nil }
            return .array(element)
        }
        switch name {
        case "NSTimer", "Timer", "CADisplayLink": return .timer
        case "dispatch_source", "dispatch_source_t", "DispatchSourceTimer": return .dispatchSource
        case "dispatch_semaphore", "dispatch_semaphore_t", "DispatchSemaphore": return .semaphore
        case "dispatch_group", "dispatch_group_t", "DispatchGroup": return .group
        case "dispatch_queue", "dispatch_queue_t", "DispatchQueue": return .queue
        case "dispatch_once_t": return .int
        case "CFRunLoop", "CFRunLoopRef", "NSRunLoop", "RunLoop": return .runLoop
        case "CFRunLoopSource": return .source
        case "CFRunLoopObserver", "CFRunLoopObserverRef": return .observer
        case "NSThread", "Thread": return .thread
        case "NSPort", "NSMachPort", "NSInputStream", "NSURLConnection": return .port
        case "block": return .block
        case "NSNotification", "Notification": return .notification
        case "int", "Int", "NSInteger": return .int
        case "bool", "BOOL", "Bool": return .bool
        case "string": return .string
        case "duration", "TimeInterval", "Double": return .duration
        case "id", "UINavigationController", "UIViewController", "UIView": return .anyObject
        case "Task": return .anyObject  // a Swift concurrency task handle (`task:` with `into:`)
        default:
            guard let c = program.classes.firstIndex(where: { $0.name == name }) else { return nil }
            return .object(classIndex: c, name: name)
        }
    }
}
