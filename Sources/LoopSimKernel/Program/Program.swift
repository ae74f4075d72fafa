/// What the kernel executes: classes, block templates and bodies of steps.
///
/// A scenario compiles into one `Program`. Names are resolved at compile time: locals, captures, fields
/// and methods are indices, so the kernel never looks anything up by string while it runs.
public struct Program: Sendable {
    public var classes: [ClassInfo] = []
    public var blocks: [BlockTemplate] = []
    /// The dispatch queues of `queues:`, indexed by ``QueueRef/serial(_:)``: serial ones, and concurrent ones
    /// (their width in ``queueWidths``).
    public var serialQueues: [String] = []
    /// Each queue's width, by the index of ``serialQueues``: 1 for a serial queue, more for a concurrent one (at
    /// most that many of its blocks run at once). Missing entries are 1.
    public var queueWidths: [Int] = []
    /// Each queue's target queue, by the index of ``serialQueues`` (`{log: {target: db}}`: `DispatchQueue(label:
    /// target:)`): an earlier serial queue, or nil for the default (the global pool). Empty when none has one.
    public var queueTargets: [Int?] = []
    /// The widest concurrent queue a scenario may declare: the GCD pool's thread limit.
    public static let maxQueueWidth = 64
    /// The declared `NSOperationQueue`s: their names and `maxConcurrentOperationCount`s
    /// (``defaultMaxConcurrentOperationCount`` for the default).
    public var operationQueues: [(name: String, maxConcurrent: Int)] = []
    /// `NSOperationQueueDefaultMaxConcurrentOperationCount` (-1): the width `OperationQueue()` starts with, no limit
    /// of the queue's own (swift-corelibs-foundation Operation.swift `defaultMaxConcurrentOperationCount: Int = -1`).
    public static let defaultMaxConcurrentOperationCount = -1
    /// Names held by the app itself (its window and navigation stack): roots until a step releases them.
    public var appBindings: [String] = []
    /// The main thread's launch code (`application:didFinishLaunching`), with ``appBindings`` as its first locals.
    public var main = Body(steps: [], localNames: [])
    /// Scripted user actions, delivered through the main run loop's event source.
    public var userActions: [UserAction] = []
    /// `UIApplicationDelegate` callbacks: `didEnterBackground`, `willEnterForeground`, `didBecomeActive`, `willResignActive`.
    public var appDelegate: [(name: String, body: Body)] = []
    /// The executable's name (`process:`): what `NSThread.name` reads where it is the OS thread's name
    /// (`threadNames` `pthread`: the main thread, and threads that inherit it).
    public var processName = "App"
    /// Where each statement was written, indexed by ``Step/site(_:)``; index 0 is "no site" (a step the compiler
    /// or the kernel made). The views name a step's line from it; the kernel only passes the index along.
    public var sites: [SourceSite] = [SourceSite(file: "", line: 0, column: 0)]
    /// The program shows a window (it has a `makeKeyAndVisible` step): `present` then checks that the presenter's
    /// view is in the window hierarchy (UIKit+Window.swift). A program without one leaves the window out of the
    /// model, and its presenters are taken to be on screen.
    public var showsWindow = false

    public init() {}
}

