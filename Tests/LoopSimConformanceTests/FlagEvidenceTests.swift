import Foundation
import LoopSimConformance
import LoopSimKernel
import LoopSimScenario
import Testing

/// Every flag's Linux evidence (``VariantFlag/LinuxEvidence``) is real. A measured flag's scenarios exist, and
/// each one, predicted with the flag set to any other value, gives a prediction that no real run agreeing with
/// the `linux-corelibs` prediction could also agree with: so `loopsim conform`, which checks that agreement on
/// this machine's Foundation, rules the other values out. A cited flag is cited because no conformance scenario
/// can do that; when one can, the test names it.
@Suite struct FlagEvidenceTests {
    /// A conformance scenario and its prediction under `linux-corelibs` as the profile stands.
    struct Entry: Sendable {
        var id: String
        var file: String
        var scenario: Scenario
        var prediction: Prediction
    }

    /// Every scenario of `conformance/scenarios/`, by id (`c01`), predicted once.
    static let entries: [Entry] = {
        let folder = FidelityDocTests.root.appendingPathComponent("conformance/scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().compactMap { name in
            let url = folder.appendingPathComponent(name)
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                let scenario = ScenarioLoader.load(text: text, file: "conformance/scenarios/" + name).scenario,
                let prediction = try? Prediction.run(scenario, limits: limits)
            else { return nil }
            return Entry(id: String(name.prefix { $0 != "-" }), file: name, scenario: scenario, prediction: prediction)
        }
    }()

    /// Far above any conformance scenario (they record a few hundred events), so that a flipped flag that makes a
    /// loop spin ends its prediction quickly, as a limit.
    static let limits = RunLimits(maxEvents: 50_000, maxSteps: 1_000_000)

    /// The values a flag takes that are not a boolean's.
    static let enumerated: [String: [String]] = [
        "timerPortBackend": VariantProfile.TimerPortBackend.allCases.map(\.rawValue),
        "timerLeewayFiresAt": ["start", "end"],
        "threadNames": ["nsthread", "pthread"],
        "notificationSelectorObserverRef": ["unretained", "weak", "none"],
        "kvoObservedDeallocWithObservers": ["crash", "remove", "none"],
        "backgroundTaskSeconds": ["none", "30", "180"],
        "notificationDeliveryOrder": VariantProfile.NotificationDeliveryOrder.allCases.map(\.rawValue),
        "repeatingTimerZeroInterval": ["clamped", "oneShot"],
        "invalidTimerFireDate": ["lastFire", "referenceDate"],
        "operationQueuePoolWidth": ["unbounded", "1", "2", "4"],
        "cooperativePoolWidth": ["1", "2", "3", "6"],
        "notificationQueuePosting": VariantProfile.NotificationQueuePosting.allCases.map(\.rawValue),
        "notificationQueueSenderCoalescing": ["object", "nilOnly"],
        "sheetPresentation": SheetPresentation.allCases.map(\.rawValue),
    ]

    /// The values of `flag` other than its `linux-corelibs` one.
    static func otherValues(_ flag: VariantFlag) throws -> [String] {
        let value = try #require(VariantProfile.builtIn(Prediction.variant)?.value(of: flag.name))
        switch value {
        case "true": return ["false"]
        case "false": return ["true"]
        default:
            let values = try #require(enumerated[flag.name], "list the values of \(flag.name) in this test")
            #expect(values.contains(value))
            return values.filter { $0 != value }
        }
    }

    /// Whether a real run that agrees with `base` (as `loopsim conform` compares them) cannot agree with `other`:
    /// they differ in how the run ended, an event, a result, a deinit, what is alive at the end or CF's
    /// diagnostics, or in a time by at least twice the tolerance (a real time within the tolerance of one is
    /// then outside it of the other).
    static func tellsApart(_ base: Prediction, _ other: Prediction) -> Bool {
        if base.abnormalEnd != other.abnormalEnd { return true }
        var reference = base
        reference.until = .max  // the rule on events near the horizon is the scenario's, checked by conform
        let real = RealRun(events: other.events, alive: other.alive, diagnostics: other.diagnostics)
        let tolerance = 2 * ConformanceSettings.toleranceDefault - 1
        return !EventComparison(prediction: reference, real: real, tolerance: tolerance).agrees
    }

    static let measured = VariantFlag.all.filter(\.linuxEvidence.isMeasured).map(\.name)
    static let cited = VariantFlag.all.filter { !$0.linuxEvidence.isMeasured }.map(\.name)

    @Test func everyConformanceScenarioIsPredicted() throws {
        let folder = FidelityDocTests.root.appendingPathComponent("conformance/scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(Self.entries.count == files.count, "a conformance scenario did not load or predict")
        #expect(Self.entries.allSatisfy { $0.prediction.abnormalEnd == nil })
    }

    @Test(arguments: measured)
    func eachNamedScenarioTellsTheLinuxValueFromTheOthers(_ name: String) throws {
        let flag = try #require(VariantFlag.named(name))
        for id in flag.linuxEvidence.scenarios {
            let matches = Self.entries.filter { $0.id == id }
            guard matches.count == 1, let entry = matches.first else {
                Issue.record("\(name) names \(id): conformance/scenarios/ has \(matches.count) \(id)-*.yaml")
                continue
            }
            #expect(
                !entry.scenario.flagOverrides.contains { $0.flag == name },
                "\(entry.file) sets \(name) itself: it cannot measure linux-corelibs' value")
            for value in try Self.otherValues(flag) {
                let other = try Prediction.run(entry.scenario, overrides: [(name, value)], limits: Self.limits)
                #expect(
                    Self.tellsApart(entry.prediction, other),
                    "\(entry.file) predicts the same with \(name)=\(value): it does not measure the flag")
            }
        }
    }

    @Test(arguments: cited)
    func noScenarioTellsACitedFlagsValuesApart(_ name: String) throws {
        let flag = try #require(VariantFlag.named(name))
        for value in try Self.otherValues(flag) {
            for entry in Self.entries {
                let other = try Prediction.run(entry.scenario, overrides: [(name, value)], limits: Self.limits)
                #expect(
                    !Self.tellsApart(entry.prediction, other),
                    "\(entry.file) tells \(name)=\(value) from linux-corelibs' value: name \(entry.id)")
            }
        }
    }
}
