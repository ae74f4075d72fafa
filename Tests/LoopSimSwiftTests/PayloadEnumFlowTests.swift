import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Payload-enum values passed through method calls, closure calls and closure parameters
/// (SwiftLowering+PayloadEnumFlow.swift). Each expectation is a value a wrong model gets wrong: a case's values read
/// from another case's places, a callee that sees the caller's later value, an argument evaluated when the closure is
/// nil.
@Suite struct PayloadEnumFlowTests {
    /// The run's logs of a whole file, `MS TEXT` each.
    static func logs(_ text: String, until: Int = 2) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("flow", until: .seconds(\(until)), variants: [.ios13])
            \(text)
            """)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    /// The error messages of a whole file that does not load.
    static func errors(_ text: String) -> [String] {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import Foundation
                let scenario = Scenario("flow", until: .seconds(1), variants: [.ios13])
                \(text)
                """, file: "F.swift")
        return loaded.diagnostics.filter { $0.severity == .error }.map { "\($0.location.line): \($0.message)" }
    }

    static let event = """
        enum Ev {
            case idle
            case progress(done: Int, total: Int)
            case finished(bytes: Int)
        }
        """

    // MARK: a method's parameter

    /// Each form of argument: a case with values, without, spelled with its type, a local, a property and a
    /// parameter passed on. The callee switches, matches and prints what it was given.
    @Test func aMethodTakesEveryFormOfArgument() throws {
        let logs = try Self.logs(
            Self.event + """

                final class M {
                    var last: Ev = .idle
                    func show(_ e: Ev) {
                        switch e {
                        case .idle: print("idle")
                        case .progress(let done, let total): print("progress \\(done)/\\(total)")
                        case .finished(let bytes): print("finished \\(bytes)")
                        }
                    }
                    func relay(_ e: Ev, tag: String) {
                        print(tag, e)
                        show(e)
                    }
                    func start() {
                        show(.progress(done: 1, total: 4))
                        show(.idle)
                        self.show(Ev.finished(bytes: 7))
                        show(Ev.idle)
                        let local: Ev = .progress(done: 2, total: 4)
                        show(local)
                        last = .finished(bytes: 9)
                        show(last)
                        relay(.progress(done: 3, total: 4), tag: "relay")
                        relay(self.last, tag: "again")
                    }
                }
                let m = M()
                m.start()
                """)
        #expect(
            logs == [
                "0 progress 1/4", "0 idle", "0 finished 7", "0 idle", "0 progress 2/4", "0 finished 9",
                "0 relay progress(done: 3, total: 4)", "0 progress 3/4", "0 again finished(bytes: 9)", "0 finished 9",
            ])
    }

    /// A local made from a case, switched, stored with another case and matched: the second case's values, not the
    /// first's.
    @Test func aLocalMadeFromACaseIsReassigned() throws {
        let logs = try Self.logs(
            Self.event + """

                final class M {
                    func start() {
                        var e: Ev = .finished(bytes: 5)
                        if case .finished(let b) = e { print("f \\(b)") }
                        e = .progress(done: 2, total: 3)
                        if case .progress(let d, _) = e { print("p \\(d)") }
                        if case .finished = e { print("never") }
                    }
                }
                M().start()
                """)
        #expect(logs == ["0 f 5", "0 p 2"])
    }

    /// `let event = Ev.progress(done: 1, total: 2)`: a local without an annotation takes the enum its case is
    /// spelled with, in a method, in a closure that captures it and in the file's top-level code.
    @Test func aLocalTakesTheEnumItsCaseIsSpelledWith() throws {
        let logs = try Self.logs(
            Self.event + """

                final class M {
                    var onEvent: ((Ev) -> Void)?
                    func go() {
                        let e = Ev.progress(done: 1, total: 2)
                        let later = { print("later \\(e)") }
                        let idle = Ev.idle
                        onEvent = { print("got \\($0)") }
                        onEvent?(idle)
                        later()
                    }
                }
                let m = M()
                m.go()
                let top = Ev.finished(bytes: 8)
                m.onEvent?(top)
                """)
        #expect(logs == ["0 got idle", "0 later progress(done: 1, total: 2)", "0 got finished(bytes: 8)"])
    }

    /// The callee's copy is the value at the call: a later store into the caller's property does not change what a
    /// block the callee scheduled prints (an enum is a value type).
    @Test func aParameterIsACopyAtTheCall() throws {
        let logs = try Self.logs(
            Self.event + """

                final class M {
                    var state: Ev = .progress(done: 1, total: 2)
                    func later(_ e: Ev) {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { print("later \\(e)") }
                    }
                    func start() {
                        later(state)
                        state = .finished(bytes: 3)
                        print("now \\(state)")
                    }
                }
                M().start()
                """)
        #expect(logs == ["0 now finished(bytes: 3)", "500 later progress(done: 1, total: 2)"])
    }

    // MARK: a closure's parameter

    /// A closure of type `(Ev) -> Void` in each place an engineer keeps one: an array of handlers (a `for` loop
    /// and `forEach`), an optional property, a non-optional property set by an init, a non-escaping parameter;
    /// called with a case, a parameter and a property, from a GCD block, a Timer's closure and a pool thread. The
    /// closure bodies switch, `if case` and print the parameter.
    @Test func aClosureTakesAPayloadEnumInEveryPlace() throws {
        let logs = try Self.logs(
            Self.event + """

                final class Bus {
                    private var handlers: [(Ev) -> Void] = []
                    var onEvent: ((Ev) -> Void)?
                    var always: (Ev) -> Void
                    var last: Ev = .idle
                    init(always: @escaping (Ev) -> Void) { self.always = always }
                    func subscribe(_ handler: @escaping (Ev) -> Void) { handlers.append(handler) }
                    func emit(_ e: Ev) {
                        last = e
                        for h in handlers { h(e) }
                        handlers.forEach { $0(e) }
                        onEvent?(e)
                        always(e)
                    }
                    func run(_ body: (Ev) -> Void) { body(.finished(bytes: 1)); body(last) }
                    func start() {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { self.emit(.progress(done: 1, total: 2)) }
                        Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in self.emit(.idle) }
                        DispatchQueue.global().async { [weak self] in self?.onEvent?(Ev.finished(bytes: 64)) }
                    }
                }
                let bus = Bus(always: { print("always", $0) })
                bus.subscribe { event in
                    switch event {
                    case .idle: print("h idle")
                    case .progress(let d, let t): print("h \\(d)/\\(t)")
                    case .finished(let b): print("h fin \\(b)")
                    }
                }
                bus.onEvent = { e in
                    if case .finished(let b) = e { print("on fin \\(b)") } else { print("on \\(e)") }
                }
                bus.run { e in print("run \\(e)") }
                bus.start()
                """)
        #expect(
            logs == [
                "0 run finished(bytes: 1)", "0 run idle", "0 on fin 64", "100 h 1/2", "100 h 1/2",
                "100 on progress(done: 1, total: 2)", "100 always progress(done: 1, total: 2)", "200 h idle",
                "200 h idle", "200 on idle", "200 always idle",
            ])
    }

    /// A `@MainActor` view model publishes its state through a closure property; the screen's closure passes the
    /// state on to a method through a main-queue block, a typealiased two-parameter closure reads it in a Task, a
    /// closure local switches over `$0`, and a user action calls the closure with a case.
    @Test func aViewModelPublishesItsStateThroughAClosure() throws {
        let logs = try Self.logs(
            """
            enum ScreenState {
                case loading
                case loaded(count: Int)
                case failed(code: Int)
            }
            typealias StateHandler = (ScreenState, Int) -> Void
            @MainActor
            final class ViewModel {
                var onStateChange: ((ScreenState) -> Void)?
                var onPair: StateHandler?
                func load() async {
                    onStateChange?(.loading)
                    try? await Task.sleep(nanoseconds: 300_000_000)
                    onStateChange?(ScreenState.loaded(count: 3))
                    onPair?(.failed(code: 7), 2)
                }
            }
            final class Screen {
                let vm: ViewModel
                init(vm: ViewModel) { self.vm = vm }
                func bind() {
                    vm.onStateChange = { [weak self] state in
                        DispatchQueue.main.async { self?.render(state) }
                    }
                    vm.onPair = { (s: ScreenState, n: Int) in
                        Task { @MainActor in
                            if case .failed(let code) = s { print("pair failed \\(code) x\\(n)") }
                        }
                    }
                    let log: (ScreenState) -> Void = {
                        switch $0 {
                        case .loading: print("log loading")
                        default: print("log other")
                        }
                    }
                    log(.loading)
                    log(.failed(code: 1))
                }
                func render(_ state: ScreenState) {
                    switch state {
                    case .loading: print("spinner")
                    case .loaded(let count): print("showing \\(count)")
                    case .failed(let code): print("error \\(code)")
                    }
                }
            }
            let vm = ViewModel()
            let screen = Screen(vm: vm)
            screen.bind()
            Task { await vm.load() }
            scenario.at(.seconds(1), "tap") { vm.onStateChange?(.failed(code: 500)) }
            """)
        #expect(
            logs == [
                "0 log loading", "0 log other", "0 spinner", "300 showing 3", "300 pair failed 7 x2", "1000 error 500",
            ])
    }

    /// `await x.m(.case)`, `await m(e)`: an async method's and an actor's method's payload-enum parameter takes the
    /// same places as a synchronous call's, a case written in the call included.
    @Test func anAwaitedMethodTakesAPayloadEnum() throws {
        let logs = try Self.logs(
            Self.event + """

                actor Store {
                    var seen = 0
                    func record(_ e: Ev) {
                        if case .progress(let d, _) = e { seen += d }
                        print("store \\(e) seen \\(seen)")
                    }
                }
                final class Worker {
                    let store = Store()
                    let first: Ev
                    init(first: Ev) { self.first = first }
                    func handle(_ e: Ev) async {
                        await store.record(e)
                        if e == .idle { print("was idle") }
                    }
                    func go(_ e: Ev) {
                        Task {
                            await self.handle(e)
                            await handle(.idle)
                            await self.handle(self.first)
                            await store.record(Ev.finished(bytes: 4))
                        }
                    }
                }
                let w = Worker(first: .progress(done: 5, total: 9))
                w.go(.progress(done: 2, total: 3))
                """)
        #expect(
            logs.map { String($0.drop { $0 != " " }.dropFirst()) } == [
                "store progress(done: 2, total: 3) seen 2", "store idle seen 2", "was idle",
                "store progress(done: 5, total: 9) seen 7", "store finished(bytes: 4) seen 7",
            ])
    }

    /// A case that carries an object, made in a closure call's argument: the temporary's reference is released when
    /// the call's statement ends (ARC releases a temporary at the end of its full expression), so the first item is
    /// freed at once and the second lives on in the property the handler stored it into, until it is cleared.
    @Test func anObjectCarriedByACaseLivesAsLongAsItsHolders() throws {
        let logs = try Self.logs(
            """
            final class Item {
                let id: Int
                init(id: Int) { self.id = id }
                deinit { print("item \\(id) freed") }
            }
            enum Ev {
                case idle
                case loaded(item: Item)
            }
            final class Feed {
                var kept: Item?
                var onEvent: ((Ev) -> Void)?
                func emit() {
                    onEvent?(.loaded(item: Item(id: 1)))
                    onEvent?(.loaded(item: Item(id: 2)))
                }
            }
            let feed = Feed()
            feed.onEvent = { e in
                if case .loaded(let item) = e, item.id == 2 { feed.kept = item }
                print("got")
            }
            feed.emit()
            scenario.at(.seconds(1), "drop") { feed.kept = nil }
            """)
        #expect(logs == ["0 got", "0 item 1 freed", "0 got", "1000 item 2 freed"])
    }

    /// `onChange?(.x(…))` on a nil closure evaluates nothing: Swift's optional chaining skips the arguments of a
    /// call on nil, and the temporary made for the case is made only inside the nil test.
    @Test func aCallOnANilClosureMakesNoArgument() throws {
        let logs = try Self.logs(
            Self.event + """

                final class M {
                    var onEvent: ((Ev) -> Void)?
                    func count() -> Int { print("evaluated"); return 1 }
                    func go() {
                        onEvent?(.finished(bytes: count()))
                        onEvent = { print("got \\($0)") }
                        onEvent?(.finished(bytes: count()))
                    }
                }
                M().go()
                """)
        #expect(logs == ["0 evaluated", "0 got finished(bytes: 1)"])
        let ints = try Self.logs(
            """
            final class M {
                var onCount: ((Int) -> Void)?
                func count() -> Int { print("evaluated"); return 1 }
                func go() {
                    onCount?(count())
                    onCount = { print("got \\($0)") }
                    onCount?(count() + 1)
                }
            }
            M().go()
            """)
        #expect(ints == ["0 evaluated", "0 got 2"])
    }
}
