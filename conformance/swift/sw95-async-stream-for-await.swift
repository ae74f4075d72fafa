// sw95: AsyncStream (SE-0314, default `.unbounded` buffering) read with `for await` in a main-actor task. Values
// yielded before anyone reads wait in the buffer and come out in order without a wait; the reader then suspends,
// and a yield from a global-queue block 200 ms later resumes it on the main thread; a yield at 300 ms and
// `finish()` right after it: the buffered value still comes out, then the loop ends. A second stream's reader is
// cancelled while it waits at 500 ms: its loop ends at once, and a yield after that is dropped (swift
// stdlib/public/Concurrency/AsyncStreamBuffer.swift). Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw95 AsyncStream for await", until: .seconds(2), variants: [.linuxCorelibs])

final class Feed {
    let numbers: AsyncStream<Int>
    let input: AsyncStream<Int>.Continuation

    init() {
        (numbers, input) = AsyncStream.makeStream(of: Int.self)
    }
}

final class Reader {
    var total = 0

    func read(_ stream: AsyncStream<Int>) async {
        for await n in stream {
            total += n
            print("got \(n) main=\(Thread.isMainThread)")
        }
        print("ended total=\(total)")
    }
}

let feed = Feed()
feed.input.yield(1)
feed.input.yield(2)
let reader = Reader()
Task { @MainActor in
    await reader.read(feed.numbers)
}
DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
    feed.input.yield(3)
}
DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
    feed.input.yield(4)
    feed.input.finish()
}

final class Ticks {
    var continuation: AsyncStream<String>.Continuation?
    var stream: AsyncStream<String>?

    func open() {
        stream = AsyncStream(String.self) { c in
            self.continuation = c
        }
    }
}

let ticks = Ticks()
ticks.open()
let listener = Task { @MainActor in
    if let s = ticks.stream {
        for await word in s {
            print("word \(word)")
        }
    }
    print("listener ended cancelled=\(Task.isCancelled)")
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(400)) {
    ticks.continuation?.yield("hello")
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
    listener.cancel()
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(600)) {
    ticks.continuation?.yield("dropped")
    print("yielded after the end")
}

scenario.expect(.linuxCorelibs, [
    "logs": 8,
    "logs[0].text": "got 1 main=false", "logs[0].at_ms": 0,
    "logs[1].text": "got 2 main=false", "logs[1].at_ms": 0,
    "logs[2].text": "got 3 main=false", "logs[2].at_ms": 200,
    "logs[3].text": "got 4 main=false", "logs[3].at_ms": 300,
    "logs[4].text": "ended total=10", "logs[4].at_ms": 300,
    "logs[5].text": "word hello", "logs[5].at_ms": 400,
    "logs[6].text": "listener ended cancelled=true", "logs[6].at_ms": 500,
    "logs[7].text": "yielded after the end", "logs[7].at_ms": 600,
])
