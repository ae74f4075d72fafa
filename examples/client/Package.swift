// swift-tools-version: 6.0
// A client of LoopSim: a package outside it that depends on it by path, as another project would, and runs a
// scenario from Swift. scripts/test.sh builds and tests it; the DocC article "Running a scenario from Swift"
// (Sources/LoopSimReport/LoopSimReport.docc) shows its test.
import PackageDescription

let package = Package(
    name: "LoopSimClient",
    dependencies: [
        // Named: a path dependency is known by its directory's name otherwise (a clone may be called anything).
        .package(name: "LoopSim", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "LoopSimClientTests",
            dependencies: [
                .product(name: "LoopSimKernel", package: "LoopSim"),
                .product(name: "LoopSimScenario", package: "LoopSim"),
                .product(name: "LoopSimReport", package: "LoopSim"),
            ]
        )
    ]
)
