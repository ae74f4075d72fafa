extension LocatedNode {
    /// The most Unicode scalars a key or value may have; only the top-level `description:` may be longer.
    ///
    /// A name or a text is copied into what a run keeps for every object, event and report row that shows it: a
    /// label of a million characters on an object made in a loop, or a log text written on every turn, made
    /// gigabytes of names and report text within the default limits. YAML itself reads an implicit key of at most
    /// 1024 characters (libyaml's simple-key limit); the longest value of any scenario here is under 200.
    public static let maxScalarLength = 1024

    /// Adds a `value.too-long` error for every key or value (after parameters are substituted) longer than
    /// ``maxScalarLength``, once per place however many aliases copy it, skipping the top-level `description:`.
    /// - Complexity: one visit per node; a scalar's length is counted only when its UTF-8 is longer than the limit.
    static func checkLengths(_ root: LocatedNode, into bag: inout DiagnosticBag) {
        var reported: Set<SourceLocation> = []
        func check(_ scalar: Scalar) {
            guard scalar.text.utf8.count > maxScalarLength else { return }
            let length = scalar.text.unicodeScalars.count
            guard length > maxScalarLength, reported.insert(scalar.location).inserted else { return }
            bag.error(
                .valueTooLong,
                "this key or value is \(length) characters long, more than the \(maxScalarLength) "
                    + "one may have (only the top-level description: may be longer); shorten it", at: scalar.location)
        }
        func visit(_ node: LocatedNode, topLevel: Bool) {
            switch node {
            case .scalar(let scalar):
                check(scalar)
            case .sequence(let sequence):
                for item in sequence.items { visit(item, topLevel: false) }
            case .mapping(let mapping):
                for entry in mapping.entries {
                    check(entry.key)
                    if topLevel && entry.key.text == "description" { continue }
                    visit(entry.value, topLevel: false)
                }
            }
        }
        visit(root, topLevel: true)
    }
}
