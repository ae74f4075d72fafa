// A price ticker bridged to async code with AsyncStream (SE-0314), as an engineer writes it: the stream is made in
// `init` with a build closure that keeps its continuation in a property (the closure runs at once, inside
// `AsyncStream.init`), a repeating Timer yields a price every 100 ms, and a main-actor task reads them with
// `for await`; after three prices the ticker calls `finish()`, and the loop ends after the last buffered value
// (swift stdlib/public/Concurrency/AsyncStreamBuffer.swift: `finish()` keeps the pending values, then `next()`
// returns nil). A second feed made with `AsyncStream.makeStream(of:)` (Swift 5.9) is fed from a global queue before
// anyone reads it: the values wait in the buffer, in order, and the reader's task is cancelled while it waits,
// which ends its loop at once (`next()` runs in `withTaskCancellationHandler`, whose handler finishes the stream).
import UIKit

let scenario = Scenario("AsyncStream fed by a Timer and a queue, read with for await",
                        until: .seconds(1), variants: [.ios13])

final class PriceTicker {
    private var continuation: AsyncStream<Int>.Continuation?
    let prices: AsyncStream<Int>
    private var timer: Timer?
    private var sent = 0

    init() {
        var made: AsyncStream<Int>.Continuation?
        prices = AsyncStream(Int.self) { continuation in
            made = continuation
        }
        continuation = made
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    private func tick() {
        sent += 1
        continuation?.yield(100 + sent)
        if sent == 3 {
            timer?.invalidate()
            timer = nil
            continuation?.finish()
        }
    }
}

@MainActor
final class QuoteScreen {
    let ticker = PriceTicker()
    var shown = 0

    func appear() {
        ticker.start()
        Task {
            for await price in ticker.prices {
                shown += 1
                print("price \(price)")
            }
            print("ticker ended after \(shown)")
        }
    }
}

let screen = QuoteScreen()
screen.appear()

let (feed, feeder) = AsyncStream.makeStream(of: String.self)
DispatchQueue.global().async {
    feeder.yield("a")
    feeder.yield("b")
}
let reader = Task {
    try? await Task.sleep(nanoseconds: 500_000_000)
    for await item in feed {
        print("item \(item)")
    }
    print("feed ended")
}
scenario.at(.milliseconds(700), "leave") { reader.cancel() }

scenario.expect(.all, [
    "logs": 7,
    "logs[0].text": "price 101", "logs[0].at_ms": 100,
    "logs[2].text": "price 103", "logs[2].at_ms": 300,
    "logs[3].text": "ticker ended after 3", "logs[3].at_ms": 300,
    "logs[4].text": "item a", "logs[4].at_ms": 500,
    "logs[5].text": "item b",
    "logs[6].text": "feed ended", "logs[6].at_ms": 700,
])
