// sw93: an enum whose cases carry values, passed through method calls, closure values and closure parameters — an
// array of handler closures fanned out from a method, an optional closure property called with a case, a case
// spelled with its type, a parameter passed on, a method's parameter from a timer's and a main-queue block, and a
// handler that switches, matches with `if case` and prints the value. An enum is a value type: the callee gets
// the value at the call (the Swift book, "Enumerations" › "Associated Values"; "Structures and Enumerations Are
// Value Types"). A call on a nil optional closure evaluates none of its arguments (the optional chain skips its
// sub-expressions: John McCall, forums.swift.org/t/69850). Real and simulated on Linux.
import Foundation
let scenario = Scenario("sw93 payload enum through calls and closures", until: .seconds(1), variants: [.linuxCorelibs])
enum DownloadEvent {
    case started
    case progress(done: Int, total: Int)
    case finished(bytes: Int)
}
final class DownloadManager {
    private var handlers: [(DownloadEvent) -> Void] = []
    var onLast: ((DownloadEvent) -> Void)?
    var last: DownloadEvent = .started
    func subscribe(_ handler: @escaping (DownloadEvent) -> Void) { handlers.append(handler) }
    func emit(_ event: DownloadEvent) {
        last = event
        for handler in handlers { handler(event) }
    }
    func size() -> Int {
        print("size read")
        return 2048
    }
    func start() {
        onLast?(.finished(bytes: size()))
        emit(.started)
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
            self.emit(.progress(done: 1, total: 2))
        }
        Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in
            self.emit(DownloadEvent.finished(bytes: self.size()))
            self.onLast?(self.last)
        }
    }
}
let manager = DownloadManager()
manager.subscribe { event in
    switch event {
    case .started: print("started")
    case .progress(let done, let total): print("progress \(done)/\(total)")
    case .finished(let bytes): print("finished \(bytes)")
    }
}
manager.subscribe { event in
    if case .finished = event { print("badge cleared") }
}
manager.start()
manager.onLast = { print("last \($0)") }
scenario.expect(.linuxCorelibs, [
    "logs": 6,
    "logs[0].text": "started", "logs[0].at_ms": 0,
    "logs[1].text": "progress 1/2", "logs[1].at_ms": 100,
    "logs[2].text": "size read", "logs[2].at_ms": 200,
    "logs[3].text": "finished 2048", "logs[3].at_ms": 200,
    "logs[4].text": "badge cleared", "logs[4].at_ms": 200,
    "logs[5].text": "last finished(bytes: 2048)", "logs[5].at_ms": 200,
])
