import Ledger

/// The built-in categories and how a merchant category code (or, without one, the transaction
/// type) lands in one. User rules can rename or override any of it.
public enum SpendingCategory {
    static let groceries = "Groceries"
    static let dining = "Dining"
    static let transit = "Transit"
    static let fuelAndCar = "Fuel & Car"
    static let airTravel = "Air Travel"
    static let lodging = "Lodging"
    static let carRental = "Car Rental"
    static let travel = "Travel"
    static let utilities = "Utilities & Telecom"
    static let digital = "Digital & Subscriptions"
    static let shopping = "Shopping"
    static let home = "Home & Garden"
    static let health = "Health"
    static let personalCare = "Personal Care"
    static let entertainment = "Entertainment"
    static let education = "Education"
    static let donations = "Donations"
    static let insurance = "Insurance"
    static let government = "Government & Taxes"
    static let financial = "Financial Services"
    static let services = "Services"
    public static let cash = "Cash"
    public static let fees = "Fees"
    public static let interest = "Interest"
    public static let uncategorized = "Uncategorized"
    /// Categories of the flows that are not spending.
    public static let income = "Income"
    public static let transfers = "Transfers"

    /// Single codes that differ from their range's category.
    private static let codes: [Int: String] = [
        // Dining and groceries.
        5411: groceries, 5422: groceries, 5441: groceries, 5451: groceries, 5462: groceries, 5499: groceries,
        5811: dining, 5812: dining, 5813: dining, 5814: dining,
        // Getting around.
        4011: transit, 4111: transit, 4112: transit, 4121: transit, 4131: transit, 4784: transit, 4789: transit,
        4119: health,
        4411: travel, 4457: travel, 4468: travel, 4722: travel, 4723: travel,
        4511: airTravel, 4582: airTravel,
        4214: services, 4215: services, 4225: services,
        7511: fuelAndCar, 7523: fuelAndCar, 7531: fuelAndCar, 7534: fuelAndCar, 7535: fuelAndCar, 7538: fuelAndCar,
        7542: fuelAndCar, 7549: fuelAndCar, 5013: fuelAndCar,
        5511: fuelAndCar, 5521: fuelAndCar, 5531: fuelAndCar, 5532: fuelAndCar, 5533: fuelAndCar, 5541: fuelAndCar,
        5542: fuelAndCar, 5552: fuelAndCar, 5561: fuelAndCar, 5571: fuelAndCar, 5592: fuelAndCar, 5598: fuelAndCar,
        5599: fuelAndCar,
        7512: carRental, 7513: carRental, 7519: carRental,
        7011: lodging, 7012: lodging, 7032: lodging, 7033: lodging,
        // Bills and subscriptions.
        4829: financial,
        5815: digital, 5816: digital, 5817: digital, 5818: digital, 5968: digital, 7372: digital,
        // Home.
        0780: home, 5200: home, 5211: home, 5231: home, 5251: home, 5261: home, 5271: home, 5712: home, 5713: home,
        5714: home, 5718: home, 5719: home, 5722: home, 7342: home, 7349: home, 6513: home, 7641: home,
        // Health and care.
        5047: health, 5122: health, 5912: health, 5975: health, 5976: health, 0742: health,
        5977: personalCare, 7210: personalCare, 7211: personalCare, 7230: personalCare, 7297: personalCare,
        7298: personalCare,
        // Leisure.
        5733: entertainment, 5735: entertainment, 5945: shopping, 7829: entertainment, 7832: entertainment,
        7841: entertainment, 7911: entertainment, 7922: entertainment, 7929: entertainment, 7932: entertainment,
        7933: entertainment, 7941: entertainment, 7991: entertainment, 7992: entertainment, 7993: entertainment,
        7994: entertainment, 7995: entertainment, 7996: entertainment, 7997: entertainment, 7998: entertainment,
        7999: entertainment, 7800: entertainment, 7801: entertainment, 7802: entertainment, 9406: entertainment,
        // Learning and giving.
        8211: education, 8220: education, 8241: education, 8244: education, 8249: education, 8299: education,
        8351: services,
        8398: donations, 8641: donations, 8651: donations, 8661: donations,
        // Money itself.
        6010: cash, 6011: cash, 6012: financial, 6051: financial, 6211: financial, 6540: financial,
        6300: insurance, 6381: insurance, 6399: insurance, 5960: insurance,
    ]

    /// Whole blocks of codes, for every code not listed above.
    private static let ranges: [(ClosedRange<Int>, String)] = [
        (0...1499, services),
        (1500...2999, home),
        (3000...3350, airTravel),
        (3351...3499, carRental),
        (3500...3999, lodging),
        (4000...4799, transit),
        (4800...4999, utilities),
        (5000...5999, shopping),
        (6000...6999, financial),
        (7000...7999, services),
        (8000...8099, health),
        (8100...8999, services),
        (9000...9999, government),
    ]

    /// The built-in category of a merchant category code.
    static func forCode(_ code: Int) -> String {
        if let category = codes[code] { return category }
        return ranges.first { $0.0.contains(code) }?.1 ?? uncategorized
    }

    /// The category of an expense or refund without a merchant category code.
    static func withoutCode(type: TransactionType, indicator: CreditDebitIndicator) -> String {
        switch type {
        case .fee: fees
        case .interest where indicator == .debit: interest
        case .atm: cash
        default: uncategorized
        }
    }

    /// Every built-in spending category, for `purse categories`.
    public static let all: [String] = [
        groceries, dining, transit, fuelAndCar, airTravel, lodging, carRental, travel, utilities, digital, shopping,
        home, health, personalCare, entertainment, education, donations, insurance, government, financial, services,
        cash, fees, interest, uncategorized,
    ]

    /// The codes and ranges that map to `category`, as text for `purse categories`.
    public static func codeRanges(of category: String) -> [ClosedRange<Int>] {
        var codesOfCategory: [Int] = []
        for code in 0...9999 where forCode(code) == category { codesOfCategory.append(code) }
        var ranges: [ClosedRange<Int>] = []
        for code in codesOfCategory {
            if let last = ranges.last, last.upperBound == code - 1 {
                ranges[ranges.count - 1] = last.lowerBound...code
            } else {
                ranges.append(code...code)
            }
        }
        return ranges
    }
}
