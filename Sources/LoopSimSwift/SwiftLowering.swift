import LoopSimScenario
import SwiftSyntax

/// Lowers a Swift scenario file (docs/swift-scenarios.md) into the located scenario tree the YAML front-end
/// produces (`classes:`, `main:`, `user:`, `expect:`), every node located at the Swift construct it came from, so
/// that the one compiler checks and compiles both languages and every diagnostic and view names the Swift line.
///
/// The lowering refuses what it does not model: each construct outside the subset is a located `swift.unsupported`
/// error saying what to write instead, never a silent approximation.
struct SwiftLowering {
    /// The file's path, as diagnostics print it.
    let file: String
    /// Turns syntax positions into 1-based lines and columns.
    let converter: SourceLocationConverter
    /// The file's UTF-8 bytes: a converter's column counts bytes, LoopSim's count Unicode scalars.
    let utf8: [UInt8]
    /// Every problem found, in the order found.
    var bag = DiagnosticBag()
    /// The scenario classes declared in the file, by name (looked up only, never iterated).
    var classes: [String: ClassShape] = [:]
    /// The names of dispatch queues declared at the top level (`let db = DispatchQueue(label: "db")`).
    var queueNames: [String] = []
    /// `Class.property` of each dispatch source property an init configured (SwiftLowering+PropertySources.swift).
    var foldedPropertySources: Set<String> = []
    /// The operation queues declared at the top level (`let imports = OperationQueue()`) and their
    /// `maxConcurrentOperationCount` (`default` until set), in order (SwiftLowering+Foundation.swift).
    var operationQueues: [(name: String, width: String)] = []
    /// The queues kept in classes' stored properties (SwiftLowering+PropertyQueues.swift).
    var propertyQueues: [PropertyQueue] = []
    /// The widths of the concurrent dispatch queues, by name (looked up only).
    var queueWidths: [String: Int] = [:]
    /// The `DispatchQueue` parameters of the init being lowered, by name, and the queue each names
    /// (SwiftLowering+QueueParameters.swift).
    var queueParameters: [String: String] = [:]
    /// The name of the top-level `Scenario` value (`let scenario = Scenario(…)`).
    var scenarioName: String?
    /// The notification names an `extension Notification.Name` declares: constant to raw name (looked up only).
    var notificationNames: [String: String] = [:]
    /// Notification names kept as constants of a type or of the top level, by `Owner.name` or `name`
    /// (SwiftLowering+NotificationNames.swift).
    var typeNotificationNames: [String: String] = [:]
    /// The names bound once, by a `let`, to `NotificationCenter.default` (SwiftLowering+CenterAliases.swift).
    var centerAliases: Set<String> = []
    /// The experiment's parameters, by their Swift names (looked up only), and those names in source order.
    var parameters: [String: SwiftParameter] = [:]
    var parameterOrder: [String] = []
    /// The experiment's cases, in source order.
    var cases: [SwiftCase] = []
    /// `scenario.sweep(replications: N)`: N and where.
    var sweepReplications: (String, ScenarioLocation)?
    /// The computed properties whose reads are being inlined (`Class.name`), to refuse a getter that reads itself.
    var computedInProgress: Set<String> = []
    /// Lowering the app code a YAML scenario names in `swift:`: classes and top-level code only, the experiment
    /// being the YAML file's.
    var isAppCode = false
    /// The literal constants the file declares, folded at their uses (SwiftLowering+Constants.swift; looked up only).
    var constants: [String: SwiftConstant] = [:]
    /// The protocols the file declares and their conforming classes (SwiftLowering+Protocols.swift; looked up only).
    var protocols: [String: [String]] = [:]
    /// The enums with cases the file declares, by name (SwiftLowering+Enums.swift; looked up only).
    var enums: [String: SwiftEnum] = [:]
    /// The enums whose cases carry values, held as structs (SwiftLowering+PayloadEnums.swift).
    var payloadEnums: [String: PayloadEnum] = [:]
    /// The error enums whose cases carry values, by name (SwiftLowering+ErrorPayloads.swift; looked up only).
    var errorPayloadEnums: [String: PayloadEnum] = [:]
    /// The enum whose cases an implicit member (`.idle`) names here: a `switch` subject's (SwiftLowering+Enums.swift).
    var enumContext: String?
    /// The file's classes that subclass `Thread` (SwiftLowering+ThreadSubclass.swift; looked up only).
    var threadSubclasses: Set<String> = []
    /// The file's classes that subclass `Operation` (SwiftLowering+OperationSubclass.swift; looked up only).
    var operationSubclasses: Set<String> = []
    /// The types of the parameters of the closures being lowered with parameters, by closure and parameter name
    /// (`$0` too): what an interpolation of one prints (SwiftLowering+Interpolation.swift).
    var closureParameterTypes: [SyntaxIdentifier: [String: LoweredType]] = [:]
    /// `typealias Completion = (Bool) -> Void`, at the top level or in a class: the name to the closure type
    /// (SwiftLowering+ClosureValues.swift).
    var closureAliases: [String: TypeSyntax] = [:]
    /// The names a `case .success(let v)` / `.failure(let e)` of a Result binds, by the switch case or the
    /// condition list that binds them: what an interpolation of one prints (SwiftLowering+Result.swift).
    var resultCaseBindings: [SyntaxIdentifier: [String: LoweredType]] = [:]
    /// The names a tuple pattern (`let (count, limit) = window`) binds, by the pattern, with their types, so that
    /// an interpolation of one prints its value (SwiftLowering+Tuples.swift).
    var tupleBindings: [SyntaxIdentifier: [String: LoweredType]] = [:]
    /// The type of each `try result.get()` lowered, by the `try`: what an interpolation of it prints
    /// (SwiftLowering+Throws.swift).
    var triedValueTypes: [SyntaxIdentifier: LoweredType] = [:]
    /// The calls of methods that return values hoisted out of the statement being lowered (SwiftLowering+Returns.swift).
    var hoisting = Hoisting()
    /// How many of the last ``conditions(_:in:)``'s steps are hoisted calls (a `while` runs them each turn).
    var conditionHoists = 0
    /// The value types (`struct S { var a: Int }`) the file declares, by name (SwiftLowering+Structs.swift; looked up
    /// only).
    var structs: [String: SwiftStruct] = [:]
    /// Stored properties of a struct type declared with `let`, as `Class.name` (SwiftLowering+Structs.swift).
    var letStructFields: Set<String> = []
    /// The type of the value a `queue.sync { e }` closure stored into its `__block` variable, by the variable's name
    /// (SwiftLowering+SyncValues.swift).
    var syncValueTypes: [String: LoweredType] = [:]
    /// `let n = counter.count` bindings whose value the lowering proved a plain `Int`, `Bool` or `String` from the
    /// scope (another object's stored property): an interpolation of `n` prints its value (+Interpolation.swift).
    var plainBindings: Set<SyntaxIdentifier> = []
    /// `let searchBar = UISearchBar()` locals and top-level variables: inert views, no local
    /// (SwiftLowering+ViewDelegates.swift).
    var inertViewLocals: Set<String> = []
    /// The `async let` names of the body being lowered: each child task's local and its value's type
    /// (SwiftLowering+AsyncLet.swift).
    var asyncLets: [String: (task: String, type: LoweredType, isPlain: Bool)] = [:]
    /// The flags of the task closures being lowered that throw (SwiftLowering+ThrowingTasks.swift).
    var taskClosureFlags: Set<String> = []
    /// The type of the value of each task made into a place whose closure returns one, by the place
    /// (`try await task.value`, SwiftLowering+ThrowingTasks.swift).
    var taskValueTypes: [String: LoweredType] = [:]

