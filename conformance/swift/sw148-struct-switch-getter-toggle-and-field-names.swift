// sw148: small forms from Swift concurrency app code. A ping monitor's struct has a `status` field of an enum type
// while its client class has a method `status(host:)`; `reply.status == .finished` reads the field. The struct's
// computed `quality` is one `switch` over one-sided ranges (`case ..<100:`, `case 500...:`), read once per reply
// (the Swift book, "Control Flow" › "Switch"; SE-0172 one-sided ranges). `darkMode.toggle()` flips a struct's
// field (swift stdlib/public/core/Bool.swift: `mutating func toggle() { self = !self }`), a `lazy var` array of
// literals is read as an ordinary array, and an actor's cached task, kept in an enum's payload, gives its value to a
// second caller with `return try await task.value` in a method declared `-> Int`. Real and simulated on Linux.
import Foundation

let scenario = Scenario(
    "sw148 struct switch getter, toggle and field names", until: .seconds(2), variants: [.linuxCorelibs])

enum Phase {
    case running
    case finished
}

enum Quality {
    case good
    case poor
    case offline
}

struct Reply {
    let status: Phase
    let milliseconds: Int
    var quality: Quality {
        switch milliseconds {
        case ..<100: return .good
        case 500...: return .offline
        default: return .poor
        }
    }
}

struct Snapshot {
    var darkMode: Bool
    var fontScale: Int
}

final class PingClient {
    private var calls = 0
    private lazy var latencies: [Int] = [40, 250, 900]

    func status(host: String) async -> Reply {
        try? await Task.sleep(nanoseconds: 100_000_000)
        calls += 1
        return Reply(status: calls >= 3 ? .finished : .running, milliseconds: latencies[calls - 1])
    }
}

enum Entry {
    case idle
    case inProgress(Task<Int, Error>)
}

actor SizeCache {
    private var entry: Entry = .idle

    func size() async throws -> Int {
        switch entry {
        case .inProgress(let task):
            print("joining")
            return try await task.value
        case .idle:
            break
        }
        let task = Task { () throws -> Int in
            try await Task.sleep(nanoseconds: 250_000_000)
            return 4096
        }
        entry = .inProgress(task)
        return try await task.value
    }
}

@MainActor
final class Monitor {
    private let client = PingClient()
    private var snapshot = Snapshot(darkMode: false, fontScale: 100)
    private var done = false

    func run() {
        Task {
            while !done {
                let reply = await client.status(host: "example.org")
                done = reply.status == .finished
                let quality = reply.quality
                if quality == .good { print("good") }
                if quality == .poor { print("poor") }
                if quality == .offline { print("offline") }
                snapshot.darkMode.toggle()
                print("dark \(snapshot.darkMode) done \(done)")
            }
        }
    }
}

Task { @MainActor in
    let monitor = Monitor()
    monitor.run()
}

let cache = SizeCache()
Task { @MainActor in
    let n = try? await cache.size()
    if n == nil { print("first failed") }
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(150)) {
    Task { @MainActor in
        let n = try? await cache.size()
        print("second \(n ?? -1)")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 8,
    "logs[0].text": "good", "logs[0].at_ms": 100,
    "logs[1].text": "dark true done false",
    "logs[2].text": "joining", "logs[2].at_ms": 150,
    "logs[3].text": "poor", "logs[3].at_ms": 200,
    "logs[4].text": "dark false done false",
    "logs[5].text": "second 4096", "logs[5].at_ms": 250,
    "logs[6].text": "offline", "logs[6].at_ms": 300,
    "logs[7].text": "dark true done true",
])
