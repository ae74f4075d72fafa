import Testing

@testable import LoopSimKernel

/// The crash of an API that swift-corelibs-foundation lacks is worded by one factory, in the words the four steps
/// that raise it used before it existed (the timer initialisers' words: CorelibsDifferencesTests).
@Suite struct RuntimeFaultTests {
    @Test func anAPIMissingInCorelibsReadsAsBefore() {
        #expect(
            RuntimeFault.missingInCorelibs(
                "addObserver:selector:name:object:", instead: "only addObserver(forName:object:queue:using:)"
            ).message
                == "addObserver:selector:name:object: does not exist in swift-corelibs-foundation: only "
                + "addObserver(forName:object:queue:using:)")
        #expect(
            RuntimeFault.missingInCorelibs(
                "performSelector:withObject:afterDelay:", why: RuntimeFault.noSelectors,
                instead: "use RunLoop.perform(inModes:block:), a Timer, or DispatchQueue.asyncAfter"
            ).message
                == "performSelector:withObject:afterDelay: does not exist in swift-corelibs-foundation (no "
                + "Objective-C runtime, no selectors): use RunLoop.perform(inModes:block:), a Timer, or "
                + "DispatchQueue.asyncAfter")
        #expect(
            RuntimeFault.missingInCorelibs(
                "NSMachPort", why: "\"NSMachPort is not available in swift-corelibs-foundation\"",
                instead: "no port:, addPort: or sendPortMessage: on Linux"
            ).message
                == "NSMachPort does not exist in swift-corelibs-foundation (\"NSMachPort is not available in "
                + "swift-corelibs-foundation\"): no port:, addPort: or sendPortMessage: on Linux")
    }
}
