/// Hints for constructs of other languages: what an Objective-C, C or Swift engineer types, and how the
/// scenario language writes it (`step.foreign`, `expr.foreign`). Each hint is one line.
extension ScenarioCompiler {
    /// The hint for a step whose verb (or bare text) is written as another language writes a statement, nil when
    /// it does not look like one.
    static func foreignStepHint(_ text: String) -> String? {
        let t = text.trimmingCharacters
        let word = String(t.prefix { $0.isLetter || $0 == "_" })
        let rest = t.dropFirst(word.count).drop { $0 == " " }
        if word == "else" {
            return "`else:` is a key of an `if:` step; for `else if` nest an `if:` inside its `else:` list"
        }
        if word == "elif" || word == "elseif" || word == "elsif" {
            return "for `else if` nest an `if:` inside the `else:` list of an `if:` step"
        }
        if word == "while" && (rest.hasPrefix("(") || rest.hasPrefix("!")) || word == "whilst" {
            return "write `while: CONDITION` (no parentheses needed) with the body under `do:`"
        }
        if word == "for" && !rest.isEmpty {
            return foreignForHint(String(rest)) ?? "write `for: i in 0..<n` with `do:`"
        }
        if word == "if" && rest.hasPrefix("(") {
            return "write `if: CONDITION` (no parentheses needed) with `then:` and `else:` lists"
        }
        if let hint = foreignStatementHints[word], rest.isEmpty || word != "do" { return hint }
        if let hint = incrementHint(t) { return hint }
        return nil
    }

    /// Statements of Swift and C with no equivalent of the same name, and how to write them here.
    private static let foreignStatementHints: [String: String] = [
        "guard": "no `guard`: write `if: !(CONDITION)` with the early-exit steps under `then:`, the rest under `else:`",
        "repeat": "no `repeat { } while`: write `while: true` whose `do:` ends with `if: !(CONDITION)`, "
            + "`then: [break]`",
        "do": "no `do { } while`: write `while: true` whose `do:` ends with `if: !(CONDITION)`, `then: [break]`",
        "switch": "no `switch`: write nested `if:` steps (`if: x == 1` with `then:`, the other cases under `else:`)",
        "loop": "write `while: true` with the body under `do:` (end it with `break`)",
        "foreach": "write `for: i in 0..<n` with `do:`",
        "until": "write `while: !(CONDITION)` with `do:`",
        "unless": "write `if: !(CONDITION)` with `then:`",
        "elif": "for `else if` nest an `if:` inside the `else:` list of an `if:` step",
        "return": "write `- return: EXPRESSION` in a method declared with `returns:`, or a bare `- return` to end a "
            + "method or block that returns nothing",
    ]

    /// The hint for a C `for (init; condition; step)` header, or a `for x in` that is not over a range.
    static func foreignForHint(_ header: String) -> String? {
        let t = header.trimmingCharacters
        if t.hasPrefix("(") || t.contains(";") {
            return "write C's `for (int i = 0; i < n; i++)` as `for: i in 0..<n` with `do:`"
        }
        if t.hasPrefix("var ") || t.hasPrefix("let ") || t.hasPrefix("int ") || t.hasPrefix("NSInteger ") {
            return "the counter is a plain name: `for: i in 0..<n`"
        }
        if t.contains("stride(") { return "write `stride(from: a, to: b, by: 1)` as `for: i in a..<b`" }
        return nil
    }

    /// The hint for `i++`, `i--`, `++i`, `i += 1`, `i -= 1` written as a step or in `set:`.
    static func incrementHint(_ text: String) -> String? {
        let t = text.trimmingCharacters
        func plain(_ s: Substring) -> String? {
            let name = s.trimmingSpaces
            return !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
                ? name : nil
        }
        for (op, verb) in [("++", "increment"), ("--", "decrement")] {
            if t.hasSuffix(op), let name = plain(t.dropLast(2)) { return "write `\(name)\(op)` as `\(verb): \(name)`" }
            if t.hasPrefix(op), let name = plain(t.dropFirst(2)) { return "write `\(op)\(name)` as `\(verb): \(name)`" }
        }
        for (op, verb, sign) in [("+=", "increment", "+"), ("-=", "decrement", "-")] {
            guard let r = t.range(of: op), let name = plain(t[..<r.lowerBound]) else { continue }
            let amount = t[r.upperBound...].trimmingSpaces
            return amount == "1"
                ? "write `\(name) \(op) 1` as `\(verb): \(name)`"
                : "write `\(name) \(op) \(amount)` as `set: \(name) = \(name) \(sign) \(amount)`"
        }
        for op in ["*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>="] where t.contains(op) {
            return "no `\(op)`: integers take `+` and `-` only; write `set: NAME = NAME + EXPR`"
        }
        return nil
    }
}

