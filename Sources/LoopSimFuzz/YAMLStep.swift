/// A step as the generator builds it, before it is printed as YAML.
///
/// `- verb: argument` followed by extra keys, each a scalar, a flow list or a nested list of steps
/// (`do:`, `then:`, `else:`), or a block mapping (`userInfo: {captures:, do:}`).
struct YAMLStep {
    enum Extra {
        case scalar(String)
        case list([String])
        case steps([YAMLStep])
        case block(captures: [String], steps: [YAMLStep])
    }

    var verb: String
    var argument: String
    var extras: [(key: String, value: Extra)] = []

    init(_ verb: String, _ argument: String = "", _ extras: [(key: String, value: Extra)] = []) {
        self.verb = verb
        self.argument = argument
        self.extras = extras
    }

    /// The step as YAML lines, the dash at column `indent`.
    func lines(indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let head = argument.isEmpty ? "\(pad)- \(verb):" : "\(pad)- \(verb): \(argument)"
        var out = [head]
        for (key, value) in extras {
            out += Self.lines(key: key, value, indent: indent + 2)
        }
        return out
    }

    static func lines(key: String, _ value: Extra, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case .scalar(let text):
            return ["\(pad)\(key): \(text)"]
        case .list(let items):
            return ["\(pad)\(key): [\(items.joined(separator: ", "))]"]
        case .steps(let steps):
            return steps.isEmpty
                ? ["\(pad)\(key): []"] : ["\(pad)\(key):"] + steps.flatMap { $0.lines(indent: indent + 2) }
        case .block(let captures, let steps):
            var out = ["\(pad)\(key):"]
            if !captures.isEmpty { out.append("\(pad)  captures: [\(captures.joined(separator: ", "))]") }
            out += lines(key: "do", .steps(steps), indent: indent + 2)
            return out
        }
    }
}