    /// `Owner.name` of each `static let name = C()` singleton of the file's classes to C (SwiftLowering+Singletons.swift;
    /// looked up only).
    var singletonClasses: [String: String] = [:]
    /// The top-level `let`/`var`s class code may read, by name, and those some class code, closure or top-level
    /// function did read, in first-read order (SwiftLowering+Globals.swift; the first looked up only).
    var globalCandidates: [String: TopLevelGlobal] = [:]
    var usedGlobals: [String] = []
    /// The file's top-level functions, and its classes' and actors' names (SwiftLowering+Globals.swift).
    var globalFunctions: Set<String> = []
    /// `Type.method` of each static method of an extension of a framework type to the globals' method it lowers to,
    /// and the framework types the file extends (SwiftLowering+FrameworkStatics.swift).
    var frameworkStatics: [String: String] = [:]
    var frameworkExtensionTypes: Set<String> = []
    var declaredTypeNames: Set<String> = []
    /// Whether the lowering declared `UIAlertController` and `UIAlertAction` for the file (SwiftLowering+Alerts.swift).
    var alertSynthesized = false
    /// Lowering the `main:` declaration of a global (SwiftLowering+Globals.swift).
    var loweringGlobalDeclaration = false
    /// The overloads renamed before lowering (SwiftOverloads.swift): it maps the renamed tree's positions to the
    /// file's.
    var overloads: OverloadRenaming?
    /// The method references written out as closures before that (SwiftMethodReferences.swift): it maps the
    /// written-out tree's positions to the file's.
    var methodReferences: MethodReferenceRewriting?

