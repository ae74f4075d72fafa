import Foundation
import Testing

/// Issue 25's bound: under `ulimit -v 4194304` (4 GiB of address space) no scenario file of a few lines makes
/// `loopsim validate` or `loopsim run` take more before a limit stops it. Each hostile file is made here, a few
/// lines however long, and given to the built binary under that limit: every command ends with the exit code it
/// should (0, 2 for a refused file, 3 for a limit stop), never with a signal (an allocation that fails aborts).
@Suite(.serialized) struct MemoryBoundTests {
    typealias CLI = CLIEndToEndTests

    /// One hostile file, the exit codes of `validate` and of `run` on it, and the diagnostic that refuses it.
    struct Hostile: CustomTestStringConvertible, Sendable {
        var name: String
        var yaml: String
        var validate: Int32
        var run: Int32
        var refusedWith: String? = nil
        /// Options of `run` before the file (a lower `--max-steps` where only the steps can stop the run, so that
        /// the debug binary gets there in seconds).
        var runOptions: [String] = []
        var testDescription: String { name }
    }

    static func repeated(_ item: String, _ count: Int, separator: String = ", ") -> String {
        Array(repeating: item, count: count).joined(separator: separator)
    }

    /// A class `D` whose method `go` runs `steps` then dispatches itself again to the main queue.
    static func loop(_ name: String, _ steps: String, fields: String = "{}") -> String {
        """
        name: \(name)
        until: 1s
        classes:
          D:
            fields: \(fields)
            methods:
              go:
        \(steps)
                - dispatch_async: main
                  captures: [strong self]
                  do: [call: self.go]
        main:
          - let: d = new D
          - call: d.go
        """
    }

