/// The one-line progress display `validate` shows on a terminal.
enum ProgressBar {
    /// `[#######.............]  12/40  path/to/current.nib`, fitted into `width` columns.
    /// The current file's name is shortened from the left (`…/current.nib`) when it does not fit.
    static func render(done: Int, total: Int, current: String, width: Int, barWidth: Int = 24) -> String {
        let total = max(total, 0)
        let done = min(max(done, 0), total)
        let filled = total == 0 ? barWidth : done * barWidth / total
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]"
        let counter = String(repeating: " ", count: max(0, String(total).count - String(done).count)) + "\(done)/\(total)"
        let head = bar + " " + counter
        let room = width - head.count - 2
        guard room > 1, !current.isEmpty else { return String(head.prefix(max(width, 0))) }
        let name = current.count <= room ? current : "…" + String(current.suffix(room - 1))
        return head + "  " + name
    }

    /// The final summary: `38 ok, 2 bad (corrupt: 1, truncated: 1)`.
    static func summary(ok: Int, bad: Int, kinds: [String: Int]) -> String {
        var s = "\(ok) ok, \(bad) bad"
        if !kinds.isEmpty {
            s += " (" + kinds.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
        }
        return s
    }
}
