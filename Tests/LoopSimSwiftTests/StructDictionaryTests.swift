import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Dictionaries of the file's structs (SwiftLowering+StructDictionaries.swift, docs/swift-scenarios.md "Dictionaries
/// of structs"): one dictionary per stored property under the same keys, each store and removal applied to every
/// one, so that reads, presence, counts and loops are those of the dictionary of values.
@Suite struct StructDictionaryTests {
    static let declarations = """
        final class Avatar { let name: String; init(name: String) { self.name = name }; deinit { print("avatar \\(name) gone") } }
        struct User {
            let id: Int
            var name: String
            var visits: Int
            var avatar: Avatar
        }
        """

    @Test func aPropertyIsOneDictionaryPerStoredProperty() throws {
        let tree = try SwiftUIKitTests.lowered(
            Self.declarations + """

                final class Cache {
                    private var users: [String: User] = [:]
                    func put() { users["a"] = User(id: 1, name: "Ann", visits: 0, avatar: Avatar(name: "a")) }
                }
                let cache = Cache()
                cache.put()
                """)
        let cache = try #require(tree.mapping?["classes"]?.mapping?["Cache"]?.mapping)
        let fields = try #require(cache["fields"]?.mapping)
        #expect(SwiftLoweringTests.render(try #require(fields["users_id"])) == "[string: int]")
        #expect(SwiftLoweringTests.render(try #require(fields["users_name"])) == "[string: string]")
        #expect(SwiftLoweringTests.render(try #require(fields["users_avatar"])) == "[string: Avatar]")
        #expect(fields["users"] == nil)
    }

    @Test func storesReadsPresenceLoopsAndRemovalsAgreeWithSwift() throws {
        let report = try SwiftUIKitTests.report(
            Self.declarations + """

                final class Cache {
                    private var users: [String: User] = [:]
                    func store(_ key: String, _ name: String) {
                        let made = Avatar(name: key)
                        users[key] = User(id: users.count + 1, name: name, visits: 0, avatar: made)
                    }
                    func visit(_ key: String) {
                        users[key]?.visits += 1
                        if let u = users[key] {
                            print("visit \\(u.name) \\(u.visits) id \\(u.id)")
                        } else {
                            print("no \\(key)")
                        }
                    }
                    func report() {
                        print("count \\(users.count) has a \\(users["a"] != nil) lacks z \\(users["z"] == nil)")
                        for key in users.keys.sorted() {
                            guard let u = users[key] else { continue }
                            print("\\(key)=\\(u.name) \\(u.avatar.name)")
                        }
                        var total = 0
                        for (_, user) in users { total += user.visits }
                        print("total \\(total)")
                    }
                    func drop() {
                        users.removeValue(forKey: "a")
                        print("dropped a")
                        users["b"] = nil
                        print("dropped b")
                    }
                }
                let cache = Cache()
                cache.store("a", "Ann")
                cache.store("b", "Bob")
                cache.store("b", "Bea")
                cache.visit("a")
                cache.visit("a")
                cache.visit("z")
                cache.report()
                cache.drop()
                cache.report()
                """)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "avatar b gone", "visit Ann 1 id 1", "visit Ann 2 id 1", "no z", "count 2 has a true lacks z true",
                "a=Ann a", "b=Bea b", "total 2", "avatar a gone", "dropped a", "avatar b gone", "dropped b",
                "count 0 has a false lacks z true", "total 0",
            ])
        #expect(report.value(at: "objects.leaked") == .int(0))
    }

    @Test func aStoreThroughAMissingEntryStoresNothing() throws {
        let report = try SwiftUIKitTests.report(
            Self.declarations + """

                final class Cache {
                    var users: [Int: User] = [:]
                    func go() {
                        users[7]?.name = "ghost"
                        users[7]?.visits += 1
                        print("count \\(users.count) \\(users[7] == nil)")
                        users[1] = User(id: 1, name: "Ann", visits: 0, avatar: Avatar(name: "x"))
                        users[1]?.name = "Anne"
                        users[1]?.visits += 2
                        loop()
                        users = [:]
                        print("now \\(users.count) \\(users.isEmpty)")
                    }
                    func loop() {
                        for (id, u) in users { print("loop \\(id) \\(u.name) \\(u.visits) \\(u.avatar.name)") }
                    }
                }
                Cache().go()
                """)
        #expect(
            SwiftUIKitTests.logs(report) == ["count 0 true", "loop 1 Anne 2 x", "avatar x gone", "now 0 true"])
    }
}
