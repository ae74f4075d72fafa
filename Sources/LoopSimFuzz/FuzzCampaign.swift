import LoopSimKernel
import LoopSimScenario
import LoopSimStats

/// A fuzz run: `cases` generated scenarios and `cases` mutants of the corpus, each checked by
/// ``InvariantChecker``, all derived from one seed so that any case can be replayed alone.
///
/// Case `i` of kind `k` uses the seed `RandomSource.derivedSeed(base: seed, stream: k, index: i)`; its text
/// is ``text(of:)``. Nothing here reads a clock: the same seed, count and corpus give the same cases and the
/// same summary on every machine.
public struct FuzzCampaign {
    /// What a case is made from.
    public enum Kind: String, Sendable, CaseIterable {
        /// A scenario written by ``ScenarioGenerator``: it must compile without errors.
        case generated
        /// A corpus file after ``ScenarioMutator`` edits: it may be invalid.
        case mutated
    }

    /// One case, enough to replay it.
    public struct Case: Sendable, Hashable {
        public var kind: Kind
        public var index: Int
        public var seed: UInt64
        public var name: String { "\(kind.rawValue)-\(index)" }
    }

    /// A case that broke an invariant, with its text.
    public struct Failure: Sendable {
        public var fuzzCase: Case
        public var text: String
        public var violations: [Violation]
    }

    /// Totals over the run.
    public struct Summary: Sendable {
        public var cases = 0
        public var compiled = 0
        public var runs = 0
        public var events = 0
        public var limitStops = 0
        public var modelledCrashes = 0
        public var diagnostics = 0
        public var failures: [Failure] = []

        /// One line: `400 cases · 251 compiled · 1004 runs · … · 0 failures`.
        public var line: String {
            "\(cases) cases · \(compiled) compiled · \(runs) runs · \(events) events · \(limitStops) limit stops · "
                + "\(modelledCrashes) modelled crashes · \(diagnostics) diagnostics · \(failures.count) failures"
        }
    }

    public var seed: UInt64
    /// Scenario texts to mutate (the files of `scenarios/`); generated texts are added when empty.
    public var corpus: [String]
    public var limits: RunLimits

    public init(seed: UInt64, corpus: [String], limits: RunLimits = InvariantChecker.limits) {
        self.seed = seed
        self.corpus = corpus
        self.limits = limits
    }

    /// Case `index` of `kind`.
    public func fuzzCase(_ kind: Kind, _ index: Int) -> Case {
        let stream = kind == .generated ? FuzzStream.generated : FuzzStream.mutated
        return Case(
            kind: kind, index: index, seed: RandomSource.derivedSeed(base: seed, stream: stream, index: UInt64(index)))
    }

    /// The scenario text of a case.
    public func text(of fuzzCase: Case) -> String {
        let random = FuzzRandom(seed: fuzzCase.seed)
        switch fuzzCase.kind {
        case .generated:
            return ScenarioGenerator(random: random).generate(name: "fuzz \(fuzzCase.name)")
        case .mutated:
            var pool = corpus
            if pool.isEmpty || random.chance(0.3) {
                pool.append(ScenarioGenerator(random: random).generate(name: "fuzz \(fuzzCase.name)"))
            }
            let base = pool.count == corpus.count ? random.pick(pool) : pool[pool.count - 1]
            return ScenarioMutator(random: random).mutate(base, corpus: pool)
        }
    }

    /// Checks one case, whose text is `text` when given (``text(of:)``, which
    /// ``run(count:kinds:first:before:after:shouldStop:)`` makes once). A generated case must also compile without
    /// errors (`generator.valid`). Its runs and the phases between them poll `isInterrupted`
    /// (``InvariantChecker/check(text:file:limits:isInterrupted:)``).
    public func check(
        _ fuzzCase: Case, text: String? = nil, isInterrupted: @escaping () -> Bool = { false }
    ) -> (CaseReport, String) {
        let text = text ?? self.text(of: fuzzCase)
        var report = InvariantChecker.check(
            text: text, file: "\(fuzzCase.name).yaml", limits: limits, isInterrupted: isInterrupted)
        if report.interrupted { return (report, text) }
        if fuzzCase.kind == .generated && !report.compiled {
            // The load again, for its errors' words: a poll before it, as before the checker's own second load.
            if isInterrupted() {
                report.interrupted = true
                return (report, text)
            }
            let errors = ScenarioLoader.load(text: text, file: "\(fuzzCase.name).yaml").diagnostics
                .filter { $0.severity == .error }.map(\.description).joined(separator: "; ")
            report.violations.append(
                Violation(
                    invariant: "generator.valid", variant: nil,
                    detail: "a generated scenario does not compile: \(errors)"))
        }
        return (report, text)
    }

    /// Runs `count` cases of each kind in `kinds`, calling `progress` before each case (to save it) and after it.
    /// Once `shouldStop` returns true (Ctrl-C, SIGTERM) no further case starts, and the case under way stops too:
    /// its runs poll `shouldStop` as `loopsim run`'s do, and so do the checks between and after them and the making
    /// of its text, so a long case ends within a fraction of a second; a case cut short is left out (it checked
    /// nothing). The summary is of the cases that ran to the end.
    public func run(
        count: Int, kinds: [Kind] = Kind.allCases, first: Int = 0,
        before: (Case, String) -> Void = { _, _ in },
        after: (Case, CaseReport) -> Void = { _, _ in },
        shouldStop: @escaping () -> Bool = { false }
    ) -> Summary {
        var summary = Summary()
        for index in first..<(first + count) {
            for kind in kinds {
                if shouldStop() { return summary }
                let fuzzCase = fuzzCase(kind, index)
                let text = self.text(of: fuzzCase)  // a mutant of a long file takes a while: once, then a poll
                before(fuzzCase, text)
                if shouldStop() { return summary }
                let (report, _) = check(fuzzCase, text: text, isInterrupted: shouldStop)
                if report.interrupted { return summary }
                summary.cases += 1
                summary.compiled += report.compiled ? 1 : 0
                summary.runs += report.runs
                summary.events += report.events
                summary.limitStops += report.limitStops
                summary.modelledCrashes += report.modelledCrashes
                summary.diagnostics += report.diagnostics
                if !report.violations.isEmpty {
                    summary.failures.append(Failure(fuzzCase: fuzzCase, text: text, violations: report.violations))
                }
                after(fuzzCase, report)
            }
        }
        return summary
    }
}
