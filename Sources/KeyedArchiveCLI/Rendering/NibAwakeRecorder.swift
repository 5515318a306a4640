import KeyedArchive
import Nib

/// Observes the order in which the Nib loader delivers `awakeFromNib`.
///
/// Generic objects only count their awake calls, so the order is taken from a second instantiation of
/// the same `Nib` in which every class of the nib's object list is registered as ``AwakeRecorder``
/// (and the owner is one too, since AppKit awakes it). Each recorder notes its own `awakeFromNib`;
/// identities map back to archive indices through ``NibInstantiation/object(at:)``.
enum NibAwakeOrder {
    /// One awakened object: an archive index, or the owner.
    enum Entry: Equatable {
        case object(Int)
        case owner
    }

    /// The loader's awake order for `nib`, with every non-File's-Owner placeholder given a stand-in.
    static func observe(_ nib: Nib) throws(ArchiveError) -> [Entry] {
        let document = nib.document
        let registry = NibClassRegistry()
        let placeholders = Set(document.placeholders.map(\.object.index))
        var names = Set<String>()
        for r in document.objects where !placeholders.contains(r.index) {
            names.insert(r.effectiveClassName)
            names.insert(r.className)
        }
        for name in names.sorted() { registry.register(AwakeRecorder.self, as: name) }
        var externals: [String: AnyObject] = [:]
        for p in document.placeholders where p.kind != .filesOwner && p.kind != .firstResponder {
            externals[p.identifier] = NibObject(className: "External(\(p.identifier))")
        }
        let owner = AwakeRecorder()
        var options = NibInstantiationOptions(registry: registry, collectsUndeclaredOutlets: true)
        options.showWindow = nil
        AwakeRecorder.log.withLock { $0 = [] }
        let run = try nib.instantiate(owner: owner, externalObjects: externals, options: options)
        let log = AwakeRecorder.log.withLock { log in
            defer { log = [] }
            return log
        }
        var indexOf: [ObjectIdentifier: Int] = [:]
        for i in document.graph.objects.indices {
            if let o = run.object(at: i) { indexOf[ObjectIdentifier(o)] = indexOf[ObjectIdentifier(o)] ?? i }
        }
        let ownerID = ObjectIdentifier(owner)
        // `run` and `owner` stay alive until here, so no logged identity can have been reused.
        return withExtendedLifetime((run, owner)) {
            log.compactMap { id in id == ownerID ? .owner : indexOf[id].map(Entry.object) }
        }
    }
}

/// A stand-in class that notes each `awakeFromNib` it receives, in order, in ``log``.
final class AwakeRecorder: NibInstantiable {
    /// Identities of the recorders awakened since the log was last cleared.
    static let log = ArchiveLock<[ObjectIdentifier]>([])

    init() {}

    func awakeFromNib() {
        let id = ObjectIdentifier(self)
        Self.log.withLock { $0.append(id) }
    }
}