    static let hostile: [Hostile] = {
        var cases: [Hostile] = []
        // Runaways the default limits stop.
        cases.append(
            Hostile(
                name: "threads forking threads",
                yaml: """
                    name: threads forking threads
                    until: 1s
                    classes:
                      F:
                        methods:
                          fork:
                            - thread: t
                              captures: [strong self]
                              do: [call: self.fork]
                            - thread: u
                              captures: [strong self]
                              do: [call: self.fork]
                    main:
                      - let: f = new F
                      - call: f.fork
                    """, validate: 0, run: 3))
        for (verb, delay) in [("dispatch_async: global", ""), ("dispatch_after: main", "\n          delay: 1ns")] {
            cases.append(
                Hostile(
                    name: "blocks doubling (\(verb))",
                    yaml: """
                        name: blocks doubling
                        until: 876000h
                        classes:
                          D:
                            methods:
                              go:
                                - \(verb)\(delay)
                                  captures: [strong self]
                                  do: [call: self.go]
                                - \(verb)\(delay)
                                  captures: [strong self]
                                  do: [call: self.go]
                        main:
                          - let: d = new D
                          - call: d.go
                        """, validate: 0, run: 3))
        }
        cases.append(
            Hostile(
                name: "a 1 ns timer for 800,000 h",
                yaml: """
                    name: a 1 ns timer
                    until: 800000h
                    main:
                      - scheduledTimer: t
                        every: 1ns
                        repeats: true
                        block: {do: []}
                    """, validate: 0, run: 3))
        cases.append(
            Hostile(
                name: "a check of every leak so far on each turn",
                yaml: loop(
                    "checks",
                    """
                            - let: a = new D
                            - set: a.me = a
                            - check: now
                    """, fields: "{me: D}"), validate: 0, run: 3))
        // Threads that each nest 480 frames of 250 locals (never assigned) and wait there for ever.
        let lets = (0..<250).map { "{let: v\($0) = \($0)}" }.joined(separator: ", ")
        cases.append(
            Hostile(
                name: "threads nesting wide frames",
                yaml: """
                    name: deep threads
                    until: 1s
                    classes:
                      F:
                        fields: {s: id}
                        methods:
                          spawn:
                            - thread: t
                              captures: [strong self]
                              do:
                                - call: self.spawn
                                - call: self.dive
                                  with: 240
                          dive:
                            params: [n: int]
                            do:
                              - if: false
                                then: [\(lets)]
                              - if: n > 0
                                then:
                                  - call: self.dive
                                    with: n - 1
                                else:
                                  - dispatch_semaphore_wait: self.s
                    main:
                      - let: f = new F
                      - set: f.s = dispatch_semaphore_create 0
                      - call: f.spawn
                    """, validate: 0, run: 3))
        // Files that ask for more than memory holds: refused.
        cases.append(
            Hostile(
                name: "lists nested 1,500 deep",
                yaml: "name: nested\nuntil: 1s\nmain: "
                    + String(repeating: "[", count: 1500) + String(repeating: "]", count: 1500) + "\n",
                validate: 2, run: 2, refusedWith: "yaml.syntax"))
        let fields = "{me: D, " + (0..<40_000).map { "f\($0): int" }.joined(separator: ", ") + "}"
        cases.append(
            Hostile(
                name: "a class of 40,000 fields",
                yaml: loop(
                    "wide",
                    """
                            - let: a = new D
                            - set: a.me = a
                    """, fields: fields), validate: 2, run: 2, refusedWith: "names.too-many"))
        cases.append(
            Hostile(
                name: "a block of 100,000 captures",
                yaml: """
                    name: captures
                    until: 1s
                    main:
                      - let: a = 1
                      - dispatch_async: main
                        captures: [\((0..<100_000).map { "a as c\($0)" }.joined(separator: ", "))]
                        do: [log: x]
                    """, validate: 2, run: 2, refusedWith: "names.too-many"))
        let mega = String(repeating: "x", count: 1_000_000)
        cases.append(
            Hostile(
                name: "a label of a million characters",
                yaml: loop(
                    "label",
                    """
                            - let: \(mega) = new D
                    """), validate: 2, run: 2, refusedWith: "value.too-long"))
        cases.append(
            Hostile(
                name: "a log text of a million characters",
                yaml: loop(
                    "log",
                    """
                            - log: \(mega)
                    """), validate: 2, run: 2, refusedWith: "value.too-long"))
        // A kilobyte's value (the longest a value may be) in 20,000 places: 20 MB once substituted.
        cases.append(
            Hostile(
                name: "a parameter of a kilobyte in 20,000 places",
                yaml: """
                    name: params
                    until: 1s
                    params: {v: \(String(repeating: "x", count: 1000))}
                    main: [\(repeated("{log: \"${v}\"}", 20_000))]
                    """, validate: 2, run: 2, refusedWith: "yaml.too-large"))
        cases.append(
            Hostile(
                name: "a variant listed 20,000 times",
                yaml: """
                    name: variants
                    until: 1s
                    variants: [\(repeated("ios10", 20_000))]
                    main: [log: x]
                    """, validate: 2, run: 2, refusedWith: "variant.duplicate"))
        cases.append(
            Hostile(
                name: "20,000 cases",
                yaml: """
                    name: cases
                    until: 1s
                    cases: {\((0..<20_000).map { "c\($0): {}" }.joined(separator: ", "))}
                    main: [log: x]
                    """, validate: 2, run: 2, refusedWith: "names.too-many"))
        cases.append(
            Hostile(
                name: "200,000 nots",
                yaml: """
                    name: nots
                    until: 1s
                    main:
                      - if: \(String(repeating: "not ", count: 200_000))true
                        then: [log: x]
                    """, validate: 2, run: 2, refusedWith: "value.too-long"))
        cases.append(
            Hostile(
                name: "aliases of aliases",
                yaml: """
                    name: laughs
                    until: 1s
                    main: []
                    a: &a [\(repeated("x", 10))]
                    b: &b [\(repeated("*a", 10))]
                    c: &c [\(repeated("*b", 10))]
                    d: &d [\(repeated("*c", 10))]
                    e: &e [\(repeated("*d", 10))]
                    f: &f [\(repeated("*e", 10))]
                    g: [\(repeated("*f", 10))]
                    """, validate: 2, run: 2, refusedWith: "yaml.too-large"))
        cases.append(
            Hostile(
                name: "a file of 50 MB",
                yaml: "name: big\nuntil: 1s\nmain: []\nx: ["
                    + String(repeating: "a,", count: 25_000_000) + "a]\n", validate: 2, run: 2,
                refusedWith: "yaml.too-large"))
        // Loops that never end (docs/scenario-format.md §7.1): each turn is a step, and what a turn makes (an
        // object freed at the turn's end, a log line) is bounded by --max-events before memory is.
        cases.append(
            Hostile(
                name: "while: true with an empty body",
                yaml: """
                    name: spin
                    variants: [ios13]
                    main:
                      - while: true
                        do: []
                    """, validate: 0, run: 3, runOptions: ["--max-steps", "5000000"]))
        cases.append(
            Hostile(
                name: "a while that makes an object each turn",
                yaml: """
                    name: alloc
                    variants: [ios13]
                    classes:
                      Box: {}
                    main:
                      - let: kept = new Box
                      - while: kept != nil
                        do:
                          - let: box = new Box
                          - set: box = new Box
                    """, validate: 0, run: 3))
        cases.append(
            Hostile(
                name: "nested for loops over large ranges",
                yaml: """
                    name: nested
                    variants: [ios13]
                    main:
                      - for: i in 0..<9223372036854775807
                        do:
                          - for: j in -9223372036854775808...9223372036854775807
                            do:
                              - if: j == i
                                then: [continue]
                    """, validate: 0, run: 3, runOptions: ["--max-steps", "5000000"]))
        cases.append(
            Hostile(
                name: "a loop that logs each turn",
                yaml: """
                    name: logs
                    variants: [ios13]
                    main:
                      - while: true
                        do:
                          - log: \(String(repeating: "x", count: 1000))
                    """, validate: 0, run: 3))
        return cases
    }()