    /// Creates a lowering for `tree`, the parsed contents of `file`.
    init(file: String, tree: SourceFileSyntax) {
        self.file = file
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        self.utf8 = Array(tree.syntaxTextBytes)
    }

    /// Where `node` starts (after its leading trivia), as a scenario location.
    func location(_ node: some SyntaxProtocol) -> ScenarioLocation {
        location(of: node.positionAfterSkippingLeadingTrivia)
    }

    /// The location of `position`, a position in the tree being lowered.
    func location(of position: AbsolutePosition) -> ScenarioLocation {
        let renamed = overloads?.map(position) ?? position
        let l = converter.location(for: methodReferences?.map(renamed) ?? renamed)
        return ScenarioLocation(file: file, line: l.line, column: scalarColumn(l))
    }

    /// `l`'s column in Unicode scalars, as every LoopSim diagnostic counts (swift-syntax counts UTF-8 bytes, so a
    /// `→` earlier on the line would put the caret two columns late).
    private func scalarColumn(_ l: SwiftSyntax.SourceLocation) -> Int {
        let start = l.offset - (l.column - 1)
        guard start >= 0, start <= l.offset, l.offset <= utf8.count else { return l.column }
        let prefix = utf8[start..<l.offset]
        guard prefix.contains(where: { $0 >= 0x80 }) else { return l.column }
        return String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
    }

    /// Reports a construct outside the subset, saying what to write instead.
    mutating func unsupported(_ what: String, _ instead: String, at node: some SyntaxProtocol) {
        unsupported(what, instead, at: location(node))
    }

    /// ``unsupported(_:_:at:)`` at a location.
    mutating func unsupported(_ what: String, _ instead: String, at location: ScenarioLocation) {
        bag.error(
            .swiftUnsupported,
            "\(what) is outside the Swift subset LoopSim models; \(instead) (docs/swift-scenarios.md)",
            at: location)
    }

    /// Reports a problem with the experiment's form (`Scenario(…)`, `at`, `expect`).
    mutating func scenarioError(_ message: String, at node: some SyntaxProtocol) {
        bag.error(.swiftScenario, message, at: location(node))
    }
}

extension DiagnosticID {
    /// A Swift construct outside the modelled subset.
    static let swiftUnsupported: DiagnosticID = "swift.unsupported"
    /// The Swift file does not parse.
    static let swiftSyntax: DiagnosticID = "swift.syntax"
    /// The experiment's own calls (`Scenario(…)`, `scenario.at`, `scenario.expect`) are malformed or missing.
    static let swiftScenario: DiagnosticID = "swift.scenario"
    /// A warning: an argument the model runs without (`Task(priority:)`), said where it is written.
    static let swiftIgnored: DiagnosticID = "swift.ignored"
}

