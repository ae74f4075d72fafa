import Foundation
import Testing

/// End-to-end runs of `timeline --axis steps`, `report --player` and `play`: the views that give a run-loop pass
/// width and link the report to its player.
@Suite(.serialized) struct PlayerCommandsTests {
    static let s2 = "scenarios/s02-timerbutton-worker-loop.yaml"
    static func loopsim(_ arguments: [String]) throws -> CLIEndToEndTests.Result {
        try CLIEndToEndTests.loopsim(arguments)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// On the time axis S2's stale wake at 4.0 s and the worker's exit share one instant; on the steps axis each
    /// event has its own step, so the wake comes strictly before the exit, and spans are counted in steps.
    @Test func timelineOnAStepsAxisGivesAPassWidth() throws {
        let args = ["timeline", Self.s2, "--variant", "ios9", "--format", "json"]
        let time = try Self.json(try Self.loopsim(args).stdout)
        let steps = try Self.loopsim(args + ["--axis", "steps"])
        #expect(steps.status == 0, "\(steps.stderr)")
        let doc = try Self.json(steps.stdout)
        let tl = try #require((doc["timelines"] as? [[String: Any]])?.first)
        #expect(tl["axis"] as? String == "steps")
        let spans = try #require(tl["spans"] as? [[String: Any]])
        #expect(!spans.isEmpty && spans.allSatisfy { $0["start_step"] is Int && $0["end_step"] is Int })
        #expect(spans.allSatisfy { ($0["start_step"] as! Int) <= ($0["end_step"] as! Int) })
        let markers = try #require(tl["markers"] as? [[String: Any]])
        func first(_ kind: String, in markers: [[String: Any]]) -> [String: Any]? {
            markers.first { ($0["kind"] as? String) == kind && ($0["lane"] as? String) == "worker-1" }
        }
        let stale = try #require(first("stale-wake", in: markers), "\(markers)")
        let exit = try #require(first("exit", in: markers), "\(markers)")
        #expect((stale["t_step"] as! Int) < (exit["t_step"] as! Int))
        // the same two marks on the time axis: one instant, 4.0 s, for both
        let timeMarkers = try #require((time["timelines"] as? [[String: Any]])?.first?["markers"] as? [[String: Any]])
        let staleT = try #require(first("stale-wake", in: timeMarkers)),
            exitT = try #require(first("exit", in: timeMarkers))
        #expect(staleT["t_ns"] as? Int == 4_000_000_000 && exitT["t_ns"] as? Int == 4_000_000_000)
        // the text says what its columns count
        let text = try Self.loopsim(["timeline", Self.s2, "--variant", "ios9", "--axis", "steps", "--width", "100"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("step"), "\(text.stdout)")
        #expect(try Self.loopsim(["timeline", Self.s2, "--axis", "hours"]).status == 2, "an unknown axis")
    }

    /// `report --player -o DIR/s2.html` writes the player beside the page as `s2.player.html` and links it from the
    /// page's header; the player carries the retain graph by step; without `-o` there is nowhere to put it.
    @Test func reportLinksItsPlayer() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("s2.html").path
        let r = try Self.loopsim(["report", Self.s2, "--player", "-o", page])
        #expect(r.status == 0, "\(r.stderr)")
        let player = dir.appendingPathComponent("s2.player.html").path
        #expect(r.stderr.contains("wrote \(player) (the player)"), "\(r.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("href=\"s2.player.html\""), "the report links its player by a relative path")
        let playerHTML = try String(contentsOfFile: player, encoding: .utf8)
        #expect(playerHTML.contains("<meta name=\"generator\" content=\"loopsim play\">"))
        #expect(playerHTML.contains("\"graph\":{\"nodes\":["), "the player has the retain graph by step")
        // the same player as `play` writes
        let played = dir.appendingPathComponent("played.html").path
        #expect(try Self.loopsim(["play", Self.s2, "-o", played]).status == 0)
        #expect(try String(contentsOfFile: played, encoding: .utf8) == playerHTML)
        // without --player, no player and no link
        let plain = dir.appendingPathComponent("plain.html").path
        #expect(try Self.loopsim(["report", Self.s2, "-o", plain]).status == 0)
        #expect(!(try String(contentsOfFile: plain, encoding: .utf8)).contains("player.html"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("plain.player.html").path))
        #expect(try Self.loopsim(["report", Self.s2, "--player"]).status == 2, "--player needs -o")
    }
}
