// A one-file app as engineers paste it: a top-level `let client` the controller's methods use, a top-level `func
// show` the controller calls from a completion closure, and a draft store (an actor) at the top level that a
// deinit flushes to from a `Task`. Swift makes each top-level variable of main.swift a global, initialized as the
// top-level code runs and read by every method, closure and deinit without a capture; a global function captures
// nothing (the Swift book, "Closures" › "Capturing Values" and "Global and Nested Functions"). The first request
// fails (offline) at 200 ms; back online at 500 ms, the second answers 21 at 700 ms. Closing the screen at 800 ms
// runs its deinit, whose Task flushes the draft on the actor; the top-level objects are held by the app, never
// leaks.
import Foundation

let scenario = Scenario(
    "Pasted: top-level client, function and actor used from a controller", until: .seconds(2),
    variants: [.ios13])

enum WeatherError: Error { case offline, badData }

final class WeatherClient {
    var online = false

    func fetch(city: String, completion: @escaping (Result<Int, WeatherError>) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
            if self.online {
                completion(.success(21))
            } else {
                completion(.failure(.offline))
            }
        }
    }
}

actor DraftStore {
    private(set) var flushed = 0

    func flush(_ id: Int) {
        flushed += 1
        print("flushed draft \(id)")
    }
}

let client = WeatherClient()
let store = DraftStore()

func show(_ city: String, _ degrees: Int) {
    print("\(city): \(degrees)")
}

final class WeatherScreen {
    let draftID: Int

    init(draftID: Int) {
        self.draftID = draftID
    }

    func load(_ city: String) {
        client.fetch(city: city) { result in
            switch result {
            case .success(let degrees):
                show(city, degrees)
            case .failure(let error):
                print("\(city) failed: \(error)")
            }
        }
    }

    deinit {
        let id = draftID
        Task {
            await store.flush(id)
        }
    }
}

var screen: WeatherScreen? = WeatherScreen(draftID: 7)
screen?.load("Oslo")

scenario.at(.milliseconds(500), "back online") {
    client.online = true
    screen?.load("Rome")
}
scenario.at(.milliseconds(800), "close") {
    screen = nil
}

scenario.expect(.all, [
    "logs": 3,
    "logs[0].text": "Oslo failed: offline", "logs[0].at_ms": 200,
    "logs[1].text": "Rome: 21", "logs[1].at_ms": 700,
    "logs[2].text": "flushed draft 7", "logs[2].at_ms": 800,
    "objects.leaked": 0,
])
