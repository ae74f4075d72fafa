import Foundation
import LoopSimKernel
import LoopSimScenario

/// `loopsim conform FILE.swift`: the Swift scenario file itself, compiled with `swiftc` and run on this machine's
/// real run loop, against LoopSim's `linux-corelibs` prediction from the very same file (issue 35, item 7).
///
/// The file is copied unedited as `main.swift` beside ``SwiftScenarioSupport`` (its `Scenario`, a recording
/// `print`, the entry point that runs the main loop until the horizon) and compiled with `swiftc -O`; the
/// prediction is LoopSim's run of the file's lowering. The real run sees what the file's code does only through
/// what it prints, so the comparison keeps the events both sides can observe (``comparedKinds``): the logs, the
/// user actions' deliveries and the main loop's returns, per thread and in order, at their times; and CF's
/// diagnostics. A timer's fire, an instance's deinit, a run step's return and the instances alive at the horizon
/// are LoopSim's to see only (the real program would have to edit the file's classes to observe them) and are not
/// compared; a `deinit` or timer block that prints is compared by its log.
public enum SwiftFileConformance {
    /// The kinds of ``ObservedEvent`` the real run of a Swift file records, and so compares.
    public static let comparedKinds = ["log", "deliver", "loop.exit"]
    /// What the prediction holds that the real run of a Swift file cannot observe, as the output names it.
    public static let notCompared = "timer fires, deinits, run-step returns and instances alive at the horizon"
    /// The modules a scenario may import on this machine: Foundation and what it stands on. Any other (UIKit,
    /// Combine) does not exist in swift-corelibs-foundation's world.
    static let linuxModules: Set<String> = [
        "Foundation", "Dispatch", "CoreFoundation", "Glibc", "FoundationEssentials", "Swift",
    ]

    /// Why `source` (the file at `file`) cannot be run on this machine, or nil: an import of a module Linux lacks,
    /// named at its line, or a scroll (UIKit's tracking mode, which Linux has not).
    public static func refusal(source: String, file: String, scenario: Scenario) -> String? {
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count,
                words[..<importIndex].allSatisfy({ $0.hasPrefix("@") })
            else { continue }
            let module = String(words[importIndex + 1].split(separator: ".")[0])
            if !linuxModules.contains(module) {
                return "\(file):\(number + 1): imports \(module), which Linux has not: conform compiles the file "
                    + "with swiftc and runs it on this machine's Foundation, so it runs scenarios that use "
                    + "Foundation and Dispatch only (run this one under LoopSim's iOS variants: loopsim run)"
            }
        }
        if ConformanceTranslator.unsupportedConstructs(in: scenario).contains(where: { $0.hasPrefix("scroll") }) {
            return "\(file): scrolls, and UIKit's tracking mode does not exist on Linux: conform cannot run it"
        }
        return nil
    }

    /// LoopSim's prediction cut to what the real run of a Swift file observes: events of ``comparedKinds``, no
    /// instances alive (the real run tracks none).
    public static func observable(_ prediction: Prediction) -> Prediction {
        var p = prediction
        p.events = prediction.events.filter { comparedKinds.contains($0.kind) }
        p.alive = []
        return p
    }

    /// Whether a real event's detail is the predicted one: equal text, except that LoopSim logs a `print`'s
    /// interpolation as written (`tick \(count)`, docs/swift-scenarios.md), and the real program prints its
    /// value, so each `\(…)` of a predicted log matches any text.
    public static func logDetailMatches(predicted: ObservedEvent, real: ObservedEvent) -> Bool {
        guard predicted.kind == "log", predicted.detail.contains("\\(") else { return predicted.detail == real.detail }
        return matches(pattern: literalParts(predicted.detail), Substring(real.detail))
    }

    /// The text around each balanced `\(…)` of `text`: n interpolations give n + 1 parts.
    public static func literalParts(_ text: String) -> [String] {
        var parts = [""]
        var depth = 0
        var rest = Substring(text)
        while let c = rest.first {
            if depth == 0, rest.hasPrefix("\\(") {
                depth = 1
                rest = rest.dropFirst(2)
                continue
            }
            rest = rest.dropFirst()
            if depth > 0 {
                if c == "(" { depth += 1 }
                if c == ")" {
                    depth -= 1
                    if depth == 0 { parts.append("") }
                }
            } else {
                parts[parts.count - 1].append(c)
            }
        }
        return parts
    }

    /// `text` is `parts[0]`, anything, `parts[1]`, …, anything, `parts.last` (greedy from the left is enough:
    /// backtracking tries every later occurrence).
    private static func matches(pattern parts: [String], _ text: Substring) -> Bool {
        guard let first = parts.first else { return text.isEmpty }
        guard text.hasPrefix(first) else { return false }
        let rest = text.dropFirst(first.count)
        if parts.count == 1 { return rest.isEmpty }
        let remaining = Array(parts.dropFirst())
        var start = rest.startIndex
        while true {
            if matches(pattern: remaining, rest[start...]) { return true }
            guard start < rest.endIndex else { return false }
            start = rest.index(after: start)
        }
    }

    /// The line of the `print` that logged `text`: the literal written exactly so, else the one literal whose
    /// interpolations, matching any text, give it (LoopSim logs a plain `Int`, `Bool` or `String` interpolation's
    /// value, docs/swift-scenarios.md). Nil when none or several do.
    public static func printLine(of text: String, in lines: [String: Int]) -> Int? {
        if let line = lines[text] { return line }
        var found: Int?
        for (literal, line) in lines where literal.contains("\\(") {
            guard matches(pattern: literalParts(literal), Substring(text)) else { continue }
            if found != nil, found != line { return nil }
            found = line
        }
        return found
    }

    /// The line of each `print("…")` whose literal text is printed by no other line: the text LoopSim logs (the
    /// literal as written, interpolations included) to the 1-based line, so that a predicted log names the Swift
    /// line that prints it. A text printed by two lines names neither.
    public static func printLines(in source: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        var repeated: Set<String> = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = Substring(line)
            while let call = rest.range(of: "print(\"") {
                let before = rest[..<call.lowerBound].last
                rest = rest[call.upperBound...]
                guard before.map({ !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "." }) ?? true else { continue }
                var text = ""
                var escaped = false
                var closed = false
                for c in rest {
                    if escaped {
                        text.append(c)
                        escaped = false
                    } else if c == "\\" {
                        text.append(c)
                        escaped = true
                    } else if c == "\"" {
                        closed = true
                        break
                    } else {
                        text.append(c)
                    }
                }
                guard closed else { continue }
                if lines[text] != nil { repeated.insert(text) } else { lines[text] = number + 1 }
            }
        }
        for text in repeated { lines[text] = nil }
        return lines
    }

    /// The program's arguments: the horizon, then `AT_NS:LABEL` for each user action of the lowered scenario.
    static func arguments(_ scenario: Scenario, until: Int64) -> [String] {
        [String(until)] + scenario.program.userActions.map { "\($0.at.nanoseconds):\($0.label)" }
    }

    /// Compiles `source` as `main.swift` beside the support file (cached by both texts).
    /// - Throws: ``ConformanceError`` with the compiler's output when compilation fails.
    static func binary(for source: String, build: ProgramBuild) throws(ConformanceError) -> String {
        try build.binary(
            files: [("main.swift", source), (SwiftScenarioSupport.fileName, SwiftScenarioSupport.source)],
            flags: ["-Xfrontend", "-entry-point-function-name", "-Xfrontend", SwiftScenarioSupport.entryPointName]
        ).path
    }
}

