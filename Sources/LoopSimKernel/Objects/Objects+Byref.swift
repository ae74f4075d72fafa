/// `__block` variables: a variable that blocks capture by reference. clang moves such a variable into a
/// `Block_byref` structure, which `_Block_copy` moves to the heap the first time a block that uses it is copied;
/// the declaring scope and every block that captures it hold one reference to it, and under ARC it holds an object
/// variable's value strongly (the Clang "Block Implementation Specification", "Imported `__block` marked
/// variables"; libclosure's `_Block_byref_copy`). The variable is one object of kind
/// ``HeapObject/Kind/byref`` with one strong slot: reading or assigning the variable, in its scope or in a block,
/// is reading or writing that slot, so a block sees what is stored after it was made. That is how a block can
/// hold the object made by the very step that takes the block: a dispatch source's handler that uses the source,
/// an expiration handler that ends its own background task (seed 002).
extension Objects {
    /// A `__block` variable's storage, empty (nil), with retain count 1 for the declaring scope.
    func allocateByref(named name: String, on thread: SimThread) -> ObjectID {
        let o = allocate(
            kind: .byref, className: "__block", label: name, slotNames: [name], slotStrengths: [.strong],
            slots: [.null], isDeclaredRoot: false, at: recorder.now, on: thread.name)
        recorder.record(thread, .objectAlloc(object: recorder.name(o), className: recorder.name("__block")))
        return o.id
    }
}

/// `let: __block NAME = …`: the variable's storage, bound to the local `into` (the compiler then stores the
/// initial value into its slot, and reads and writes `NAME` through it).
public struct MakeByrefStep: ExecutableStep {
    public var verb: String { "let: __block" }
    public var name: String
    public var into: LValue

    public init(name: String, into: LValue) {
        self.name = name
        self.into = into
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        try c.bind(c.kernel.objects.allocateByref(named: name, on: c.thread), into: into)
        return .next
    }
}
