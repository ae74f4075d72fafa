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
        // Slices are begin/end pairs; each becomes one dictionary with the begin's fields and `dur`, in begin order.
        var checked: [[String: Any]] = []
        var open: [Int: [(index: Int, start: Double, name: String)]] = [:]
        var lastTime: [Int: Double] = [:]
        for e in events {
            let ph = try #require(e["ph"] as? String)
            #expect(["M", "B", "E", "i"].contains(ph))
            #expect(e["pid"] as? Int == 1)
            let tid = try #require(e["tid"] as? Int)
            let ts = (e["ts"] as? NSNumber)?.doubleValue
            if ph != "M" {
                let t = try #require(ts)
                #expect(t >= 0)
                if ph != "i" {
                    // a viewer sorts a track's events by time; the document already has them in that order
                    #expect(t >= lastTime[tid, default: 0], "track \(tid) goes back in time at \(t)")
                    lastTime[tid] = t
                }
            }
            switch ph {
            case "M":
                if e["name"] as? String == "thread_name" {
                    names[tid] = (e["args"] as? [String: Any])?["name"] as? String
                }
                checked.append(e)
            case "B":
                let name = try #require(e["name"] as? String)
                // each pass, sleep and callout lies in the slice the run-loop pass puts it in
                let parent = open[tid]?.last?.name ?? ""
                if name.hasPrefix("pass ") {
                    #expect(parent.hasPrefix("run loop: "), "\(name) at \(ts!) under '\(parent)'")
                } else if name.hasPrefix("sleep in ") || name.contains("callout") || name == "main-queue drain" {
                    #expect(parent.hasPrefix("pass "), "\(name) at \(ts!) under '\(parent)'")
                }
                open[tid, default: []].append((checked.count, ts!, name))
                checked.append(e)
            case "E":
                let begin = try #require(open[tid]?.last, "an end without a begin on track \(tid)")
                open[tid]!.removeLast()
                checked[begin.index]["dur"] = NSNumber(value: ts! - begin.start)
            default:
                #expect(e["s"] as? String == "t")
                checked.append(e)
            }
        }
        for (tid, stack) in open { #expect(stack.isEmpty, "track \(tid) leaves \(stack.map(\.name)) open") }
        // every track has a name
        for tid in Set(checked.compactMap { $0["ph"] as? String == "B" ? $0["tid"] as? Int : nil }) {
            #expect(names[tid] != nil, "track \(tid) has no thread_name")
        }
        return Checked(events: checked, threadNames: names)
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
        let last = try #require(
            sleeps.max { ($0["ts"] as! NSNumber).doubleValue < ($1["ts"] as! NSNumber).doubleValue })
        #expect((last["args"] as? [String: Any])?["parked"] as? Bool == true)
        #expect((last["ts"] as? NSNumber)?.doubleValue == 3_000_000)
        // to the run's planned end (until: 30s), not to 3.5 s when the run went quiet: it never wakes
        #expect((last["dur"] as? NSNumber)?.doubleValue == 27_000_000)
        let parked = c.events.filter { $0["tid"] as? Int == worker && $0["name"] as? String == "parked" }
        #expect(parked.count == 1)
        #expect((parked.first?["ts"] as? NSNumber)?.doubleValue == 3_500_000)
        let deallocs = c.events.filter {
            ($0["name"] as? String)?.hasPrefix("deallocated ") == true && $0["ph"] as? String == "i"
        }
        #expect(!deallocs.isEmpty)
    }

    /// Issue 38 item 8: the calls that decide S2 are on the tracks: main's invalidate, the worker's timer port armed
    /// and then disarmed by it, and the system's wake-up of main for the touch; under ios9 no disarm.
    @Test func s2MarksInvalidatePortsAndWakeUps() throws {
        for (variant, disarms) in [("ios10", 1), ("ios9", 0)] {
            let c = try Self.check(ReportFixtures.s2, variant)
            let track = { (name: String) in c.threadNames.first { $0.value == name }?.key }
            let instants = c.events.filter { $0["ph"] as? String == "i" }
            func named(_ name: String, on lane: String) -> [[String: Any]] {
                instants.filter { $0["name"] as? String == name && $0["tid"] as? Int == track(lane) }
            }
            let invalidate = named("invalidate NSTimer timer", on: "main")
            #expect(invalidate.count == 1, "\(variant)")
            #expect((invalidate.first?["ts"] as? NSNumber)?.doubleValue == 3_500_000)
            #expect(named("timer port armed (default) for 1.000 s", on: "worker-1").count == 1, "\(variant)")
            #expect(named("timer port disarmed (default)", on: "worker-1").count == disarms, "\(variant)")
            let wake = named("CFRunLoopWakeUp → runloop(main)", on: "app")
            #expect(wake.count == 1 && (wake.first?["cat"] as? String) == "cross-thread", "\(variant)")
            #expect(named("parked", on: "worker-1").count == disarms, "\(variant)")
        }
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
