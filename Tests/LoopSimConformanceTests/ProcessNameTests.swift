import Foundation
import LoopSimConformance
import Testing

/// The real program runs under the scenario's `process:` name (``ProgramBuild/path(of:named:)``): Linux names a
/// process after the file it executed, cut to 15 bytes, and the main thread's `Thread.current.name` reads it.
@Suite struct ProcessNameTests {
    /// A folder standing for one cached build: `conform` is a copy of the shell.
    static func build() throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("loopsim-process-name-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let binary = (folder as NSString).appendingPathComponent("conform")
        let shell = URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath().path  // /bin/sh is a link to dash
        try FileManager.default.copyItem(atPath: shell, toPath: binary)
        return binary
    }

    @Test func theProgramRunsUnderTheScenariosProcessName() throws {
        let binary = try Self.build()
        defer { try? FileManager.default.removeItem(atPath: (binary as NSString).deletingLastPathComponent) }
        let path = try ProgramBuild.path(of: binary, named: "shop-checkout-service")
        #expect(path.hasSuffix("/process/shop-checkout-service"))
        #expect(try ProgramBuild.path(of: binary, named: "shop-checkout-service") == path)  // made once
        let output = ProgramBuild.execute(path, ["-c", "cat /proc/$$/comm"], timeout: 30)
        #expect(output.status == 0)
        #expect(output.stdout == "shop-checkout-s\n")
    }

    @Test func theBinarysOwnNameNeedsNoLink() throws {
        let binary = try Self.build()
        defer { try? FileManager.default.removeItem(atPath: (binary as NSString).deletingLastPathComponent) }
        #expect(try ProgramBuild.path(of: binary, named: "conform") == binary)
    }
}
