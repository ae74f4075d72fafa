import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `d.filter { … }` of a dictionary as a value (SwiftLowering+DictionaryFilter.swift, docs/swift-scenarios.md
/// "Dictionaries"): the loop Swift's `Dictionary.filter(_:)` runs, into a new dictionary; storing it over the old one
/// releases each object left out.
@Suite struct DictionaryFilterTests {
    static let declarations = """
        final class Job {
            let name: String
            var percent = 0
            init(name: String) { self.name = name }
            deinit { print("job \\(name) freed") }
        }
        final class Jobs {
            var jobs: [String: Job] = [:]
            var counts: [String: Int] = ["a": 1, "b": 5, "c": 9]
            func add(_ name: String, _ percent: Int) {
                let job = Job(name: name)
                job.percent = percent
                jobs[name] = job
            }
        """

    @Test func aFilterStoredOverItsDictionaryFreesWhatItLeavesOut() throws {
        let report = try SwiftUIKitTests.report(
            Self.declarations + """

                    func prune() {
                        jobs = jobs.filter { $0.value.percent < 100 }
                        print("left \\(jobs.count) \\(jobs["x2"] != nil)")
                        let big = counts.filter { key, value in value > 2 && key != "c" }
                        print("big \\(big.count) \\(big["b"] ?? 0) \\(big["a"] ?? 0)")
                        let named = jobs.filter { entry in entry.key.hasPrefix("x") }
                        print("named \\(named.count) \\(jobs.filter { $0.value.percent > 50 }.isEmpty)")
                    }
                }
                let jobs = Jobs()
                jobs.add("x1", 100)
                jobs.add("x2", 40)
                scenario.at(.milliseconds(500), "prune") {
                    jobs.prune()
                }
                """)
        #expect(
            SwiftUIKitTests.logs(report) == ["job x1 freed", "left 1 true", "big 1 5 0", "named 1 true"])
        #expect(report.value(at: "logs[0].at_ms") == .double(500))
        #expect(report.value(at: "objects.leaked") == .int(0))
    }

    @Test func theFilterIsHoistedAsALoopIntoATemporary() throws {
        let tree = try SwiftUIKitTests.lowered(
            Self.declarations + """

                    func prune() { jobs = jobs.filter { $0.value.percent < 100 } }
                }
                Jobs().prune()
                """)
        let text = SwiftLoweringTests.render(tree)
        #expect(text.contains("{let: entries"), "\(text)")
        #expect(text.contains("_value[entry"), "\(text)")
        #expect(text.contains("{removeAll: filter"), "\(text)")
    }
}
