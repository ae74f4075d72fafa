/// The small expression language of step arguments: paths (`self.button.timer`), `new ClassName`,
/// `current runloop`, `main runloop`, `current thread`, `main thread`, literals, comparisons, `&&`, `||`, `!`
/// (also `not`) and parentheses.
///
/// ```
/// expr       := or
/// or         := and ("||" and)*
/// and        := comparison ("&&" comparison)*
/// comparison := coalesce (("==" | "!=" | "<" | "<=" | ">" | ">=") coalesce)?
/// coalesce   := sum ("??" coalesce)?
/// sum        := term (("+" | "-") term)*
/// term       := shift (("*" | "/" | "%") shift)*
/// shift      := unary (("<<" | ">>") unary)*
/// unary      := ("not" | "!") unary | primary ("as?" Name)?
/// primary    := "(" expr ")" | "new" Name | "shared" Name | ("current" | "main") ("runloop" | "thread") ("." Name)* | "nil"
///             | "true" | "false" | "distantFuture" | "referenceDate" | Integer | Duration | String | Name ("." Name)*
/// Duration   := Integer ("." Digits)? Unit | Integer "." Digits        -- `250ms`, `1.5s`, `0.1` (seconds)
/// ```
/// A duration literal is a value of type `duration` (Swift's `TimeInterval`: a decimal number is seconds), exact in
/// nanoseconds (``DurationParser``); `*` and `/` take durations and integers, `+` and `-` two durations
/// (docs/scenario-format.md §6, "Durations as values").
/// So `!` binds tighter than a comparison, a comparison than `&&`, and `&&` than `||`, as in C and Swift.
/// `&&` and `||` evaluate their right side only when the left does not decide (``Expr/logical(_:isAnd:_:)``).
/// `*`, `/` and `%` bind tighter than `+` and `-`, left to right, as in Swift. `??` (nil-coalescing: the left value
/// unless it is nil, else the right, evaluated only then) binds looser than `+` and tighter than a comparison, and
/// groups to the right, as Swift's `NilCoalescingPrecedence` does.
/// Operators of C, Objective-C and Swift that the language does not have (`&`, `|`, `^`, `->`, `[obj msg]`,
/// `@selector`) are errors whose message says how to write them here (``ExpressionError/isForeign``).
/// A string is double-quoted text without escapes (`"kCFRunLoopDefaultMode"`). `as?` is Swift's conditional cast
/// (`note.userInfo.count as? int`), written without a space before the `?`.
/// Columns are offsets into the scalar's text, so diagnostics point inside the expression.
/// An expression holds at most ``ExpressionParser/maxNesting`` operators, `not`s and field accesses: each nests
/// the tree one level deeper, and the compiler, the interpreter and the tree's own release recurse through it.
indirect enum ParsedExpr {
    case name(String, column: Int)
    case member(ParsedExpr, String, column: Int)
    case int(Int)
    /// A duration literal (`250ms`, `1.5s`, `0.1`), in nanoseconds.
    case duration(Int64)
    case bool(Bool)
    case string(String)
    case null
    case new(String, column: Int)
    /// `shared C`: the one instance of a `root: true` class, made on its first read.
    case shared(String, column: Int)
    case currentRunLoop
    case mainRunLoop
    case currentThread
    case mainThread
    case newSemaphore(Int)
    case newGroup
    /// `dispatch_queue_create "label"` (serial) or `dispatch_queue_create "label" concurrent`: a new queue.
    case newQueue(String, concurrent: Bool)
    case wallSeconds
    /// `now_date`: the virtual clock's time since the start (the modelled device's wall time, never the host's), a
    /// duration (Swift's `Date()`).
    case wallNow
    /// `now_uptime`: the monotonic clock's time since the start (stands still while the device sleeps), a duration
    /// (Swift's `CACurrentMediaTime()`).
    case uptimeNow
    /// `int(x)`: a duration's whole seconds, toward zero; the column is `int`'s.
    case wholeSeconds(ParsedExpr, column: Int)
    /// `pow(b, n)`: a duration to an integer power; the column is `pow`'s.
    case power(ParsedExpr, ParsedExpr, column: Int)
    /// `format("%02d", n)`: the format's text, where its text starts (one past the quote), and the arguments.
    case format(String, textColumn: Int, [ParsedExpr], column: Int)
    /// `Task.isCancelled`.
    case taskIsCancelled
    case arithmetic(ParsedExpr, String, ParsedExpr)
    case compare(ParsedExpr, String, ParsedExpr)
    case not(ParsedExpr)
    /// `a && b` or `a || b` (the operator as written).
    case logical(ParsedExpr, String, ParsedExpr)
    /// `a ?? b`.
    case coalesce(ParsedExpr, ParsedExpr)
    /// `EXPR as? TYPE`; the column is the type name's.
    case cast(ParsedExpr, String, column: Int)
    /// `"tick \(n)"`: a string with interpolations (section 6); the column is the opening quote's.
    case interpolated(String, column: Int)
    /// `[a, b]`, `[]`: an array literal (section 7.1, "Arrays"); the column is the `[`'s.
    case arrayLiteral([ParsedExpr], column: Int)
    /// `a[i]`; the column is the `[`'s.
    case element(ParsedExpr, ParsedExpr, column: Int)
    /// `a.contains(x)`; the column is `contains`'s.
    case contains(ParsedExpr, ParsedExpr, column: Int)
    /// `s.hasPrefix(p)`, `s.hasSuffix(p)`, `s.uppercased()`, `s.lowercased()` (``StringFunction``); the column is
    /// the function's.
    case stringCall(ParsedExpr, String, ParsedExpr?, column: Int)
    /// `a.sorted()`; the column is `sorted`'s.
    case sorted(ParsedExpr, column: Int)
    /// `a.sum()`; the column is `sum`'s.
    case sum(ParsedExpr, column: Int)
    /// `[k: v, …]`, `[:]`: a dictionary literal (section 7.1.2, "Dictionaries"); the column is the `[`'s.
    case dictionaryLiteral(keys: [ParsedExpr], values: [ParsedExpr], column: Int)

    /// The path's names (`["self", "button", "timer"]`) if this is a plain path.
    var pathNames: [String]? {
        switch self {
        case .name(let n, _): [n]
        case .member(let base, let n, _): base.pathNames.map { $0 + [n] }
        default: nil
        }
    }

    /// The names of a field path from a class's shared instance (`shared Counter.instances` →
    /// `["shared Counter", "instances"]`), nil for any other expression.
    var sharedPathNames: [String]? {
        switch self {
        case .shared(let cls, _): ["shared \(cls)"]
        case .member(let base, let n, _): base.sharedPathNames.map { $0 + [n] }
        default: nil
        }
    }
}

