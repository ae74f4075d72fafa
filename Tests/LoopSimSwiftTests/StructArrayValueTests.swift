import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Arrays of structs made as values (SwiftLowering+StructArrayValues.swift): `map` making structs, `filter`,
/// `count(where:)`, `contains(where:)`, `allSatisfy` on an array of structs, and arrays of structs passed to methods
/// and closures and captured by closures, each one array per stored property.
@Suite struct StructArrayValueTests {
    static let declarations = """
        final class Owner {
            let name: String
            init(name: String) { self.name = name }
            deinit { print("owner \\(name) gone") }
        }
        struct Banner {
            let id: Int
            var title: String
            var isSeen = false
        }
        struct Row {
            let id: Int
            var owner: Owner
        }
        """

    @Test func mapMakesStructsAndFilterCountsAgreeWithSwift() throws {
        let report = try SwiftUIKitTests.report(
            Self.declarations + """

                final class Carousel {
                    private let banners = (0..<5).map { Banner(id: $0, title: "Promo \\($0)") }
                    private var seen: [Banner] = []
                    private var rows: [Row] = []

                    func run() {
                        print("banners \\(banners.count) \\(banners[4].title)")
                        var local = banners.filter { $0.id % 2 == 0 }
                        print("even \\(local.count) \\(local[2].id)")
                        local[0].isSeen = true
                        seen = local.filter { item in item.isSeen }
                        let unseen = local.filter { !$0.isSeen }.count
                        print("seen \\(seen.count) \\(seen[0].title) unseen \\(unseen)")
                        print("none seen \\(banners.filter { $0.isSeen }.isEmpty)")
                        let ids = [7, 8]
                        let made = ids.map { Banner(id: $0, title: "x\\($0)") }
                        print("made \\(made.count) \\(made[1].title)")
                        let copies = banners.map { Banner(id: $0.id * 10, title: $0.title + "!") }
                        let titles = banners.map { $0.title }
                        print("copies \\(copies[3].id) \\(copies[3].title) \\(titles[1])")
                        let n = banners.count(where: { $0.id > 2 })
                        print("count \\(n) contains \\(banners.contains(where: { $0.title == "Promo 3" }))")
                        print("all \\(banners.allSatisfy { $0.id < 4 })")
                        rows = (1...2).map { Row(id: $0, owner: Owner(name: "o\\($0)")) }
                        let o = rows[1].owner
                        print("rows \\(rows.count) \\(o.name)")
                        rows = rows.filter { $0.id == 2 }
                        print("rows now \\(rows.count)")
                    }
                }
                Carousel().run()
                """)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "banners 5 Promo 4", "even 3 4", "seen 1 Promo 0 unseen 2", "none seen true", "made 2 x8",
                "copies 30 Promo 3! Promo 1", "count 2 contains true", "all false", "rows 2 o2", "owner o1 gone",
                "rows now 1", "owner o2 gone",
            ])
        #expect(report.value(at: "objects.leaked")?.compact == "0")
    }

    @Test func arraysOfStructsPassToMethodsAndClosures() throws {
        let report = try SwiftUIKitTests.report(
            """
            struct Item { let id: Int; var title: String }
            final class Store {
                func fetch(completion: @escaping ([Item]) -> Void) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
                        let fetched = (1...3).map { Item(id: $0, title: "t\\($0)") }
                        DispatchQueue.main.async {
                            completion(fetched)
                        }
                    }
                }
            }
            final class Screen {
                private var items: [Item] = []
                let store = Store()
                func load() {
                    store.fetch { fresh in
                        self.apply(fresh)
                        print("loaded \\(self.items.count)")
                    }
                }
                func apply(_ fresh: [Item]) {
                    items.append(contentsOf: fresh.filter { $0.id != 2 })
                    items.append(contentsOf: fresh)
                    print("apply \\(fresh.count) \\(fresh[2].title) now \\(items.count) \\(items[2].id)")
                }
            }
            let screen = Screen()
            screen.load()
            """)
        #expect(SwiftUIKitTests.logs(report) == ["apply 3 t3 now 5 1", "loaded 5"])
        #expect(report.value(at: "logs[0].at_ms")?.compact == "200")
    }

    @Test func aMapInAPropertyInitialValueIsTypedAndStoredByInit() throws {
        let tree = try SwiftUIKitTests.lowered(
            """
            struct Banner { let id: Int; var title: String }
            final class Carousel {
                private let banners = (0..<5).map { Banner(id: $0, title: "Promo \\($0)") }
            }
            let c = Carousel()
            """)
        let carousel = try #require(tree.mapping?["classes"]?.mapping?["Carousel"]?.mapping)
        let fields = try #require(carousel["fields"]?.mapping)
        #expect(SwiftLoweringTests.render(try #require(fields["banners_id"])) == "[int]")
        #expect(SwiftLoweringTests.render(try #require(fields["banners_title"])) == "[string]")
        let initSteps = SwiftLoweringTests.render(try #require(carousel["init"]))
        // Into temporary parallel arrays `mapLINExCOL_…` by a loop over the range, then copied.
        #expect(initSteps.contains("{for: item5x27 in 0..<5"), "\(initSteps)")
        #expect(initSteps.contains("{set: self.banners_title = map5x27_title}"), "\(initSteps)")
    }

    @Test func whatStaysOutIsRefusedWhereItIs() {
        let (_, problems) = SwiftScenarioLoader.lower(
            text: SwiftUIKitTests.file(
                """
                struct Item { var id: Int }
                final class Q {
                    var items: [Item] = []
                    func f() {
                        print("\\(items.count) \\(items.filter { $0.id > 1 }.count)")
                        items.append(contentsOf: [Item(id: 1)])
                    }
                }
                """), file: "U.swift")
        let texts = problems.map { "\($0.location.line):\($0.message)" }
        #expect(
            texts.contains { $0.contains("`filter` on an array of structs after `items.count` in the same statement") },
            "\(texts)")
        // An array literal of structs as an argument is made into temporaries before the statement
        // (StructArrayReturnTests): only the filter after a read of state is refused.
        #expect(texts.count == 1, "\(texts)")
    }
}
