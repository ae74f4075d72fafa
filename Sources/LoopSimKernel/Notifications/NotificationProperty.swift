/// A property of an `NSNotification` read in an expression (`note.name`, `note.object`). Its userInfo values are
/// read by key, through a cast (``Expr/userInfoValue(_:key:)``, ``CastType``).
public enum NotificationProperty: String, Sendable, CaseIterable {
    /// `-[NSNotification name]`: the posted name (a string).
    case name
    /// `-[NSNotification object]`: the sender, nil when the post had none.
    case object

    /// Whether the property is a string (else an object).
    public var isString: Bool { self == .name }

    /// The slot of a notification object that holds it.
    var slot: Int {
        switch self {
        case .name: NotificationSlots.name
        case .object: NotificationSlots.object
        }
    }
}

/// How an `NSNotification` object lays out what it holds: its name, its sender (retained, as
/// `-[NSNotification object]` is a `retain` property and Swift's `Notification.object` a strong `Any?`), then one
/// strong slot per userInfo key, named `userInfo.KEY` (the dictionary retains its values; leak paths name the
/// key).
enum NotificationSlots {
    static let name = 0
    static let object = 1
    /// What a userInfo slot's name starts with.
    static let userInfoPrefix = "userInfo."

    /// The slot holding `key`'s value in `notification`, nil when the userInfo has no such key.
    static func userInfoSlot(_ key: String, in notification: HeapObject) -> Int? {
        let names = notification.slotNames
        let wanted = userInfoPrefix + key
        return names.indices.dropFirst(2).first { names[$0] == wanted }
    }
}