struct ExpressionError: Error {
    var message: String
    var column: Int
    /// A construct of another language, which the message says how to write here (`expr.foreign`).
    var isForeign = false

    /// An error for a construct of another language at `column`.
    static func foreign(_ message: String, at column: Int) -> ExpressionError {
        ExpressionError(message: message, column: column, isForeign: true)
    }
}

struct ExpressionParser {
    private typealias Token = ExpressionToken
    private var tokens: [(Token, Int)] = []
    private var index = 0
    /// Operators, `not`s, parentheses and field accesses so far.
    private var nesting = 0

    /// The most operators (`&&`, `||`, `!` among them), `not`s, parentheses and field accesses one expression may
    /// hold. Each makes the tree one level deeper,
    /// and a tree of 200,000 levels (`not not … true`, `1 + 1 + …`, `c.c.c…`, a few lines of YAML) overflowed the
    /// stack of the recursions that walk it; no expression of a scenario comes near 100.
    static let maxNesting = 100

    /// Counts one more operator, `not` or field access, at the token at `column`.
    private mutating func nest(at column: Int) throws {
        nesting += 1
        guard nesting <= Self.maxNesting else {
            throw ExpressionError(
                message: "more than \(Self.maxNesting) operators, `not`s and fields in one "
                    + "expression; split it over locals (`let:`)", column: column)
        }
    }

