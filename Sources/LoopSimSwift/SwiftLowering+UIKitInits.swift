import LoopSimScenario
import SwiftSyntax

/// A UIKit subclass's override of its superclass's designated initializer (docs/swift-scenarios.md, "Lazy
/// properties and UIKit inits"): `override init(frame: CGRect)` of a view (and a collection-view cell),
/// `override init(style:reuseIdentifier:)` of a table-view cell, `override init(nibName:bundle:)` of a controller.
/// Its body is the init that runs when the object is made, lowered as any init's (a method `init_frame` called
/// right after `new C`); `super.init(frame: frame)` does nothing the model follows. Its arguments (a rectangle,
/// a nib name, a style) are not modelled: the method has no parameters and a call passes none, and the body may not
/// read them. `C()` of such a class runs it too: `-[UIView init]` calls `initWithFrame:` with `CGRectZero`, and
/// `-[UIViewController init]` calls `initWithNibName:nil bundle:nil` (Apple, `UIView` `init(frame:)`: "If you
/// create a view object programmatically, this method is the designated initializer"; `UIViewController`
/// `init(nibName:bundle:)`: "This is the designated initializer for this class").
extension SwiftLowering {
    /// Whether `decl` overrides the designated init of the class's UIKit superclass.
    func isUIKitDesignatedInit(_ decl: InitializerDeclSyntax, superclass: String?) -> Bool {
        guard let superclass, decl.modifiers.contains(where: { $0.name.text == "override" }),
            decl.optionalMark == nil, decl.signature.effectSpecifiers == nil
        else { return false }
        return Self.designatedInitLabels(of: superclass) == initializerLabels(decl)
    }

    /// The argument labels of a UIKit class's designated init: `init(frame:)` of a view or a collection-view cell,
    /// `init(style:reuseIdentifier:)` of a table-view cell, `init(nibName:bundle:)` of a controller; nil for
    /// another superclass.
    static func designatedInitLabels(of superclass: String) -> [String]? {
        switch superclass {
        case "UIViewController": ["nibName", "bundle"]
        case "UITableViewCell": ["style", "reuseIdentifier"]
        case "UIView", "UICollectionViewCell": ["frame"]
        default: nil
        }
    }

    /// Records a UIKit designated-init override (first pass): its method takes no parameters, and `C()` calls it
    /// when the class declares no `init()` of its own.
    func collectUIKitDesignatedInit(_ decl: InitializerDeclSyntax, into shape: inout ClassShape) -> Bool {
        guard isUIKitDesignatedInit(decl, superclass: shape.superclass) else { return false }
        let name = Self.initializerMethodName(labels: initializerLabels(decl))
        shape.initializers[initializerLabels(decl)] = name
        shape.methods[name] = []
        if shape.initializers[[]] == nil { shape.initializers[[]] = name }
        return true
    }

    /// `LevelMeterView(frame: .zero)` of a class that does not override its UIKit superclass's designated init (nor
    /// declares an init of those labels): Swift inherits the designated init (the Swift book, "Initialization" ›
    /// "Automatic Initializer Inheritance", rule 1: a subclass that defines no designated initializer inherits all of
    /// its superclass's), so the call makes the object and runs no init of the file; its arguments are not modelled.
    func inheritsUIKitDesignatedInit(_ call: FunctionCallExprSyntax, of cls: String) -> Bool {
        guard let shape = classes[cls], let superclass = shape.superclass, call.trailingClosure == nil else {
            return false
        }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        // `DealsViewController(style: .plain)`: UITableViewController's `init(style:)`, UICollectionViewController's
        // `init(collectionViewLayout:)`, its arguments not modelled as the controller's table is not.
        let listLabels: [String]? =
            switch shape.listController {
            case "UITableViewController": ["style"]
            case "UICollectionViewController": ["collectionViewLayout"]
            default: nil
            }
        // Rule 1 holds while the class declares no designated init of its own (`init()` included).
        return (Self.designatedInitLabels(of: superclass) == labels || listLabels == labels)
            && shape.initializers.isEmpty
    }

    /// Whether `method` of `cls` is a UIKit designated-init override, whose call passes no arguments.
    func takesNoArguments(_ cls: String, _ method: String) -> Bool {
        classes[cls]?.methods[method]?.isEmpty == true && method != "init_"
    }
}
