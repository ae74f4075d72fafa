import LoopSimKernel

/// The names a body can see: its locals, the captures of the block it belongs to, and `self`.
///
/// Blocks see only what they capture, as in Objective-C: a name from the enclosing body must appear in the
/// block's `captures:` list.
final class Scope {
    private(set) var localNames: [String] = []
    /// Each local's index by name (a name is declared once: declaring it again reuses its index), so that declaring
    /// and resolving take one lookup, not a scan of every local (100,000 `let:`s took minutes to compile).
    private var localIndex: [String: Int] = [:]
    private(set) var localTypes: [TypeRef] = []
    /// Which locals are `__block` variables: the local holds the variable's storage, and the name reads and
    /// writes its one slot.
    private(set) var localIsByref: [Bool] = []
    let captures: [(name: String, type: TypeRef)]
    /// Which captures are `__block` variables (the block holds their storage).
    let captureIsByref: [Bool]
    let selfType: TypeRef?
    /// The body of a block literal: it sees only its captures and its own locals.
    let isBlock: Bool

    init(
        captures: [(name: String, type: TypeRef)] = [], captureIsByref: [Bool] = [], selfType: TypeRef? = nil,
        isBlock: Bool = false, locals: [(String, TypeRef)] = []
    ) {
        self.captures = captures
        self.captureIsByref =
            captureIsByref
            + Array(repeating: false, count: max(0, captures.count - captureIsByref.count))
        self.selfType = selfType
        self.isBlock = isBlock
        for (name, type) in locals { _ = declare(name, type) }
    }

    /// Declares (or re-declares) a local, a `__block` variable when `byref`; returns its index.
    func declare(_ name: String, _ type: TypeRef, byref: Bool = false) -> Int {
        if let i = localIndex[name] {
            localTypes[i] = type
            localIsByref[i] = byref
            return i
        }
        localIndex[name] = localNames.count
        localNames.append(name)
        localTypes.append(type)
        localIsByref.append(byref)
        return localNames.count - 1
    }

    /// Names declared by other handlers (user actions, app-delegate callbacks), each with where: they are not
    /// visible here, and an error naming one says why (its handler's locals died when it returned).
    var otherHandlersNames: [String: String] = [:]

    /// A scope for a handler of the app (a user action, an app-delegate callback): it sees the app's names with
    /// their indices, and what it declares becomes its own locals, after them.
    func handlerScope() -> Scope {
        let child = Scope()
        for i in localNames.indices { _ = child.declare(localNames[i], localTypes[i], byref: localIsByref[i]) }
        return child
    }

    /// Takes the types a handler's `let:` gave the app's names (a `let:` of a `main:` name in a user action stores
    /// into the app's name and re-types it, for the actions after it, as a later `let:` re-types a local).
    func adoptAppTypes(from handler: Scope) {
        for i in localNames.indices
        where handler.localTypes[i] != localTypes[i] || handler.localIsByref[i] != localIsByref[i] {
            _ = declare(localNames[i], handler.localTypes[i], byref: handler.localIsByref[i])
        }
    }

    /// Whether the body is async: a task's closure (`task:`) or an `async: true` method, where `taskSleep:`,
    /// `mainActorRun:`, `await:`, `taskYield:`, `awaitTask:` and `checkCancellation:` may be written (Swift:
    /// `await` only in an async context); not inside a `mainActorRun:` body, a synchronous closure.
    var isAsync = false

    /// Whether a `return` may end the body: a method's, a block's, an init's or a dealloc's (not the app's code,
    /// `main:` and user actions, whose locals are the app's).
    var canReturn = false
    /// The type a method's `returns:` declares: `return:` needs a value of it. Nil for a body that returns nothing.
    var returnType: TypeRef?

    /// How many loop bodies enclose the steps being compiled (in this body; a block's own body starts at 0):
    /// `break` and `continue` are allowed only where it is above 0.
    var loopDepth = 0
    /// How many `withTaskGroup:` bodies enclose the steps being compiled (in this body): `addTask:` is allowed only
    /// where it is above 0.
    var groupDepth = 0
    /// The `for:` counters in scope, by local index: constants, as Swift's `for i in` binds a `let`.
    private(set) var counters: Set<Int> = []

    /// Where a loop's scope starts: the locals declared from here on are the body's, and a name the loop shadows
    /// (its `for` counter) comes back when it ends.
    struct LoopMark {
        let start: Int
        let shadowed: (name: String, index: Int?)?
    }

    /// Opens a loop's scope. `counter`, when given, is declared as a fresh local (shadowing an outer one of the
    /// same name, as Swift's `for i in` does); its index is the mark's `start - 1`.
    func openLoop(counter: String? = nil, _ type: TypeRef = .int) -> LoopMark {
        guard let counter else { return LoopMark(start: localNames.count, shadowed: nil) }
        let previous = localIndex[counter]
        localIndex[counter] = nil
        counters.insert(declare(counter, type))
        return LoopMark(start: localNames.count, shadowed: (counter, previous))
    }

    /// Closes a loop's scope: the names declared in it (and its counter) are no longer visible, a shadowed name is
    /// again. Returns the locals the body declared, which the loop releases at the end of each turn.
    func closeLoop(_ mark: LoopMark) -> [Int] {
        let first = mark.shadowed == nil ? mark.start : mark.start - 1
        if mark.shadowed != nil { counters.remove(first) }
        for i in first..<localNames.count where localIndex[localNames[i]] == i {
            localIndex[localNames[i]] = nil
            endedWithALoop.insert(localNames[i])
        }
        if let (name, previous) = mark.shadowed, let previous { localIndex[name] = previous }
        return Array(mark.start..<localNames.count)
    }

    enum Resolved {
        case local(Int, TypeRef)
        case capture(Int, TypeRef)
        case selfObject(TypeRef)
        /// A `__block` local or capture: its storage is the local or capture, its value that storage's slot 0.
        case byrefLocal(Int, TypeRef)
        case byrefCapture(Int, TypeRef)
    }

    func resolve(_ name: String) -> Resolved? {
        if let i = localIndex[name] {
            return localIsByref[i] ? .byrefLocal(i, localTypes[i]) : .local(i, localTypes[i])
        }
        if let i = captures.lastIndex(where: { $0.name == name }) {
            return captureIsByref[i] ? .byrefCapture(i, captures[i].type) : .capture(i, captures[i].type)
        }
        if name == "self", let selfType { return .selfObject(selfType) }
        return nil
    }

    /// Every name visible here, for "did you mean" suggestions.
    var visibleNames: [String] {
        localNames.indices.filter { localIndex[localNames[$0]] == $0 }.map { localNames[$0] } + captures.map(\.name)
            + (selfType != nil ? ["self"] : [])
    }

    /// Names a loop's scope declared (its `for:` counter, its body's locals) that ended with it and are not in
    /// scope again: an error naming one says why.
    private(set) var endedWithALoop: Set<String> = []
}
