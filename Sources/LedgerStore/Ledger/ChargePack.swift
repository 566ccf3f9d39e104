import Ledger
import Storage

/// One account's counted (and pending) expenses and income of one bucket of 2^21 seconds of
/// transaction time, as `charge_packs` keeps them (`LedgerStore.keepChargePacks`): in time then
/// ID order, as a read of the transactions gives them. The bytes are the pack's texts (each
/// once: its statuses, currencies, merchants and categories), then each charge: its seconds
/// into the bucket, its amount, a byte of flags, its texts' places and, for a split, its ID.
/// Numbers are LEB128, so a charge is about ten bytes.
struct ChargePack {
    /// A bucket is the transaction time shifted right by this many bits, as the triggers of
    /// `charge_packs` shift it (about 24 days).
    static let bucketBits: Int64 = 21

    /// Packs are kept for this many buckets up to the newest transaction's (about 437 days): a
    /// summary of the newest month reads its year's months before the last four from them,
    /// whatever day of the month the newest transaction is on.
    static let keptBuckets: Int64 = 18

    static func bucket(of time: Int64) -> Int64 { time >> bucketBits }
    static func start(of bucket: Int64) -> Int64 { bucket << bucketBits }

    /// The buckets of 64 bits of time: a pack's of another was written by hand.
    static let buckets = bucket(of: .min)...bucket(of: .max)

    /// Only these make series (refunds answer a charge, transfers move the user's own money):
    /// the rest of a year is read from the transactions by those who need it.
    static let flows: [Flow] = [.expense, .income]

    /// One charge as read back; its texts are places among the pack's `texts`.
    struct Charge {
        var time: Int64 = 0
        var amount: Int64 = 0
        var isCredit = false
        var isSplit = false
        var isPending = false
        var flow: Flow = .expense
        var status = 0
        var currency = 0
        var merchant = 0
        var category = 0
        /// Where its ID's bytes are in the pack: empty unless it is split.
        var id: Range<Int> = 0..<0
    }

    /// Makes the bytes of one pack, a charge at a time in the order read.
    struct Writer {
        /// Each text's place, by its bytes; never past a limit, as every text of a pack must have one.
        private var places = TextSpellings(limit: .max)
        /// The texts' bytes, as the header lists them.
        private var header: [UInt8] = []
        private var textCount = 0
        private var charges: [UInt8] = []
        let bucket: Int64

        init(bucket: Int64) {
            self.bucket = bucket
        }

        mutating func add(
            time: Int64, amount: Int64, isCredit: Bool, isSplit: Bool, isPending: Bool, flow: Flow,
            status: UnsafeBufferPointer<UInt8>, currency: UnsafeBufferPointer<UInt8>, merchant: UnsafeBufferPointer<UInt8>,
            category: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>
        ) {
            precondition(ChargePack.bucket(of: time) == bucket && amount >= 0)
            let flowPlace = ChargePack.flows.firstIndex(of: flow) ?? 0
            ChargePack.append(UInt64(time - ChargePack.start(of: bucket)), to: &charges)
            ChargePack.append(UInt64(amount), to: &charges)
            charges.append(UInt8((isCredit ? 1 : 0) | (isSplit ? 2 : 0) | (isPending ? 4 : 0) | flowPlace << 3))
            // One at a time: an array of the four was made for every charge.
            appendPlace(of: status)
            appendPlace(of: currency)
            appendPlace(of: merchant)
            appendPlace(of: category)
            if isSplit {
                ChargePack.append(UInt64(id.count), to: &charges)
                charges.append(contentsOf: id)
            }
        }

        private mutating func appendPlace(of text: UnsafeBufferPointer<UInt8>) {
            let place = Int(places.read(text).spelling!)
            if place == textCount {
                ChargePack.append(UInt64(text.count), to: &header)
                header.append(contentsOf: text)
                textCount += 1
            }
            ChargePack.append(UInt64(place), to: &charges)
        }

        var bytes: [UInt8] {
            var bytes: [UInt8] = []
            ChargePack.append(UInt64(textCount), to: &bytes)
            return bytes + header + charges
        }
    }

    let bucket: Int64
    let bytes: [UInt8]
    /// Where each text's bytes are.
    let texts: [Range<Int>]
    private let chargesStart: Int

    /// Reads the texts of a pack's bytes; nil when they are not a pack's (a file changed by
    /// hand), which stops the read that finds it.
    init?(bucket: Int64, bytes: [UInt8]) {
        (self.bucket, self.bytes) = (bucket, bytes)
        var offset = 0
        guard let count = Self.number(bytes, &offset), count <= UInt64(bytes.count) else { return nil }
        var texts: [Range<Int>] = []
        texts.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let length = Self.number(bytes, &offset), length <= UInt64(bytes.count - offset) else { return nil }
            texts.append(offset..<offset + Int(length))
            offset += Int(length)
        }
        self.texts = texts
        chargesStart = offset
    }

    /// The bytes of the text at `place`.
    func text(_ place: Int) -> ArraySlice<UInt8> { bytes[texts[place]] }

    /// Hands `body` each charge in order; false when the bytes end inside one or name a text
    /// the pack lacks.
    func readCharges(_ body: (Charge) throws -> Void) rethrows -> Bool {
        var offset = chargesStart
        let start = Self.start(of: bucket)
        var charge = Charge()
        while offset < bytes.count {
            guard let seconds = Self.number(bytes, &offset), seconds < 1 << Self.bucketBits,
                let amount = Self.number(bytes, &offset), amount <= UInt64(Int64.max), offset < bytes.count
            else { return false }
            let flags = bytes[offset]
            offset += 1
            guard Int(flags >> 3) < Self.flows.count else { return false }
            charge.time = start + Int64(seconds)
            charge.amount = Int64(amount)
            (charge.isCredit, charge.isSplit, charge.isPending) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0)
            charge.flow = Self.flows[Int(flags >> 3)]
            var places = [0, 0, 0, 0]
            for index in places.indices {
                guard let place = Self.number(bytes, &offset), place < UInt64(texts.count) else { return false }
                places[index] = Int(place)
            }
            (charge.status, charge.currency, charge.merchant, charge.category) = (places[0], places[1], places[2], places[3])
            charge.id = offset..<offset
            if charge.isSplit {
                guard let length = Self.number(bytes, &offset), length <= UInt64(bytes.count - offset) else { return false }
                charge.id = offset..<offset + Int(length)
                offset += Int(length)
            }
            try body(charge)
        }
        return true
    }

    static func append(_ number: UInt64, to bytes: inout [UInt8]) {
        var number = number
        while number >= 0x80 {
            bytes.append(UInt8(number & 0x7F) | 0x80)
            number >>= 7
        }
        bytes.append(UInt8(number))
    }

    /// The LEB128 number at `offset`, which moves past it; nil past the bytes or past 64 bits.
    static func number(_ bytes: [UInt8], _ offset: inout Int) -> UInt64? {
        var number: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            number |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return number }
            shift += 7
        }
        return nil
    }
}
