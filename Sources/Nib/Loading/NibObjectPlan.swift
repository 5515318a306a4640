import KeyedArchive

/// One archived field of a recipe. A struct, not a tuple: arrays of tuples are destroyed through the
/// runtime's generic tuple witnesses, element by element. The key is a position in the arena's key
/// table (the graph's), so making and freeing a field retains and releases no string.
struct NibPlanField: Sendable {
    let keyIndex: Int32
    let value: NibPlanValue
}

/// The field, target and class-name tables that every recipe of one nib points into: a few allocations
/// per nib instead of several per object, and recipes that copy with one retain.
final class NibPlanArena: Sendable {
    /// Every recipe's fields, recipe after recipe.
    let fields: [NibPlanField]
    /// Every recipe's reference targets and subview targets (archive indices).
    let targets: [Int]
    /// The class names the recipes name (archived, tried and original), by slot.
    let names: [String]
    /// The graph's key table, which ``NibPlanField/keyIndex`` indexes (shared storage, not a copy).
    let keys: [String]

    init(fields: [NibPlanField], targets: [Int], names: [String], keys: [String]) {
        self.fields = fields
        self.targets = targets
        self.names = names
        self.keys = keys
    }
}

/// How the loader creates one archived object, precomputed at parse time and shared by every
/// instantiation. Its fields, targets and class names live in its nib's ``NibPlanArena``; the recipe
/// itself holds only indices and that one reference.
struct NibObjectPlan: Sendable {
    enum Construction: Sendable {
        /// Phase 1 `init()`, phase 2 field decoding (the `init(coder:)` path).
        case coder
        /// `init()` only: `UICustomObject`/`NSCustomObject` (and swappers of them).
        case plainInit
    }
    let index: Int
    let arena: NibPlanArena
    let fieldRange: Range<Int>
    let refRange: Range<Int>
    let subviewRange: Range<Int>
    /// Slot of the archived class name in ``NibPlanArena/names``.
    let archivedSlot: Int32
    /// Slot of ``className``: in ``NibPlanArena/names`` and in ``NibLoadPlan/classNames`` alike.
    let classSlot: Int32
    /// Slot of ``originalClassName``, or -1.
    let originalSlot: Int32
    let construction: Construction
    /// Whether this is a `UIImageNibPlaceholder` (handed to the image provider).
    let isImagePlaceholder: Bool

    /// The class name recorded in the archive.
    var archivedClassName: String { arena.names[Int(archivedSlot)] }
    /// The class tried first: a swapper's custom class, `NSClassName` of custom objects/views, or the archived class.
    var className: String { arena.names[Int(classSlot)] }
    /// The class a swapper falls back to.
    var originalClassName: String? { originalSlot >= 0 ? arena.names[Int(originalSlot)] : nil }
    /// The archived fields in archive order; `.object(slot:)` values index ``refTargets`` from 0.
    var fields: ArraySlice<NibPlanField> { arena.fields[fieldRange] }
    /// The archived keys, in archive order.
    var keys: [String] { fields.map { arena.keys[Int($0.keyIndex)] } }
    /// The archived fields with their keys, in archive order.
    var keyedFields: [(key: String, value: NibPlanValue)] { fields.map { (arena.keys[Int($0.keyIndex)], $0.value) } }

    /// The value of the first field named `key`.
    func field(_ key: String) -> NibPlanValue? {
        let keys = arena.keys
        for f in fields where keys[Int(f.keyIndex)] == key { return f.value }
        return nil
    }
    /// Archive indices the field slots refer to.
    var refTargets: ArraySlice<Int> { arena.targets[refRange] }
    /// Archive indices of the `UISubviews`/`NSSubviews` members (for generic superview back-pointers).
    var subviewTargets: ArraySlice<Int> { arena.targets[subviewRange] }

    init(index: Int, arena: NibPlanArena, fieldRange: Range<Int>, refRange: Range<Int>, subviewRange: Range<Int>,
         archivedSlot: Int32, classSlot: Int32, originalSlot: Int32, construction: Construction, isImagePlaceholder: Bool) {
        self.index = index
        self.arena = arena
        self.fieldRange = fieldRange
        self.refRange = refRange
        self.subviewRange = subviewRange
        self.archivedSlot = archivedSlot
        self.classSlot = classSlot
        self.originalSlot = originalSlot
        self.construction = construction
        self.isImagePlaceholder = isImagePlaceholder
    }

    /// The same recipe pointing into `arena`.
    func placed(in arena: NibPlanArena) -> NibObjectPlan {
        NibObjectPlan(index: index, arena: arena, fieldRange: fieldRange, refRange: refRange, subviewRange: subviewRange,
                      archivedSlot: archivedSlot, classSlot: classSlot, originalSlot: originalSlot, construction: construction,
                      isImagePlaceholder: isImagePlaceholder)
    }

    /// A recipe with no archived fields and names of its own (objects the loader makes itself, such as
    /// `NSApplication`, and stand-in generic objects).
    init(index: Int, archivedClassName: String, className: String, originalClassName: String?, construction: Construction,
         isImagePlaceholder: Bool) {
        let names = [archivedClassName, className] + (originalClassName.map { [$0] } ?? [])
        self.init(index: index, arena: NibPlanArena(fields: [], targets: [], names: names, keys: []),
                  fieldRange: 0 ..< 0, refRange: 0 ..< 0, subviewRange: 0 ..< 0,
                  archivedSlot: 0, classSlot: 1, originalSlot: originalClassName == nil ? -1 : 2,
                  construction: construction, isImagePlaceholder: isImagePlaceholder)
    }
}