extension ConformanceRunner {
    /// Runs the Swift scenario file `entry.file` (whose text is `source`) itself: refuses what Linux lacks, predicts,
    /// compiles the file with the support library, runs it at real speed (a Swift file's durations are its own:
    /// one virtual second is one real second, whatever `scale` says) and compares what both observe.
    /// - Returns: the result, nil when interrupted (as ``run(_:progress:)`` stops).
    public func runSwiftFile(_ entry: ConformanceTranslator.Entry, source: String) -> ConformanceResult? {
        var result = ConformanceResult(file: entry.file, name: entry.name, verdict: .agreed)
        result.path = .swiftFile
        if let refusal = SwiftFileConformance.refusal(source: source, file: entry.file, scenario: entry.scenario) {
            result.verdict = .error(refusal)
            return result
        }
        let full: Prediction
        do {
            full = try Prediction.run(entry.scenario)
        } catch {
            result.verdict = .error(error.message)
            return result
        }
        if let abnormal = full.abnormalEnd {
            result.verdict = .error("the prediction ended abnormally (\(abnormal))")
            return result
        }
        let prediction = SwiftFileConformance.observable(full)
        let binary: String
        do {
            binary = try SwiftFileConformance.binary(for: source, build: settings.build)
        } catch {
            // The compiler names the copy; the user's file is the one to read.
            result.verdict = .error(error.message.replacingOccurrences(of: "main.swift:", with: "\(entry.file):"))
            return result
        }
        guard
            var ran = execute(
                entry, prediction: prediction, binary: binary,
                arguments: SwiftFileConformance.arguments(entry.scenario, until: full.until), scale: 1,
                detailMatches: SwiftFileConformance.logDetailMatches)
        else { return nil }
        ran.path = .swiftFile
        ran.printLines = SwiftFileConformance.printLines(in: source)
        return ran
    }
}
