// sw128: Data as a value, in an actor cache checked before an await and filled after it. Actors are reentrant
// (SE-0306): while the first call waits for its download, the second enters the actor, finds no entry either and
// downloads the same image again. A call after the first download stored it is a cache hit. The Data's bytes are
// never read: the cache's timing and its duplicate download are what the model predicts, with `count`, `isEmpty`
// and a UTF-8 literal's length. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw128 actor cache of Data: a reentrant duplicate download", until: .seconds(2),
    variants: [.linuxCorelibs])

final class Loader: @unchecked Sendable {
    func fetch(_ key: String) async -> Data {
        try? await Task.sleep(nanoseconds: 300_000_000)
        return Data(repeating: 0xFF, count: 1_024)
    }
}

actor ImageCache {
    private var images: [String: Data] = [:]
    private let loader = Loader()
    private var downloads = 0

    func image(for key: String) async -> Data {
        if let cached = images[key] {
            print("hit \(cached.count)")
            return cached
        }
        downloads += 1
        print("download \(downloads)")
        let data = await loader.fetch(key)
        images[key] = data
        return data
    }
}

let cache = ImageCache()
let header = "héllo".data(using: .utf8)!
print("header \(header.count) empty \(Data().isEmpty)")
for _ in 0..<2 {
    Task { @MainActor in
        let data = await cache.image(for: "avatar")
        print("shows \(data.count)")
    }
}
DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(1)) {
    Task { @MainActor in
        let data = await cache.image(for: "avatar")
        print("late shows \(data.count)")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 7,
    "logs[0].text": "header 6 empty true", "logs[0].at_ms": 0,
    "logs[1].text": "download 1", "logs[1].at_ms": 0,
    "logs[2].text": "download 2", "logs[2].at_ms": 0,
    "logs[3].text": "shows 1024", "logs[3].at_ms": 300,
    "logs[4].text": "shows 1024", "logs[4].at_ms": 300,
    "logs[5].text": "hit 1024", "logs[5].at_ms": 1000,
    "logs[6].text": "late shows 1024", "logs[6].at_ms": 1000,
])