    /// Parses `text`; columns in errors and paths are 0-based offsets into `text`.
    /// A string literal's text without its escapes: `\"` is `"`, `\\` is `\`, any other `\` itself (section 6).
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            if text[i] == "\\", next < text.endIndex, text[next] == "\\" || text[next] == "\"" {
                result.append(text[next])
                i = text.index(after: next)
            } else {
                result.append(text[i])
                i = next
            }
        }
        return result
    }

    static func parse(_ text: String) -> Result<ParsedExpr, ExpressionError> {
        var parser = ExpressionParser()
        do {
            parser.tokens = try ExpressionTokenizer.tokens(of: text)
            let expr = try parser.disjunction()
            guard case .end = parser.tokens[parser.index].0 else {
                let (token, column) = parser.tokens[parser.index]
                if token == .name("and") || token == .name("or") {
                    let isAnd = token == .name("and")
                    throw ExpressionError.foreign(
                        "write `\(isAnd ? "&&" : "||")` for a logical \(isAnd ? "and" : "or")", at: column)
                }
                if token == .close {
                    throw ExpressionError(message: "')' without a matching '('", column: column)
                }
                throw ExpressionError(message: "unexpected text after the expression", column: column)
            }
            return .success(expr)
        } catch let error as ExpressionError {
            return .failure(error)
        } catch {
            return .failure(ExpressionError(message: "\(error)", column: 0))
        }
    }

    /// `a || b || …`, left to right.
    private mutating func disjunction() throws -> ParsedExpr {
        var lhs = try conjunction()
        while case .op("||") = tokens[index].0 {
            try nest(at: tokens[index].1)
            index += 1
            lhs = .logical(lhs, "||", try conjunction())
        }
        return lhs
    }

    /// `a && b && …`, left to right.
    private mutating func conjunction() throws -> ParsedExpr {
        var lhs = try comparison()
        while case .op("&&") = tokens[index].0 {
            try nest(at: tokens[index].1)
            index += 1
            lhs = .logical(lhs, "&&", try comparison())
        }
        return lhs
    }

    private mutating func comparison() throws -> ParsedExpr {
        let lhs = try coalescing()
        if case .op(let op) = tokens[index].0, ["==", "!=", "<", "<=", ">", ">="].contains(op) {
            try nest(at: tokens[index].1)
            index += 1
            return .compare(lhs, op, try coalescing())
        }
        return lhs
    }

    /// `a ?? b ?? …`, right to left (`a ?? (b ?? c)`).
    private mutating func coalescing() throws -> ParsedExpr {
        let lhs = try sum()
        guard case .op("??") = tokens[index].0 else { return lhs }
        try nest(at: tokens[index].1)
        index += 1
        return .coalesce(lhs, try coalescing())
    }

    private mutating func sum() throws -> ParsedExpr {
        var lhs = try term()
        while case .op(let op) = tokens[index].0, op == "+" || op == "-" {
            try nest(at: tokens[index].1)
            index += 1
            lhs = .arithmetic(lhs, op, try term())
        }
        return lhs
    }

    /// `*`, `/` and `%`, tighter than `+` and `-`.
    private mutating func term() throws -> ParsedExpr {
        var lhs = try shift()
        while case .op(let op) = tokens[index].0, op == "*" || op == "/" || op == "%" {
            try nest(at: tokens[index].1)
            index += 1
            lhs = .arithmetic(lhs, op, try shift())
        }
        return lhs
    }

    /// `<<` and `>>`, tighter than `*`, as Swift's BitwiseShiftPrecedence is.
    private mutating func shift() throws -> ParsedExpr {
        var lhs = try unary()
        while case .op(let op) = tokens[index].0, op == "<<" || op == ">>" {
            try nest(at: tokens[index].1)
            index += 1
            lhs = .arithmetic(lhs, op, try unary())
        }
        return lhs
    }

    private mutating func unary() throws -> ParsedExpr {
        if tokens[index].0 == .name("not") || tokens[index].0 == .op("!") {
            try nest(at: tokens[index].1)
            index += 1
            return .not(try unary())
        }
        let expr = try primary()
        guard case .cast = tokens[index].0 else { return expr }
        index += 1
        guard case .name(let type) = tokens[index].0 else {
            throw ExpressionError(message: "`as?` needs a type, e.g. `as? int` or `as? Page`", column: tokens[index].1)
        }
        index += 1
        return .cast(expr, type, column: tokens[index - 1].1)
    }

    private mutating func primary() throws -> ParsedExpr {
        let (token, column) = tokens[index]
        index += 1
        switch token {
        case .int(let v): return .int(v)
        case .duration(let ns): return .duration(ns)
        case .string(let text):
            // a literal's members: `" a ".trimmingWhitespaces()`, `"abc".count`
            return try members(
                of: text.contains("\\(") ? .interpolated(text, column: column) : .string(Self.unescaped(text)))
        case .open:
            try nest(at: column)
            let inner = try disjunction()
            guard case .close = tokens[index].0 else {
                throw ExpressionError(message: "'(' is not closed: add ')'", column: tokens[index].1)
            }
            index += 1
            return inner
        case .name("nil"): return .null
        case .name("distantFuture"): return .int(Int.max)  // `+[NSDate distantFuture]`, as limitDateForMode: answers it
        // `Date(timeIntervalSinceReferenceDate: 0)`, as an invalid timer's fireDate reads on corelibs
        case .name("referenceDate"): return .int(Int.min)  // TimerProperty.referenceDateMs
        case .name("true"), .name("YES"): return .bool(true)
        case .name("false"), .name("NO"): return .bool(false)
        case .name("new"):
            guard case .name(let cls) = tokens[index].0 else {
                throw ExpressionError(
                    message: "`new` needs a class name, e.g. `new RegisterPage`", column: tokens[index].1)
            }
            index += 1
            return .new(cls, column: tokens[index - 1].1)
        case .name("shared"):
            // `shared C`: only before a class name; `shared` alone stays a name (a local, a field's path).
            guard case .name(let cls) = tokens[index].0, cls.first?.isUppercase == true else {
                return try path(from: "shared", column: column)
            }
            index += 1
            return try members(of: .shared(cls, column: tokens[index - 1].1))
        case .name("now_s"):
            return .wallSeconds
        case .name("now_date"):
            return .wallNow
        case .name("now_uptime"):
            return .uptimeNow
        case .name("format") where tokens[index].0 == .open:
            index += 1
            try nest(at: column)
            guard case .string(let format) = tokens[index].0 else {
                throw ExpressionError(
                    message: "format( takes a string first: `format(\"%02d\", n)`", column: tokens[index].1)
            }
            let textColumn = tokens[index].1 + 1
            index += 1
            var arguments: [ParsedExpr] = []
            while case .comma = tokens[index].0 {
                index += 1
                arguments.append(try disjunction())
            }
            guard case .close = tokens[index].0 else {
                throw ExpressionError(
                    message: "format( is `format(\"…\", a, b)`: expected ',' or ')'", column: tokens[index].1)
            }
            index += 1
            return .format(format, textColumn: textColumn, arguments, column: column)
        case .name("int") where tokens[index].0 == .open:
            index += 1
            try nest(at: column)
            let inner = try disjunction()
            guard case .close = tokens[index].0 else {
                throw ExpressionError(message: "'int(' is not closed: add ')'", column: tokens[index].1)
            }
            index += 1
            return .wholeSeconds(inner, column: column)
        case .name("pow") where tokens[index].0 == .open:
            index += 1
            try nest(at: column)
            let base = try disjunction()
            guard case .comma = tokens[index].0 else {
                throw ExpressionError(message: "pow( is `pow(base, exponent)`: expected ','", column: tokens[index].1)
            }
            index += 1
            let exponent = try disjunction()
            guard case .close = tokens[index].0 else {
                throw ExpressionError(message: "'pow(' is not closed: add ')'", column: tokens[index].1)
            }
            index += 1
            return .power(base, exponent, column: column)
        case .name("dispatch_semaphore_create"):
            guard case .int(let value) = tokens[index].0, value >= 0 else {
                throw ExpressionError(
                    message: "dispatch_semaphore_create takes a count >= 0, e.g. `dispatch_semaphore_create 0`",
                    column: tokens[index].1)
            }
            index += 1
            return .newSemaphore(value)
        case .name("dispatch_group_create"):
            return .newGroup
        case .name("dispatch_queue_create"):
            guard case .string(let label) = tokens[index].0 else {
                throw ExpressionError(
                    message: "dispatch_queue_create takes a label, e.g. `dispatch_queue_create \"com.app.worker\"` "
                        + "(add `concurrent` for a concurrent queue)",
                    column: tokens[index].1)
            }
            index += 1
            if case .name("concurrent") = tokens[index].0 {
                index += 1
                return .newQueue(label, concurrent: true)
            }
            return .newQueue(label, concurrent: false)
        case .name("Task") where tokens[index].0 == .dot && tokens[index + 1].0 == .name("isCancelled"):
            index += 2
            return .taskIsCancelled
        case .name(let word) where word == "current" || word == "main":
            if case .name("runloop") = tokens[index].0 {
                index += 1
                return try members(of: word == "current" ? .currentRunLoop : .mainRunLoop)
            }
            if case .name("thread") = tokens[index].0 {
                index += 1
                return try members(of: word == "current" ? .currentThread : .mainThread)
            }
            return try path(from: word, column: column)
        case .name(let word):
            return try path(from: word, column: column)
        case .openBracket:
            return try arrayLiteral(column: column)
        case .end:
            throw ExpressionError(message: "expected an expression", column: column)
        default:
            throw ExpressionError(
                message: "expected a name, a number, a \"string\", `new`, `nil`, `current runloop` or `current thread`",
                column: column)
        }
    }

    private mutating func path(from first: String, column: Int) throws -> ParsedExpr {
        try members(of: .name(first, column: column))
    }

    /// `[a, b, …]` after its `[` (at `column`), or `[]`. `[receiver message]`, Objective-C's message syntax, is
    /// `expr.foreign`.
    private mutating func arrayLiteral(column: Int) throws -> ParsedExpr {
        try nest(at: column)
        var elements: [ParsedExpr] = []
        if case .closeBracket = tokens[index].0 {
            index += 1
            return .arrayLiteral([], column: column)
        }
        if case .colon = tokens[index].0 {
            guard case .closeBracket = tokens[index + 1].0 else {
                throw ExpressionError(
                    message: "an empty dictionary is `[:]`: expected ']'", column: tokens[index + 1].1)
            }
            index += 2
            return .dictionaryLiteral(keys: [], values: [], column: column)
        }
        while true {
            elements.append(try disjunction())
            if elements.count == 1, case .colon = tokens[index].0 { return try dictionaryLiteral(elements[0], column) }
            switch tokens[index].0 {
            case .comma: index += 1
            case .closeBracket:
                index += 1
                return .arrayLiteral(elements, column: column)
            case .name where elements.count == 1:
                throw ExpressionError.foreign(
                    "`[receiver message]` is not an expression here: call a method with the "
                        + "`call:` step, read a field or property as `receiver.name`", at: column)
            default:
                throw ExpressionError(
                    message: "an array literal is `[a, b]`: expected ',' or ']'", column: tokens[index].1)
            }
        }
    }

    /// `[k: v, …]` after its first key: the entries up to the `]`.
    private mutating func dictionaryLiteral(_ firstKey: ParsedExpr, _ column: Int) throws -> ParsedExpr {
        var keys = [firstKey]
        var values: [ParsedExpr] = []
        while true {
            guard case .colon = tokens[index].0 else {
                throw ExpressionError(
                    message: "a dictionary literal is `[key: value, …]`: expected ':'", column: tokens[index].1)
            }
            index += 1
            values.append(try disjunction())
            switch tokens[index].0 {
            case .comma:
                index += 1
                keys.append(try disjunction())
            case .closeBracket:
                index += 1
                return .dictionaryLiteral(keys: keys, values: values, column: column)
            default:
                throw ExpressionError(
                    message: "a dictionary literal is `[key: value, …]`: expected ',' or ']'", column: tokens[index].1)
            }
        }
    }

    /// `base` followed by any `.name` members, `[index]` subscripts and `.contains(x)` calls.
    private mutating func members(of base: ParsedExpr) throws -> ParsedExpr {
        var expr = base
        while true {
            if case .openBracket = tokens[index].0 {
                let column = tokens[index].1
                try nest(at: column)
                index += 1
                let subscriptIndex = try disjunction()
                guard case .closeBracket = tokens[index].0 else {
                    throw ExpressionError(message: "'[' is not closed: add ']'", column: tokens[index].1)
                }
                index += 1
                expr = .element(expr, subscriptIndex, column: column)
                continue
            }
            guard case .dot = tokens[index].0 else { return expr }
            try nest(at: tokens[index].1)
            index += 1
            guard case .name(let member) = tokens[index].0 else {
                throw ExpressionError(message: "expected a field name after '.'", column: tokens[index].1)
            }
            let column = tokens[index].1
            index += 1
            if member == "contains", case .open = tokens[index].0 {
                index += 1
                let argument = try disjunction()
                guard case .close = tokens[index].0 else {
                    throw ExpressionError(message: "'(' is not closed: add ')'", column: tokens[index].1)
                }
                index += 1
                expr = .contains(expr, argument, column: column)
                continue
            }
            if member == "hasPrefix" || member == "hasSuffix", case .open = tokens[index].0 {
                index += 1
                let argument = try disjunction()
                guard case .close = tokens[index].0 else {
                    throw ExpressionError(message: "'(' is not closed: add ')'", column: tokens[index].1)
                }
                index += 1
                expr = .stringCall(expr, member, argument, column: column)
                continue
            }
            if ["uppercased", "lowercased", "trimmingWhitespaces", "trimmingWhitespacesAndNewlines"].contains(member),
                case .open = tokens[index].0
            {
                guard case .close = tokens[index + 1].0 else {
                    throw ExpressionError(message: "`\(member)()` takes no argument", column: tokens[index + 1].1)
                }
                index += 2
                expr = .stringCall(expr, member, nil, column: column)
                continue
            }
            if member == "sorted" || member == "sum", case .open = tokens[index].0 {
                guard case .close = tokens[index + 1].0 else {
                    throw ExpressionError(message: "`\(member)()` takes no argument here", column: tokens[index + 1].1)
                }
                index += 2
                expr = member == "sum" ? .sum(expr, column: column) : .sorted(expr, column: column)
                continue
            }
            expr = .member(expr, member, column: column)
        }
    }
}
