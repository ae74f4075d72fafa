import Foundation
import LoopSimReport
import Testing

/// The Chrome Trace Event document: valid JSON in the shape Perfetto and chrome://tracing read.
@Suite struct ChromeTraceTests {
    struct Checked {
        var events: [[String: Any]]
        var threadNames: [Int: String]
    }

    /// Checks the structure every viewer relies on, and returns the events.
    static func check(_ path: String, _ variant: String) throws -> Checked {
        let (scenario, runs) = try ReportFixtures.runs(path, variants: [variant])
        let text = ChromeTrace.document(runs[0], scenario: scenario.name).compact
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(doc["displayTimeUnit"] as? String == "ms")
        let events = try #require(doc["traceEvents"] as? [[String: Any]])
        var names: [Int: String] = [:]
        var slices: [Int: [(Double, Double)]] = [:]
        for e in events {
            let ph = try #require(e["ph"] as? String)
            #expect(["M", "X", "i"].contains(ph))
            #expect(e["pid"] as? Int == 1)
            let tid = try #require(e["tid"] as? Int)
            #expect(e["name"] is String)
            switch ph {
            case "M":
                if e["name"] as? String == "thread_name" { names[tid] = (e["args"] as? [String: Any])?["name"] as? String }
            case "X":
                let ts = try #require((e["ts"] as? NSNumber)?.doubleValue)
                let dur = try #require((e["dur"] as? NSNumber)?.doubleValue)
                #expect(ts >= 0 && dur >= 0)
                slices[tid, default: []].append((ts, ts + dur))
            default:
                #expect(e["s"] as? String == "t")
                #expect(((e["ts"] as? NSNumber)?.doubleValue ?? -1) >= 0)
            }
        }
        // Every track has a name, and slices on one track nest: none overlaps another partially.
        for (tid, list) in slices {
            #expect(names[tid] != nil, "track \(tid) has no thread_name")
            let sorted = list.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 > $1.1) }
            var stack: [Double] = []
            for (start, end) in sorted {
                while let top = stack.last, top <= start, !(top == start && end == start) { stack.removeLast() }
                if let top = stack.last { #expect(end <= top, "slice [\(start), \(end)] crosses its parent ending at \(top)") }
                stack.append(end)
            }
        }
        return Checked(events: events, threadNames: names)
    }

    @Test func s9IsValidTraceJSONWithATrackPerThread() throws {
        let c = try Self.check(ReportFixtures.s9, "ios10")
        #expect(Set(c.threadNames.values) == ["app", "main"])
        let names = c.events.compactMap { $0["name"] as? String }
        #expect(names.contains("run loop: tracking"))
        #expect(names.contains("sleep in tracking"))
        #expect(names.contains("timer callout: NSTimer timer"))
        #expect(names.filter { $0 == "fire NSTimer timer" }.count == 8)
        #expect(names.contains("mode switch: default → tracking"))
        #expect(names.contains("NSTimer timer skips 2 slots"))
    }

    @Test func s2ParkedWorkerSleepsToTheEnd() throws {
        let c = try Self.check(ReportFixtures.s2, "ios10")
        #expect(Set(c.threadNames.values) == ["app", "main", "worker-1"])
        let worker = try #require(c.threadNames.first { $0.value == "worker-1" }?.key)
        let sleeps = c.events.filter { $0["tid"] as? Int == worker && $0["name"] as? String == "sleep in default" }
        let last = try #require(sleeps.max { ($0["ts"] as! NSNumber).doubleValue < ($1["ts"] as! NSNumber).doubleValue })
        #expect((last["args"] as? [String: Any])?["parked"] as? Bool == true)
        #expect((last["ts"] as? NSNumber)?.doubleValue == 3_000_000)
        #expect((last["dur"] as? NSNumber)?.doubleValue == 500_000)
        let deallocs = c.events.filter { ($0["name"] as? String)?.hasPrefix("deallocated ") == true && $0["ph"] as? String == "i" }
        #expect(!deallocs.isEmpty)
    }

    @Test func modeSwitchFixtureHasWorkBlockedAndNestedSlices() throws {
        let c = try Self.check(ReportFixtures.modeSwitch, "ios9")
        let names = c.events.compactMap { $0["name"] as? String }
        #expect(names.filter { $0 == "work" }.count == 3)
        #expect(names.contains { $0.hasPrefix("blocked on dispatch_semaphore") })
        #expect(names.contains("stale timer-port wake (last)"))
        #expect(names.contains("pass 1"))
    }
}
