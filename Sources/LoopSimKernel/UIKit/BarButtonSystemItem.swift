/// `UIBarButtonSystemItem`: the system items a `setRightBarButton:` step may show (`systemItem: done`), by the
/// names of UIKit's Swift cases (`UIBarButtonItem.SystemItem`). A system item has no custom view: the bar draws
/// it, and the bar button item keeps nothing of the app's (docs/fidelity.md, "The navigation bar and its items").
public enum BarButtonSystemItem: String, Sendable, CaseIterable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks
    case search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
}
