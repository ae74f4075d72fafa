// sw105: an AsyncStream's buffering policy (SE-0314; swift stdlib/public/Concurrency/AsyncStreamBuffer.swift,
// `_Storage.yield(_:)`). Four values yielded before anyone reads: `.bufferingNewest(2)` keeps 3 and 4 (each new value
// drops the oldest waiting one), `.bufferingOldest(2)` keeps 1 and 2 (the new values are dropped); objects dropped
// are freed at the yield. `.bufferingNewest(0)` drops what nobody waits for, but a value yielded while the reader
// waits is handed over. Then a stream held in a property and read by a Task kept in a property: `stop()` cancels
// the task (`task?.cancel()`), which terminates the stream (`onTermination` with `.cancelled`, on the cancelling
// thread) and ends the loop; a second owner cancels its task from `deinit`. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw105 AsyncStream buffering and stop", until: .seconds(2), variants: [.linuxCorelibs])

final class Frame {
    let n: Int
    init(_ n: Int) { self.n = n }
    deinit { print("frame \(n) freed") }
}

let (newest, newestInput) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(2))
for i in 1...4 { newestInput.yield(i) }
newestInput.finish()
let keep = 2
let oldest = AsyncStream(Frame.self, bufferingPolicy: .bufferingOldest(keep)) { continuation in
    for i in 1...4 { continuation.yield(Frame(i)) }
    continuation.finish()
}
Task { @MainActor in
    for await n in newest { print("newest \(n)") }
    for await frame in oldest { print("oldest \(frame.n)") }
}

let (latest, latestInput) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(0))
latestInput.yield(1)
Task { @MainActor in
    for await n in latest { print("latest \(n)") }
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) { latestInput.yield(7) }

final class Ticker {
    let (events, continuation) = AsyncStream.makeStream(of: Int.self)
    private var timer: Timer?
    private var n = 0

    init() {
        continuation.onTermination = { termination in print("ticks ended \(termination)") }
        timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [weak self] _ in
            guard let self else { return }
            self.n += 1
            self.continuation.yield(self.n)
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }

    deinit { print("ticker deinit") }
}

final class Screen {
    let ticker = Ticker()
    var task: Task<Void, Never>?

    func start() {
        let events = ticker.events
        task = Task { @MainActor in
            for await n in events { print("tick \(n)") }
            print("reader ended cancelled=\(Task.isCancelled)")
        }
    }

    func stop() {
        task?.cancel()
        task = nil
        ticker.stop()
    }

    deinit { print("screen deinit") }
}

final class Feed {
    var stream: AsyncStream<String>?
    var continuation: AsyncStream<String>.Continuation?
    var task: Task<Void, Never>?

    init() {
        stream = AsyncStream(String.self) { c in
            self.continuation = c
        }
        continuation?.onTermination = { termination in print("words ended \(termination)") }
    }

    func start() {
        guard let stream else { return }
        task = Task { @MainActor in
            for await word in stream { print("word \(word)") }
            print("words reader ended")
        }
    }

    deinit {
        task?.cancel()
        print("feed deinit")
    }
}

var screen: Screen? = Screen()
screen?.start()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(350)) {
    screen?.stop()
    screen = nil
}

var feed: Feed? = Feed()
feed?.start()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(400)) { feed?.continuation?.yield("hello") }
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) { feed = nil }

scenario.expect(.linuxCorelibs, [
    "logs": 20,
    "logs[0].text": "frame 3 freed", "logs[0].at_ms": 0,
    "logs[1].text": "frame 4 freed", "logs[1].at_ms": 0,
    "logs[2].text": "newest 3", "logs[2].at_ms": 0,
    "logs[3].text": "newest 4", "logs[3].at_ms": 0,
    "logs[4].text": "oldest 1", "logs[4].at_ms": 0,
    "logs[5].text": "frame 1 freed", "logs[5].at_ms": 0,
    "logs[6].text": "oldest 2", "logs[6].at_ms": 0,
    "logs[7].text": "frame 2 freed", "logs[7].at_ms": 0,
    "logs[8].text": "latest 7", "logs[8].at_ms": 50,
    "logs[9].text": "tick 1", "logs[9].at_ms": 100,
    "logs[10].text": "tick 2", "logs[10].at_ms": 200,
    "logs[11].text": "tick 3", "logs[11].at_ms": 300,
    "logs[12].text": "ticks ended cancelled", "logs[12].at_ms": 350,
    "logs[13].text": "screen deinit", "logs[13].at_ms": 350,
    "logs[14].text": "ticker deinit", "logs[14].at_ms": 350,
    "logs[15].text": "reader ended cancelled=true", "logs[15].at_ms": 350,
    "logs[16].text": "word hello", "logs[16].at_ms": 400,
    "logs[17].text": "words ended cancelled", "logs[17].at_ms": 500,
    "logs[18].text": "feed deinit", "logs[18].at_ms": 500,
    "logs[19].text": "words reader ended", "logs[19].at_ms": 500,
])