/// Where a statement was written: a YAML step's verb, or the Swift statement the lowering made it from.
public struct SourceSite: Sendable, Hashable {
    /// The path of the file, as the front-end was given it.
    public var file: String
    /// 1-based line and column.
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE` with the file's base name (`s06-timer-target-self.swift:15`), as the views print it.
    public var shortText: String {
        let base = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
        return "\(base):\(line)"
    }
}

/// A user action at a fixed instant: steps delivered through UIKit's event source, or an app-lifecycle
/// action the system performs itself (home button, lock, return).
public struct UserAction: Sendable {
    public var at: SimInstant
    public var label: String
    public var body: Body
    public var appAction: AppAction?
    public init(at: SimInstant, label: String, body: Body, appAction: AppAction? = nil) {
        self.at = at
        self.label = label
        self.body = body
        self.appAction = appAction
    }
}

/// What the system does to the app, from outside it.
public enum AppAction: String, Sendable, Hashable, CaseIterable {
    /// The user leaves the app (home button): inactive, background, then suspended unless a background task runs.
    case background
    /// The user returns: the app resumes and becomes active.
    case foreground
    /// The user locks the device: the app goes to the background and the device sleeps (the monotonic clock stops).
    case lock
    /// The device wakes; the app stays in the background until `foreground`.
    case unlock
}

/// A class declared by the scenario.
public struct ClassInfo: Sendable {
    public var name: String
    public var fields: [FieldInfo]
    public var methods: [(name: String, body: Body)]
    /// Steps run when an instance is created with `new`, with `self` bound.
    public var initializer: Body?
    /// Steps run on the releasing thread when the last strong reference goes, before the fields are released.
    public var dealloc: Body?
    /// Instances are roots by declaration (singletons): never reported as leaks.
    public var isRoot: Bool
    /// `typeObject: true`: Swift's storage of a type's static members (or of the file's globals), which the Swift
    /// front-end models as the one instance of a `root: true` class; not one of the app's heap objects, so it is
    /// internal — never counted in the report's `objects` nor listed among them (``HeapObject/isInternal``).
    public var isTypeObject = false
    /// An `NSProxy` subclass that forwards every message to the object in this field (usually weak).
    public var proxyTargetField: Int?
    /// What the proxy does when its target is nil: crash (`methodSignatureForSelector:` returns nil, then
    /// `doesNotRecognizeSelector:`) or swallow the call (it answers a dummy signature).
    public var proxySwallowsNilTarget = false
    /// An `Operation` subclass (`superclass: Operation`): its instances are operations a queue runs.
    public var operation: OperationSubclass?
    /// Swift concurrency: `@MainActor class` or `actor` (Concurrency/Isolation.swift).
    public var isolation = ClassIsolation.nonisolated
    /// Each method's `async:` and `mainActor:`, by method index (shorter when the last ones declare none).
    public var methodTraits: [MethodTraits] = []

    public init(
        name: String, fields: [FieldInfo], methods: [(name: String, body: Body)] = [],
        initializer: Body? = nil, dealloc: Body? = nil, isRoot: Bool = false
    ) {
        self.name = name
        self.fields = fields
        self.methods = methods
        self.initializer = initializer
        self.dealloc = dealloc
        self.isRoot = isRoot
    }
}

/// What a scenario class that subclasses `Operation` overrides (docs/scenario-format.md §4, `superclass:`).
///
/// swift-corelibs-foundation's `OperationQueue._schedule(_:)` calls the operation's `start()`; `Operation.start()`
/// runs `main()` unless the operation was cancelled, then finishes it. An overridden `start()` is called even for a
/// cancelled operation, and the operation finishes only when it reports `isFinished` (its KVO notification, or
/// `isFinished` true when `start()` returns): Operation.swift, `start()`, `_schedule(_:)`, `observeValue(forKeyPath:)`.
public struct OperationSubclass: Sendable, Hashable {
    /// Its `isAsynchronous` override. A queue ignores it (corelibs never reads it; Apple, `isAsynchronous`: "the
    /// queue ignores the value of the asynchronous property and always calls the start method from a separate
    /// thread"); `op.isAsynchronous` reads it.
    public var isAsynchronous: Bool
    /// The index of its `start` method, when it overrides `start()`.
    public var start: Int?
    /// The index of its `main` method, when it overrides `main()`.
    public var main: Int?

    public init(isAsynchronous: Bool, start: Int?, main: Int?) {
        self.isAsynchronous = isAsynchronous
        self.start = start
        self.main = main
    }
}

/// One field of a class.
public struct FieldInfo: Sendable {
    public var name: String
    public var strength: Strength
    public var initial: Value
    public init(name: String, strength: Strength, initial: Value = .null) {
        self.name = name
        self.strength = strength
        self.initial = initial
    }
}

/// A block literal: what it captures (evaluated when the block is created) and its body.
public struct BlockTemplate: Sendable {
    public struct Capture: Sendable {
        public var name: String
        public var value: Expr
        public var strength: Strength
        /// A `__block` variable: `value` yields its storage (``HeapObject/Kind/byref``), which the block retains and
        /// reads and writes through, so it sees what anyone stores into the variable after the block was made.
        public var isByref: Bool
        public init(name: String, value: Expr, strength: Strength, isByref: Bool = false) {
            self.name = name
            self.value = value
            self.strength = strength
            self.isByref = isByref
        }
    }
    public var captures: [Capture]
    public var body: Body
    public init(captures: [Capture], body: Body) {
        self.captures = captures
        self.body = body
    }
}

/// A list of steps with its local-variable layout.
public struct Body: Sendable {
    public var steps: [Step]
    /// Names of the locals, indexed by ``Expr/local(_:)``; callee arguments come first.
    public var localNames: [String]
    /// How many of the first locals are a method's parameters (`params:`), bound to a call's arguments.
    public var parameterCount: Int
    public init(steps: [Step], localNames: [String], parameterCount: Int = 0) {
        self.steps = steps
        self.localNames = localNames
        self.parameterCount = parameterCount
    }
}

/// A String function an expression may call (``Expr/stringFunction(_:_:_:)``).
public enum StringFunction: String, Sendable, CaseIterable {
    case hasPrefix, hasSuffix, contains, uppercased, lowercased
    /// `s.debugDescription`: the string quoted and escaped, as Swift prints a `String` inside an enum case's
    /// associated values (`failed("timeout")`) or an array.
    case debugDescription
    /// `s.trimmingWhitespaces()`, Swift's `s.trimmingCharacters(in: .whitespaces)`; `trimmingWhitespacesAndNewlines`
    /// is `.whitespacesAndNewlines` (``trimmed(_:)``).
    case trimmingWhitespaces, trimmingWhitespacesAndNewlines

    /// The scalars of Foundation's `CharacterSet.whitespaces`: Unicode's `Zs` and the tab as CoreFoundation's
    /// table holds them (U+200B included), measured on swift-corelibs-foundation (docs/fidelity.md, "Swift
    /// scenarios: everyday Swift").
    public static let whitespaces: Set<UInt32> = [
        0x9, 0x20, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
        0x200A, 0x200B, 0x202F, 0x205F, 0x3000,
    ]
    /// `CharacterSet.whitespacesAndNewlines`: those, U+000A–U+000D, U+0085, U+2028 and U+2029.
    public static let whitespacesAndNewlines: Set<UInt32> = whitespaces.union([
        0xA, 0xB, 0xC, 0xD, 0x85, 0x2028, 0x2029,
    ])

    /// `s` without the leading and trailing unicode scalars of the function's set, as `trimmingCharacters(in:)`
    /// removes them (scalar by scalar: a combining mark after a trimmed space stays).
    public func trimmed(_ s: String) -> String {
        let set = self == .trimmingWhitespaces ? Self.whitespaces : Self.whitespacesAndNewlines
        let scalars = Array(s.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !set.contains($0.value) }),
            let last = scalars.lastIndex(where: { !set.contains($0.value) })
        else { return "" }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[first...last])
        return String(view)
    }

    /// Whether it takes a string argument (and answers a Bool); the others take none and answer a String.
    public var takesArgument: Bool { self == .hasPrefix || self == .hasSuffix || self == .contains }
}

/// Where an expression's value starts.
public enum PathRoot: Sendable, Hashable {
    case local(Int)
    case capture(Int)
    case selfObject
    /// `shared ClassName`: the one instance of a `root: true` class (by index), made (and its `init:` run) on the
    /// first read and kept for the whole run (``Objects/sharedInstance(classIndex:on:)``).
    case shared(Int)
}

/// An expression.
public indirect enum Expr: Sendable {
    case literal(Value)
    /// A root followed by field indices: `self.button.timer`.
    case path(PathRoot, [Int])
    /// A field of the object another expression yields, which no path names: `cache[key].name`, `items[0].owner`
    /// (Swift's `cache[key]?.name`); nil when that expression yields nil, as optional chaining (and a message to nil)
    /// does.
    case field(Expr, Int)
    /// `new ClassName`: a fresh instance (+1, owned by whoever stores it).
    case new(classIndex: Int, label: String)
    /// A block literal: a fresh block object whose captures are evaluated now.
    case block(templateIndex: Int)
    case currentRunLoop
    case mainRunLoop
    /// `dispatch_semaphore_create(value)`: a fresh semaphore (+1).
    case newSemaphore(Int)
    /// `dispatch_group_create()`: a fresh, empty group (+1).
    case newGroup
    /// `dispatch_queue_create(label, attr)`, Swift's `DispatchQueue(label:)`: a new queue each time it is evaluated
    /// (``Value/queue(_:)``), serial (`width` 1) or concurrent (``Program/maxQueueWidth``). A kernel handle, not
    /// an object of the heap (docs/fidelity.md, "Queues kept in properties").
    case newQueue(label: String, width: Int)
    /// Whole seconds of wall-clock time since the start (`[NSDate date]` relative to launch): goes on while the
    /// device sleeps, unlike the monotonic clock of run-loop timers.
    case wallSeconds
    /// `now_date`, Swift's `Date()`: the virtual clock's `now` (the modelled device's wall time, which goes on
    /// while it sleeps; never the host's clock), as a duration since the start, so that a date's arithmetic
    /// (`Date().timeIntervalSince(start)`, `addingTimeInterval`) is the duration's and a run stays deterministic.
    case wallNow
    /// `now_uptime`, Swift's `CACurrentMediaTime()` and `ProcessInfo.processInfo.systemUptime`: the monotonic
    /// clock's time since the start (`mach_absolute_time`, which stands still while the device sleeps), a duration.
    case uptimeNow
    /// `int(x)`: a duration's whole seconds, toward zero, as Swift's `Int(_: Double)` truncates; an integer is
    /// itself.
    case wholeSeconds(Expr)
    /// `pow(b, n)`: Foundation's `pow(Double, Double)` of a duration `b` and an integer exponent `n` (Swift's
    /// `pow(2.0, Double(attempt))`), computed as `n` fixed-point products of `b` (``DurationArithmetic/power(_:_:)``).
    case power(Expr, exponent: Expr)
    /// `format("%02d:%02d", m, s)`, Swift's `String(format:)`: the pieces (``FormatPiece``), each conversion
    /// writing the next argument's value.
    case format([FormatPiece], [Expr])
    /// `Task.isCancelled`: whether the task whose job runs the expression was cancelled; false outside a task.
    case taskIsCancelled
    /// Integer `+` and `-`.
    case arithmetic(Expr, isAddition: Bool, Expr)
    /// Integer `*`, `/` and `%` (``ProductOperator``).
    case product(Expr, ProductOperator, Expr)
    case compare(Expr, CompareOperator, Expr)
    case not(Expr)
    /// `a && b` (`isAnd`) or `a || b`: C's logical operators, `true` or `false`; the right side is evaluated only
    /// when the left does not decide (C11 §6.5.13–14, Swift's `&&` takes its right side as an autoclosure).
    case logical(Expr, isAnd: Bool, Expr)
    /// `a ?? b`: the left value unless it is nil, else the right, which is evaluated only then (Swift's `??`
    /// takes its default as an autoclosure: the Swift standard library, `??(_:_:)`).
    case coalesce(Expr, Expr)
    /// The running variant's iOS version, `major * 100 + minor` (`ios10` is 1000), for Swift's
    /// `#available(iOS 10.0, *)`; `Int.max` off iOS (`linux-corelibs`), where `*` makes every iOS check pass
    /// (the Swift book, "Checking API Availability").
    case iosVersion
    /// A UIKit property of the object `Expr` names (nil for nil).
    case uikitProperty(Expr, UIKitProperty)
    /// A timer's property (`self.timer.isValid`).
    case timerProperty(Expr, TimerProperty)
    /// A run loop's property (`current runloop.currentMode`).
    case runLoopProperty(Expr, RunLoopProperty)
    /// `[NSThread currentThread]`: the running thread.
    case currentThread
    /// `[NSThread mainThread]`.
    case mainThread
    /// A thread's property (`current thread.name`).
    case threadProperty(Expr, ThreadProperty)
    /// A notification's property (`note.name`, `note.object`).
    case notificationProperty(Expr, NotificationProperty)
    /// The value under `key` in a notification's userInfo, nil when it has none: Swift's `Any?`, which the compiler
    /// lets a scenario read only through ``cast(_:_:)``.
    case userInfoValue(Expr, key: String)
    /// `EXPR as? TYPE`: the value when it is of TYPE, else nil (Swift's conditional cast, ``CastType``).
    case cast(Expr, CastType)
    /// An operation's state (`op.isFinished`), or a work item's `isCancelled` (``OperationProperty``).
    case operationProperty(Expr, OperationProperty)
    /// `"tick \(n)"`: a string made of its parts, each value written as Swift's string interpolation writes it
    /// (``InterpolatedLogStep/describe(_:)``), when the expression is evaluated.
    case interpolation([LogPart])
    /// `[a, b]`: an array of the elements' values, in order (Swift's array literal; `[]` is the empty array).
    case arrayLiteral([Expr])
    /// An array's `count`, `isEmpty`, `first` or `last` (``ArrayProperty``); nil reads as an empty array.
    case arrayProperty(Expr, ArrayProperty)
    /// `a[i]`: element `i`; an index outside the array crashes the run, as Swift's subscript traps.
    case arrayElement(Expr, index: Expr)
    /// `a.contains(x)`: whether an element equals `x` (`==` as comparisons read it, section 6).
    case arrayContains(Expr, Expr)
    /// `s.count`: a string's characters (extended grapheme clusters, as Swift's `String.count` counts them; nil counts
    /// 0, as a message to nil).
    case stringCount(Expr)
    /// `s.hasPrefix(p)`, `s.hasSuffix(p)`, `s.contains(p)`, `s.uppercased()`, `s.lowercased()`: Swift's own String
    /// functions of the same names (the standard library's, the same on Darwin and Linux); nil answers false, or nil,
    /// as a message to nil does.
    case stringFunction(Expr, StringFunction, Expr?)
    /// `a.sum()`, Swift's `a.reduce(0, +)`: the sum of an array of integers or (`ofDurations`) durations, 0 (or a
    /// zero duration, Swift's `0.0`) for an empty one; an integer sum past `Int`'s range crashes the run, as Swift's
    /// `+` traps.
    case sum(Expr, ofDurations: Bool)
    /// `a.sorted()`: an array of integers, strings or durations in ascending order (strings by their Unicode
    /// scalars, which is Swift's `<` for the strings the language writes).
    case sorted(Expr)
    /// `[k: v, …]`, `[:]`: a dictionary of the entries in the order written (``DictionaryEntries``); a key written
    /// twice crashes the run, as Swift's literal traps.
    case dictionaryLiteral(keys: [Expr], values: [Expr])
    /// `d[k]`: the value under key `k`, nil when the dictionary has none (Swift's optional subscript).
    case dictionaryValue(Expr, key: Expr)
    /// `d.keys` (`isKeys`) or `d.values`: an array of them, in the dictionary's order (``DictionaryEntries``).
    case dictionaryView(Expr, isKeys: Bool)
    /// `OperationQueue.current`: the name of the operation queue whose operation runs on this thread (`main` on
    /// the main thread), nil when none (``OperationQueues/currentQueueName(on:)``).
    case currentOperationQueue
}

public enum CompareOperator: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}

/// A place a step can assign.
public enum LValue: Sendable {
    case local(Int)
    /// A field of the object an expression yields.
    case field(Expr, Int)
}

/// A queue named by `dispatch_async`.
public enum QueueRef: Sendable, Hashable {
    case main
    case global
    /// A queue declared under `queues:`, serial or concurrent; also a queue made at run time
    /// (``Expr/newQueue(label:width:)``), once a step has evaluated its ``value(_:)``.
    case serial(Int)
    /// A queue an expression yields when the step runs (`dispatch_async: self.queue`): a queue made at run time
    /// (``Value/queue(_:)``). Every step taking a queue evaluates it first (``StepContext/queue(_:)``), so the
    /// dispatch code below the steps sees only the other cases.
    case value(QueueExpression)
}

/// The expression of a ``QueueRef/value(_:)``: boxed so that a queue reference stays small and hashable (two
/// references are the same when they are the same box, as each is written once in a program).
public final class QueueExpression: Sendable, Hashable {
    public let expr: Expr
    public init(_ expr: Expr) { self.expr = expr }
    public static func == (a: QueueExpression, b: QueueExpression) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
