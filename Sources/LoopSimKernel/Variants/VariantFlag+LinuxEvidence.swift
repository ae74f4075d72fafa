extension VariantFlag {
    /// How a flag's `linux-corelibs` value is known.
    ///
    /// `loopsim conform` runs each conformance scenario (`conformance/scenarios/cNN-*.yaml`) twice: on LoopSim
    /// under `linux-corelibs` and as a real Swift program on this machine's Foundation, and compares what both
    /// observed. A flag is measured by the scenarios whose prediction changes, when the flag takes any other
    /// value, by more than the comparison can forgive (an event, a result, a deinit, or a time at least twice the
    /// tolerance away): the real run, which agrees with the prediction, rules the other values out. A flag no
    /// scenario can measure rests on a citation.
    ///
    /// ```swift
    /// VariantFlag.named("threadNames")?.linuxEvidence.text   // "measured by conformance c59"
    /// ```
    public enum LinuxEvidence: Sendable, Hashable {
        /// Conformance scenario ids (`c59`), in the order the evidence names them.
        case measured([String])
        /// Why no conformance scenario measures the value, and the source or hand measurement it rests on.
        case cited(String)

        /// The scenario ids, or none for a cited value.
        public var scenarios: [String] {
            if case .measured(let ids) = self { return ids }
            return []
        }

        public var isMeasured: Bool { !scenarios.isEmpty }

        /// One line: `measured by conformance c01, c16, c31` or `cited: …`.
        public var text: String {
            switch self {
            case .measured(let ids): "measured by conformance " + ids.joined(separator: ", ")
            case .cited(let why): "cited: " + why
            }
        }

        /// A table cell: `c01 c16 c31` or `cited`.
        public var brief: String {
            switch self {
            case .measured(let ids): ids.joined(separator: " ")
            case .cited: "cited"
            }
        }
    }
}