/// The static type the lowering follows through an expression: enough to choose a step (`t.invalidate()` on a
/// timer, `obj.run()` on a scenario class) and to declare fields.
enum LoweredType: Equatable, Sendable {
    /// An instance of a scenario class.
    case object(String)
    case timer, runLoop, int, bool, string, semaphore, group, thread
    /// A `TimeInterval` read from a timer (`timeInterval`, `tolerance`): the scenario language reads it in
    /// milliseconds, so the Swift literals it meets are converted from seconds.
    case interval
    /// A timer's `fireDate`: milliseconds of virtual time in the scenario language.
    case date
    /// A `TimeInterval`, `Double`, `DispatchTimeInterval` or `Duration` value: the language's `duration`
    /// (SwiftLowering+Durations.swift).
    case duration
    /// A Swift concurrency task handle (`Task<Void, Never>`; SwiftLowering+Concurrency.swift).
    case task
    /// An object of a Foundation, GCD or CF API, by its Swift type name (SwiftLowering+Foundation.swift).
    case api(String)
    /// A value of an enum of the file, held as the language's `int` (an `Int` raw value) or `string` (the case's
    /// name or `String` raw value) (SwiftLowering+Enums.swift).
    case enumeration(String, isInt: Bool)
    /// A value of a protocol of the file that several classes conform to (`weak var delegate: TickerDelegate?`):
    /// held as an `id`, each message going to the method of the class of the object held when it runs
    /// (SwiftLowering+Protocols.swift).
    case conformer(String)
    /// A closure value (`(Int) -> Void`, `(() -> Void)?`): a `block`, with its parameters' types
    /// (SwiftLowering+ClosureValues.swift); `.unknown` for a parameter type the lowering does not follow.
    case closure([LoweredType])
    /// A Swift array of its element type (SwiftLowering+Arrays.swift).
    indirect case array(LoweredType)
    /// A Swift dictionary of its key and value types (SwiftLowering+Dictionaries.swift).
    indirect case dictionary(LoweredType, LoweredType)
    /// An optional `Int`, `Bool`, `String`, `TimeInterval`, enum or `Error` parameter of a closure type
    /// (`(Int?) -> Void`, `(String?, Error?) -> Void`), only in a ``closure(_:)``'s list: the language's value of
    /// the wrapped type, which may be nil; an interpolation of it prints `Optional(…)` (SwiftLowering+Errors.swift).
    indirect case optional(LoweredType)
    /// `Result<Success, Failure>`, as a parameter of a closure or a method: split into its success and failure
    /// parts (SwiftLowering+Result.swift); no field or local holds one whole.
    indirect case result(LoweredType, LoweredType)
    /// A value of a struct of the file: its stored properties are flattened into the holder's fields or locals
    /// (`config.interval` is `config_interval`; SwiftLowering+Structs.swift).
    case value(String)
    /// A Foundation `Data` value, held as its byte count in an `int` place: the scenarios that hold one time
    /// and count downloads, never read the bytes (SwiftLowering+Data.swift).
    case data
    /// Anything else the lowering does not follow.
    case unknown

    /// The field type the YAML language spells for it (docs/scenario-format.md §4).
    var fieldTypeName: String? {
        switch self {
        case .object(let name): name
        case .timer: "NSTimer"
        case .runLoop: "CFRunLoop"
        case .int: "int"
        case .bool: "bool"
        case .string: "string"
        case .semaphore: "dispatch_semaphore"
        case .group: "dispatch_group"
        case .thread: "NSThread"
        case .interval, .date, .data: "int"
        case .duration: "duration"
        case .task: "Task"
        case .api(let name): SwiftLowering.apiFieldTypeName(name)
        case .enumeration(_, let isInt): isInt ? "int" : "string"
        case .conformer: "id"
        case .closure: "block"
        case .array(let element): element.fieldTypeName.map { "[\($0)]" }
        case .dictionary(let key, let value):
            key.fieldTypeName.flatMap { k in value.fieldTypeName.map { "[\(k): \($0)]" } }
        case .optional(let wrapped): wrapped.fieldTypeName
        case .result, .value, .unknown: nil
        }
    }

    /// `an array` or `a dictionary` for a collection (a value whose place holds its elements strongly), else nil.
    var collectionName: String? {
        switch self {
        case .array: "an array"
        case .dictionary: "a dictionary"
        default: nil
        }
    }

    /// The type without its ``optional(_:)`` wrapper.
    var unwrapped: LoweredType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether a value of this type is a reference-counted object (so `weak`/`unowned` apply).
    var isObject: Bool {
        switch self {
        case .object, .timer, .semaphore, .group, .thread, .task, .api, .conformer, .closure: true
        default: false
        }
    }
}