extension ScenarioCompiler {
    /// The hint for a key step `verb` does not take that Objective-C or Swift spells as a parameter label (`token:`
    /// on `dispatch_once`, `timeInterval:` on a timer), saying how this language writes it; nil for any other key,
    /// which `key.unknown` reports with its closest allowed key.
    static func foreignKeyHint(verb: String, key: String, allowed: [String]) -> String? {
        if let hint = foreignKeyHints[verb]?[key] { return hint }
        if ["usingBlock", "block", "handler", "completionHandler", "completion", "body", "closure"].contains(key),
            allowed.contains("do")
        {
            return "a step's block is written under `do:` (with `captures:`), not `\(key):`"
        }
        return nil
    }

    /// Parameter labels of the calls that steps model, by verb, that the scenario language writes another way.
    private static let foreignKeyHints: [String: [String: String]] = [
        "dispatch_once": [
            "token": "dispatch_once's token is its argument, an int field or local: `- dispatch_once: self.onceToken` "
                + "(`dispatch_once(&onceToken, ^{ … })`)",
            "onceToken": "dispatch_once's token is its argument: `- dispatch_once: self.onceToken`",
        ],
        "scheduledTimer": timerKeyHints,
        "timer": timerKeyHints,
        "dispatch_after": [
            "when": "write the delay from now as `delay:` (`dispatch_time(DISPATCH_TIME_NOW, …)` is `delay: 2s`)",
            "deadline": "write the delay from now as `delay:` (`.now() + 2` is `delay: 2s`)",
            "queue": "the queue is the step's argument: `- dispatch_after: main` with `delay:`",
        ],
        "dispatch_async": [
            "queue": "the queue is the step's argument: `- dispatch_async: main` (or `global`, or a queue of `queues:`)"
        ],
        "performSelector": [
            "delay": "write `afterDelay:`", "withDelay": "write `afterDelay:`", "modes": "write `inModes:`",
            "onThread": "to another thread, use the step `performSelectorOnThread:` with `onThread:`",
        ],
        "addObserverForName": [
            "name": "the notification's name is the step's argument: `- addObserverForName: Refresh`",
            "forName": "the notification's name is the step's argument: `- addObserverForName: Refresh`",
            "observer": "keep the observer the call returns with `token: self.token`, and remove it with "
                + "`removeObserver: self.token`",
        ],
        "removeObserver": [
            "name": "removeObserver: takes the token addObserverForName:'s `token:` kept (or a selector observer) "
                + "and removes its registrations; it has no `name:` or `object:` filter",
            "object": "removeObserver: takes the token addObserverForName:'s `token:` kept (or a selector observer) "
                + "and removes its registrations; it has no `name:` or `object:` filter",
        ],
        "runMode": [
            "beforeDate": "write `before:` (a duration from now, or `distantFuture`)",
            "mode": "the mode is the step's argument: `- runMode: default` with `before:`",
        ],
    ]

    /// Timer parameter labels (`scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:`).
    private static let timerKeyHints: [String: String] = [
        "timeInterval": "write the interval as `every:` (a duration: `every: 1s`)",
        "withTimeInterval": "write the interval as `every:` (a duration: `every: 1s`)",
        "interval": "write the interval as `every:` (a duration: `every: 1s`)",
        "forMode": "write `mode:` (`default`, `common`, `tracking` or a mode's name)",
        "usingBlock": "a block-based timer's block is written under `block:` (with its `captures:` and `do:`)",
    ]
}