    /// The runaway examples, stopped by the default limits.
    static let runaways = ["dispatch-loop", "timer-doubling", "recursion"]

    /// Runs `loopsim ARGS` under `ulimit -v 4194304`, output to files; returns how it ended.
    static func underFourGiB(_ arguments: [String]) throws -> (
        reason: Process.TerminationReason, status: Int32,
        stderr: String
    ) {
        var executable = CLI.binary
        if !FileManager.default.fileExists(atPath: executable.path) {
            executable = CLI.root.appendingPathComponent(".build/debug/loopsim")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let errURL = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -v 4194304 && exec \"$0\" \"$@\"", executable.path] + arguments
        process.currentDirectoryURL = CLI.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        // A wall-clock bound in the test only: a command that neither ends nor stops is a failure, not a hang.
        let deadline = Date().addingTimeInterval(600)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("loopsim \(arguments.first ?? "") ran for more than 600 s")
        }
        let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        return (process.terminationReason, process.terminationStatus, String(stderr.prefix(2000)))
    }

    @Test(arguments: hostile)
    func aHostileFileEndsWithItsExitCode(_ file: Hostile) throws {
        let url = try CLI.temporaryFile(file.yaml, name: "hostile.yaml")
        #expect(file.yaml.split(separator: "\n").count < 40, "a file of a few lines")
        for (command, expected) in [("validate", file.validate), ("run", file.run)] {
            let r = try Self.underFourGiB([command] + (command == "run" ? file.runOptions : []) + [url.path])
            #expect(r.reason == .exit, "\(command) was killed by signal \(r.status): \(r.stderr)")
            #expect(r.status == expected, "\(command): \(r.stderr)")
            if let id = file.refusedWith { #expect(r.stderr.contains("[\(id)]"), "\(command): \(r.stderr)") }
        }
    }

    @Test(arguments: runaways)
    func aRunawayExampleStopsUnderFourGiB(_ name: String) throws {
        let path = "examples/runaway/\(name).yaml"
        for (command, expected): (String, Int32) in [("validate", 0), ("run", 3)] {
            let r = try Self.underFourGiB([command, path])
            #expect(r.reason == .exit, "\(command) was killed by signal \(r.status): \(r.stderr)")
            #expect(r.status == expected, "\(command): \(r.stderr)")
        }
    }
}
