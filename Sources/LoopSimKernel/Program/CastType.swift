/// The type of a conditional cast, `EXPR as? TYPE` (``Expr/cast(_:_:)``): what Swift's `as?` tests of a value whose
/// static type is `Any?` (a notification's userInfo value) or `AnyObject?` (an `id`). A value of exactly that type
/// passes; any other value, nil included, reads nil. Swift does not convert: a `Bool` is not an `Int`, nor an
/// `Int` a `String` (measured on this machine's Foundation: `userInfo["flag"] as? Int` is nil for `true`).
public enum CastType: Sendable, Hashable {
    case int
    case bool
    case string
    /// An `NSTimer` (or a `CADisplayLink`).
    case timer
    /// An `NSNotification`.
    case notification
    /// An instance of the scenario's class with this index (the language has no subclasses).
    case instance(classIndex: Int)

    /// Whether `value` is of this type. Testing an object's class messages it: a freed one (reached through an
    /// unretained reference) is a fault, as `isKindOfClass:` on a dangling pointer crashes.
    func admits(_ value: Value, _ k: Kernel) throws(RuntimeFault) -> Bool {
        switch (self, value) {
        case (.int, .int), (.bool, .bool), (.string, .string): return true
        case (.timer, .object(let id)), (.notification, .object(let id)), (.instance, .object(let id)):
            guard let o = k.heap.object(id) else { throw k.objects.deallocatedMessage(id) }
            switch (self, o.kind) {
            case (.timer, _): return o.isTimer
            case (.notification, .notification): return true
            case (.instance(let c), .instance(let d)): return c == d
            default: return false
            }
        default: return false
        }
    }
}
