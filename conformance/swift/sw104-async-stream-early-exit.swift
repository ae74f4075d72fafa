// sw104: leaving a `for await` over an AsyncStream early (SE-0314). Every copy of an AsyncStream and the iterator
// `for await` makes share one `_Context`, whose deinit calls the storage's `cancel()`: the termination handler with
// `.cancelled`, on the thread that drops the last copy, then `finish()` (swift stdlib/public/Concurrency/
// AsyncStream.swift `_Context.deinit`, AsyncStreamBuffer.swift `_Storage.cancel()`). A stream a method makes is held
// by the loop's iterator alone: a `break` terminates it before the next statement, a `return` from the loop after
// the returned value is computed and before the caller resumes, and a value yielded to it afterwards is dropped at
// once (its object freed); a loop's own value is let go first, at the end of its turn. A stream a stored property holds stays open after a `break`: later values are buffered
// and a second loop reads them; `finish()` then calls its handler with `.finished`. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw104 AsyncStream early exit", until: .seconds(2), variants: [.linuxCorelibs])

final class Photo {
    let id: Int
    init(id: Int) { self.id = id }
    deinit { print("photo \(id) freed") }
}

final class Camera {
    var shutter: AsyncStream<Photo>.Continuation?

    func ticks(_ tag: String) -> AsyncStream<Int> {
        AsyncStream { continuation in
            var n = 0
            let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
                n += 1
                continuation.yield(n)
            }
            continuation.onTermination = { termination in
                print("\(tag) ended \(termination) main=\(Thread.isMainThread)")
                timer.invalidate()
            }
        }
    }

    func photos() -> AsyncStream<Photo> {
        AsyncStream(Photo.self) { continuation in
            self.shutter = continuation
            continuation.onTermination = { termination in print("photos ended \(termination)") }
        }
    }

    @MainActor func firstBig() async -> Int {
        for await n in ticks("B") {
            print("B got \(n)")
            if n == 3 { return n * 10 }
        }
        return -1
    }
}

final class Feed {
    let (numbers, input) = AsyncStream.makeStream(of: Int.self)

    init() {
        input.onTermination = { termination in print("feed ended \(termination)") }
    }
}

let camera = Camera()
let feed = Feed()

Task { @MainActor in
    for await n in camera.ticks("A") {
        print("A got \(n)")
        if n >= 2 { break }
    }
    print("A after loop")
    let big = await camera.firstBig()
    print("B returned \(big)")
}

Task { @MainActor in
    for await photo in camera.photos() {
        print("photo \(photo.id) taken")
        break
    }
    print("photos after loop")
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) {
    camera.shutter?.yield(Photo(id: 1))
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(150)) {
    camera.shutter?.yield(Photo(id: 2))
    print("yielded after the end")
}

Task { @MainActor in
    for await n in feed.numbers {
        print("feed got \(n)")
        break
    }
    print("feed after loop")
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(700)) {
    feed.input.yield(1)
    feed.input.yield(2)
    feed.input.yield(3)
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(800)) {
    Task { @MainActor in
        for await n in feed.numbers {
            print("feed again \(n)")
        }
        print("feed again ended")
    }
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(900)) {
    feed.input.finish()
}

scenario.expect(.linuxCorelibs, [
    "logs": 21,
    "logs[0].text": "photo 1 taken", "logs[0].at_ms": 50,
    "logs[1].text": "photo 1 freed", "logs[1].at_ms": 50,
    "logs[2].text": "photos ended cancelled", "logs[2].at_ms": 50,
    "logs[3].text": "photos after loop", "logs[3].at_ms": 50,
    "logs[4].text": "A got 1", "logs[4].at_ms": 100,
    "logs[5].text": "photo 2 freed", "logs[5].at_ms": 150,
    "logs[6].text": "yielded after the end", "logs[6].at_ms": 150,
    "logs[7].text": "A got 2", "logs[7].at_ms": 200,
    "logs[8].text": "A ended cancelled main=true", "logs[8].at_ms": 200,
    "logs[9].text": "A after loop", "logs[9].at_ms": 200,
    "logs[10].text": "B got 1", "logs[10].at_ms": 300,
    "logs[11].text": "B got 2", "logs[11].at_ms": 400,
    "logs[12].text": "B got 3", "logs[12].at_ms": 500,
    "logs[13].text": "B ended cancelled main=true", "logs[13].at_ms": 500,
    "logs[14].text": "B returned 30", "logs[14].at_ms": 500,
    "logs[15].text": "feed got 1", "logs[15].at_ms": 700,
    "logs[16].text": "feed after loop", "logs[16].at_ms": 700,
    "logs[17].text": "feed again 2", "logs[17].at_ms": 800,
    "logs[18].text": "feed again 3", "logs[18].at_ms": 800,
    "logs[19].text": "feed ended finished", "logs[19].at_ms": 900,
    "logs[20].text": "feed again ended", "logs[20].at_ms": 900,
])
