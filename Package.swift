// swift-tools-version: 6.0
// LoopSim: a deterministic discrete-event simulator of CFRunLoop, GCD and reference-counted lifetimes.
// Module arrows point only downward:
//   loopsim -> LoopSimCLI -> LoopSimReport -> LoopSimScenario -> LoopSimKernel
//                                           \-> LoopSimStats -> CGSL
import PackageDescription

let collections: Target.Dependency = .product(name: "Collections", package: "swift-collections")
let heap: Target.Dependency = .product(name: "HeapModule", package: "swift-collections")
let ordered: Target.Dependency = .product(name: "OrderedCollections", package: "swift-collections")
let deque: Target.Dependency = .product(name: "DequeModule", package: "swift-collections")

let package = Package(
    name: "LoopSim",
    products: [
        .executable(name: "loopsim", targets: ["loopsim"]),
        .library(name: "LoopSimKernel", targets: ["LoopSimKernel"]),
        .library(name: "LoopSimScenario", targets: ["LoopSimScenario"]),
        .library(name: "LoopSimStats", targets: ["LoopSimStats"]),
        // Runs a compiled scenario and checks its expect: block (ScenarioRunner); the golden fingerprints; the
        // reports. A client package depends on these three (examples/client, "Use LoopSim from Swift" in README).
        .library(name: "LoopSimReport", targets: ["LoopSimReport"]),
    ],
    // Pinned: this machine's git ignores Package.resolved, so the versions are fixed here (the offline copies).
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        // The Swift front-end's parser (docs/swift-scenarios.md): SwiftSyntax and SwiftParser only, no macros.
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // MARK: C
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),

        // MARK: Libraries
        .target(name: "LoopSimKernel", dependencies: [heap, deque, ordered]),
        .target(name: "LoopSimStats", dependencies: ["CGSL"]),
        .target(
            name: "LoopSimScenario",
            dependencies: ["LoopSimKernel", "LoopSimStats", .product(name: "Yams", package: "Yams"), ordered]
        ),
        // Scenarios written in Swift, lowered into the same located tree as YAML (docs/swift-scenarios.md).
        .target(
            name: "LoopSimSwift",
            dependencies: [
                "LoopSimScenario", "LoopSimKernel",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(name: "LoopSimReport", dependencies: ["LoopSimScenario", "LoopSimKernel", "LoopSimStats"]),
        .target(name: "LoopSimFuzz", dependencies: ["LoopSimReport", "LoopSimScenario", "LoopSimKernel", "LoopSimStats"]),
        .target(name: "LoopSimConformance", dependencies: ["LoopSimScenario", "LoopSimKernel"]),
        .target(
            name: "LoopSimCLI",
            dependencies: [
                "LoopSimReport", "LoopSimScenario", "LoopSimKernel", "LoopSimConformance",
                "LoopSimFuzz", "LoopSimSwift",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "loopsim", dependencies: ["LoopSimCLI"]),

        // MARK: Tests
        .testTarget(name: "LoopSimKernelTests", dependencies: ["LoopSimKernel"]),
        .testTarget(name: "LoopSimStatsTests", dependencies: ["LoopSimStats"]),
        .testTarget(name: "LoopSimConformanceTests", dependencies: ["LoopSimConformance", "LoopSimScenario", "LoopSimKernel"]),
        .testTarget(name: "LoopSimScenarioTests", dependencies: ["LoopSimScenario", "LoopSimKernel"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "LoopSimFuzzTests",
                    dependencies: ["LoopSimFuzz", "LoopSimReport", "LoopSimScenario", "LoopSimKernel"],
                    exclude: ["Findings"]),
        .testTarget(name: "LoopSimReportTests", dependencies: ["LoopSimReport", "LoopSimScenario", "LoopSimKernel"],
                    exclude: ["Fixtures", "Support"]),
        .testTarget(
            name: "LoopSimSwiftTests",
            // SwiftParser: SwiftLineCountTests counts a twin's app code by the parsed statements' line ranges.
            dependencies: [
                "LoopSimSwift", "LoopSimReport", "LoopSimScenario", "LoopSimKernel",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "LoopSimCLITests",
            dependencies: ["LoopSimCLI", "LoopSimReport", "LoopSimScenario", "LoopSimKernel"],
            resources: []
        ),
    ]
)