/// What the lowering knows of a scenario class before lowering any body: its fields and methods.
struct ClassShape {
    /// The class's name.
    var name: String
    /// Field name to its type.
    var fields: [String: LoweredType] = [:]
    /// Method name to its parameters' names, in order.
    var methods: [String: [String]] = [:]
    /// Method name to its parameters' types, in order (a closure passed to it is lowered with its parameter's
    /// type, SwiftLowering+ClosureValues.swift).
    var methodParameterTypes: [String: [LoweredType]] = [:]
    /// Method name to its parameters' argument labels (`_` for none) and default values, for a method with a
    /// default argument (`func refresh(attempt: Int = 1)`): a call may leave those out (SwiftLowering+Calls.swift).
    var methodParameterDefaults: [String: [(label: String, value: ExprSyntax?)]] = [:]
    /// An init method's `DispatchQueue` parameters, by position: named statically, passed as no value
    /// (SwiftLowering+QueueParameters.swift).
    var initializerQueuePositions: [String: Set<Int>] = [:]
    /// The UIKit superclass (`UIViewController`, `UITableViewCell`, …), if any (SwiftLowering+UIKit.swift).
    var superclass: String?
    /// `UITableViewController` or `UICollectionViewController`, a controller whose table or collection view is not
    /// modelled: ``superclass`` is then `UIViewController` (SwiftLowering+UIKit.swift).
    var listController: String?
    /// Members inherited from the UIKit superclass that a bare name inside the class means (`navigationController`).
    var inherited: Set<String> = []
    /// An init's argument labels to the method its body lowers to (SwiftLowering+Initializers.swift).
    var initializers: [[String]: String] = [:]
    /// Read-only computed properties, whose reads are inlined (SwiftLowering+Computed.swift).
    var computed: [String: ComputedProperty] = [:]
    /// The methods that return a value (lowered with `returns:`), by name, with the type they return
    /// (SwiftLowering+Returns.swift); each is in ``methods`` too.
    var returns: [String: LoweredType] = [:]
    /// The methods of ``returns`` that return a struct as one value of its parts: `async` and actor methods
    /// (SwiftLowering+AsyncStructReturns.swift).
    var structPartReturns: Set<String> = []
    /// Read-only computed properties lowered as methods that return their value (a getter of several statements,
    /// or one that calls a method): each read is a call (SwiftLowering+Returns.swift).
    var getters: Set<String> = []
    /// `lazy var x = e`: the property's name to the initial value its first read runs (SwiftLowering+Lazy.swift).
    var lazy: [String: ExprSyntax] = [:]
    /// UIKit views kept in stored properties (`let button = UIButton(type: .system)`): the property's name to the
    /// view's class; no field, the view's state is display state (SwiftLowering+Controls.swift).
    var views: [String: String] = [:]
    /// `button.addTarget(self, action: #selector(tap), for: .touchUpInside)`: the hidden weak field `button_touchUpInside`
    /// to the control, event and action (SwiftLowering+Controls.swift).
    var controlTargets: [String: ControlTarget] = [:]
    /// `scrollView.delegate = self` on a `UIScrollView` property: the hidden weak field `scrollView_delegate`
    /// (SwiftLowering+ViewDelegates.swift).
    var scrollDelegateFields: Set<String> = []
    /// A method's parameters of a delegate's view type (`_ searchBar: UISearchBar`), by position: no local, and a
    /// call passes no value (SwiftLowering+ViewDelegates.swift).
    var viewParameterPositions: [String: Set<Int>] = [:]
    /// The UIKit delegate protocols the class conforms to (`UIScrollViewDelegate`), in its declaration or an
    /// extension (SwiftLowering+ViewDelegates.swift).
    var delegateProtocols: Set<String> = []
    /// The stored properties declared `Result<…>?` (SwiftLowering+ResultValues.swift).
    var optionalResults: Set<String> = []
    /// The methods declared with typed throws `throws(E)`, by name, with the error enum E
    /// (SwiftLowering+TypedThrows.swift).
    var typedThrows: [String: String] = [:]
    /// `let timer = DispatchSource.makeTimerSource(…)`: the property's name to the call, configured in `init`
    /// (SwiftLowering+PropertySources.swift).
    var sources: [String: FunctionCallExprSyntax] = [:]
    /// Stored properties with `willSet`/`didSet`, by name (SwiftLowering+Observers.swift; looked up only).
    var observers: [String: PropertyObservers] = [:]
    /// The methods declared `throws` (SwiftLowering+Throws.swift).
    var throwing: Set<String> = []
    /// An `actor` or a `@MainActor` class: its state is read from outside with `await` (SE-0306).
    var isIsolated = false
    /// Properties read from outside with `await store.count`: the property's name to the method that returns it on
    /// the class's executor (SwiftLowering+ActorReads.swift).
    var awaitedReads: [String: String] = [:]

