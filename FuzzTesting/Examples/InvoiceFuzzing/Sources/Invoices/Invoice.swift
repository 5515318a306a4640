import KeyedArchive

/// An invoice as an app archives it.
public final class Invoice: SecureKeyedCoding {
    public static var archivedClassName: String { "Invoice" }
    public var number = ""
    public var totalCents: Int64 = 0
    /// How many payments the total is split into.
    public var installments = 1
    public var lines: [LineItem] = []
    /// Derived on decode: what each payment is.
    public private(set) var installmentCents: Int64 = 0

    public init() {}

    public func encode(with archiver: KeyedArchiver) throws(ArchiveError) {
        try archiver.encode(number, forKey: "number")
        archiver.encode(totalCents, forKey: "total")
        archiver.encode(installments, forKey: "installments")
        try archiver.encode(lines, forKey: "lines")
    }

    public func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
        number = try unarchiver.decodeObject(of: String.self, forKey: "number") ?? ""
        totalCents = try unarchiver.decodeInt64(forKey: "total")
        installments = try unarchiver.decodeInt(forKey: "installments")
        lines = try unarchiver.decodeObject(of: [LineItem].self, forKey: "lines") ?? []
        // THE PLANTED BUG: an archive that says 0 installments divides by zero, which traps.
        // (The fix: guard installments > 0, else throw an ArchiveError.)
        installmentCents = totalCents / Int64(installments)
    }

    /// What the fuzzer's seed corpus is made of.
    public static func sample() -> Invoice {
        let invoice = Invoice()
        invoice.number = "2026-0042"
        invoice.totalCents = 129_900
        invoice.installments = 3
        invoice.lines = [LineItem(name: "Desk", cents: 99_900), LineItem(name: "Lamp", cents: 30_000)]
        return invoice
    }
}

/// One line of an invoice.
public final class LineItem: SecureKeyedCoding {
    public static var archivedClassName: String { "LineItem" }
    public var name = ""
    public var cents: Int64 = 0

    public init() {}
    public init(name: String, cents: Int64) {
        self.name = name
        self.cents = cents
    }

    public func encode(with archiver: KeyedArchiver) throws(ArchiveError) {
        try archiver.encode(name, forKey: "name")
        archiver.encode(cents, forKey: "cents")
    }

    public func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
        name = try unarchiver.decodeObject(of: String.self, forKey: "name") ?? ""
        cents = try unarchiver.decodeInt64(forKey: "cents")
    }
}