    /// Its instance `let`s of literal values, folded at their uses (SwiftLowering+Constants.swift): members still,
    /// so a closure that reads one captures `self`.
    var constantMembers: Set<String> = []

    /// Whether `name` is a member (field or method) of the class, which a bare name inside it means.
    func hasMember(_ name: String) -> Bool {
        fields[name] != nil || methods[name] != nil || inherited.contains(name) || constantMembers.contains(name)
            || computed[name] != nil || getters.contains(name)
    }
}

/// A name a body can see.
struct Local {
    /// The name's static type.
    var type: LoweredType
    /// Declared with `var` (closures capture the variable, so a captured `var` becomes a `__block` variable).
    var isVar: Bool
    /// Declared as a `__block` variable in the lowered tree.
    var isBlock: Bool = false
    /// `let rl = RunLoop.current` (or `CFRunLoopGetCurrent()`) in this very body: `rl.run()` runs the loop of the
    /// thread running the body, the current one. A closure that captures it may run on another thread: its copy
    /// is not marked (SwiftLowering+RunLoopLocals.swift).
    var isCurrentRunLoop = false
    /// A closure's `[weak x]` (`weak`, `unowned`, `unretained`): a closure nested in it that uses `x` captures the
    /// same weak variable, so it holds `x` as weakly (the Swift book, "Capture Lists"; a closure captures the
    /// variable, here a weak one), never strongly.
    var captureStrength: String?
    /// The name the lowered tree gives it, when not its own: after `guard let self`, `self` is the strong local
    /// `strongSelf` (the scenario language's names cannot be `self`).
    var lowered: String?
    /// An element of an array of `Int`, `Bool` or `String` bound by `for x in a` or `forEach`: never nil, so an
    /// interpolation prints its value (SwiftLowering+Arrays.swift).
    var isPlainElement = false

    /// The name the lowered tree reads for `name`, a local of this kind.
    func text(_ name: String) -> String { lowered ?? name }
}

/// The names one body sees: its locals (and captures), and the class whose members a bare name reaches.
struct Scope {
    /// What kind of body this is.
    enum Kind {
        /// Top-level code: `main:`.
        case main
        /// A user action's closure (`scenario.at`): sees `main:`'s names.
        case action
        /// A method, `init` or `deinit`.
        case method
        /// A closure: sees only its captures.
        case closure
    }

    var kind: Kind
    /// The class whose members a bare name reaches (through `self`), if `self` is visible.
    var className: String?
    /// Locals and captures, by name (looked up only).
    var locals: [String: Local] = [:]
    /// Names of `var`s that some closure in this body captures: declared as `__block` variables.
    var capturedVars: Set<String> = []
    /// Inside a `while` that ends its body: a `return` leaves the loop and so the body, so it is `break`
    /// (SwiftLowering+Concurrency.swift, `guard let self else { return }` in a task's loop).
    var returnBreaksLoop = false
    /// The `while` that ends a body, whose `return`s are `break`s (set by `lowerTailLoop`).
    var tailLoopID: SyntaxIdentifier?
    /// In an initializer of this class: its assignments to `self`'s observed properties call no observer (the
    /// Swift book, "Property Observers"; SwiftLowering+Observers.swift).
    var initializerOf: String?
    /// In an observer of this property: assigning it on `self` calls no observer again.
    var observing: String?
    /// The type the method being lowered returns (`func f() -> Bool`): its `return e` is `return: e`. Nil elsewhere.
    var returnType: LoweredType?
    /// The body of a closure lowered in place (`autoreleasepool { … }`, `withExtendedLifetime`): a `return` in it
    /// leaves the closure, not the body around it, so it is refused.
    var isInlineClosure = false
    /// The `__block` variable a `sync` closure of several statements used as a value stores each `return e` into
    /// (SwiftLowering+SyncValues.swift), nil elsewhere; a nested closure's scope is a new one, without it.
    var syncValueInto: String?
    /// In the body of `withTaskGroup(of: Void.self) { group in … }` lowered as statements: the group's name, whose
    /// `addTask { … }` and `waitForAll()` are steps of the innermost group (SwiftLowering+Concurrency.swift).
    var taskGroupName: String?
    /// The type the innermost group's children return (`withTaskGroup(of: Int.self)`), nil for `Void`
    /// (SwiftLowering+TaskGroupValues.swift).
    var taskGroupChildType: LoweredType?
    /// The innermost group is a throwing one (`withThrowingTaskGroup`): its children may throw, and its `next()` and
    /// `waitForAll()` rethrow their errors (SwiftLowering+ThrowingTaskGroups.swift).
    var taskGroupThrows = false
    /// Where a `throw` (or a `try` whose call threw) goes: out of the throwing method, or to the `catch`es of the
    /// `do` around it (SwiftLowering+Throws.swift). Nil where Swift accepts no throw.
    var throwContext: ThrowContext?
    /// The nested functions declared so far in this body and the bodies around it, by name, each inlined where it
    /// is called (SwiftLowering+LocalFunctions.swift).
    var localFunctions: [String: FunctionDeclSyntax] = [:]
    /// The nested functions refused where declared: their calls say nothing more.
    var refusedLocalFunctions: Set<String> = []
    /// The `async let` children declared so far in this body's open blocks, innermost last: each is cancelled and
    /// awaited where its block ends or the body returns (SwiftLowering+AsyncLetScope.swift).
    var openAsyncLets: [(task: String, at: ScenarioLocation)] = []
}

extension LocatedNode {
    /// A plain scalar at `location`.
    static func plain(_ text: String, at location: ScenarioLocation) -> LocatedNode {
        .scalar(Scalar(text: text, location: location, style: .plain))
    }

    /// A double-quoted scalar at `location` (a string the compiler must not read as a number).
    static func quoted(_ text: String, at location: ScenarioLocation) -> LocatedNode {
        .scalar(Scalar(text: text, location: location, style: .doubleQuoted))
    }

    /// A mapping of `entries` (key text, value), every key located at `location`.
    static func map(_ entries: [(String, LocatedNode)], at location: ScenarioLocation) -> LocatedNode {
        .mapping(
            Mapping(
                entries: entries.map { Mapping.Entry(key: Scalar(text: $0.0, location: location), value: $0.1) },
                location: location))
    }

    /// A sequence of `items` at `location`.
    static func list(_ items: [LocatedNode], at location: ScenarioLocation) -> LocatedNode {
        .sequence(Sequence(items: items, location: location))
    }

    /// A step: a mapping whose first key is the verb (docs/scenario-format.md §7).
    static func step(
        _ verb: String, _ argument: String?, at location: ScenarioLocation, _ extra: [(String, LocatedNode)] = []
    ) -> LocatedNode {
        map([(verb, .plain(argument ?? "", at: location))] + extra, at: location)
    }
}

/// The scenario language's location (swift-syntax has a `SourceLocation` of its own).
typealias ScenarioLocation = LoopSimScenario.SourceLocation

extension SwiftLowering {
    /// The name of a local the lowering makes for a value Swift keeps without one (a temporary receiver, a
    /// hoisted call's result, a returned object): `PREFIX` and the Swift line and column it comes from
    /// (`newSeeder12x5`), so two such locals never share a name and a view can tell where one was made.
    static func temporaryName(_ prefix: String, at: ScenarioLocation) -> String {
        "\(prefix)\(at.line)x\(at.column)"
    }
}

extension SwiftLowering {
    /// What a construct is, for messages: "a struct", "an enum", "a protocol".
    func describe(_ node: some SyntaxProtocol) -> String {
        let node = Syntax(node)
        if node.is(StructDeclSyntax.self) { return "a struct" }
        if node.is(EnumDeclSyntax.self) { return "an enum" }
        if node.is(ProtocolDeclSyntax.self) { return "a protocol" }
        if node.is(ExtensionDeclSyntax.self) { return "an extension" }
        if node.is(FunctionDeclSyntax.self) { return "a function" }
        if node.is(ActorDeclSyntax.self) { return "an actor" }
        if node.is(SubscriptDeclSyntax.self) { return "a subscript" }
        if node.is(TypeAliasDeclSyntax.self) { return "a typealias" }
        if node.is(KeyPathExprSyntax.self) { return "a key path" }
        if node.is(MacroExpansionExprSyntax.self) { return "a macro or `#` directive" }
        return "this construct"
    }
}
