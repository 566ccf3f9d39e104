// The merchant catalogue behind `purse sample`: real-looking merchants with real ISO 18245
// merchant category codes, plausible amounts per category, and the counterparties of the
// recurring items (payroll, rent, transfers, ...).
//
// Strings here are what the export carries: `name` is FinanceKit's `merchantName`, `label` its
// upper-case `transactionDescription`, and `raw` a pattern for the messier
// `originalTransactionDescription`, in which `%` stands for a random digit and `^` for a random
// upper-case letter or digit (store numbers, order references).

extension WalletExportSampleGenerator {
    /// The currencies the sample uses, with their ISO 4217 minor digits.
    enum SampleCurrency: Int, Sendable, CaseIterable {
        case usd, gbp, eur, jpy, cad

        var code: String {
            switch self {
            case .usd: "USD"
            case .gbp: "GBP"
            case .eur: "EUR"
            case .jpy: "JPY"
            case .cad: "CAD"
            }
        }

        var minorDigits: Int { self == .jpy ? 0 : 2 }

        /// US dollars per unit, with four fraction digits (10850 = 1.0850), before the monthly
        /// drift the generator applies.
        var baseUSDRate: Int64 {
            switch self {
            case .usd: 10_000
            case .gbp: 12_700
            case .eur: 10_850
            case .jpy: 67
            case .cad: 7_350
            }
        }
    }

    /// Where a merchant trades: decides which account can meet it and in which currency.
    enum SampleRegion: Int, Sendable, CaseIterable {
        case us, uk, paris, tokyo, toronto, onlineEurope
        /// Counterparties of recurring items; never drawn at random.
        case counterparty

        var currency: SampleCurrency {
            switch self {
            case .us, .counterparty: .usd
            case .uk: .gbp
            case .paris, .onlineEurope: .eur
            case .tokyo: .jpy
            case .toronto: .cad
            }
        }
    }

    struct SampleMerchant: Sendable {
        var name: String?
        var label: String
        var raw: String
        var mcc: Int?
        var region: SampleRegion
        /// Amount range in minor units of the region's currency, drawn in steps of `step`.
        var minimum: Int64
        var maximum: Int64
        var step: Int64 = 1
        /// Relative frequency among the region's merchants; 0 = only used by name.
        var weight: Int
        /// Local opening hours: purchases happen in [open, close) hours.
        var open: Int = 8
        var close: Int = 22
    }

    /// Counterparties of the recurring items, looked up by case.
    enum SampleCounterparty: Int, Sendable, CaseIterable {
        case openingSavings, openingUK, payroll, savingsInterest, savingsToCash, cashFromSavings, cashCardPayment, cardPaymentReceived
        case cardInterest, ukPayroll, ukRent, ukEnergy, ukMobile, ukCouncilTax, ukStandingOrder, ukFee
        case netflix, spotify, iCloud, verizon, conEdison
        case atmBarclays, atmHSBC, atmNationwide
    }

    /// A counterparty's catalogue entry. Long, but a table: one line per counterparty.
    static func counterparty(_ which: SampleCounterparty) -> SampleMerchant {
        func cp(
            _ name: String?, _ label: String, _ raw: String, mcc: Int? = nil,
            region: SampleRegion = .counterparty, _ minimum: Int64 = 0, _ maximum: Int64 = 0,
            step: Int64 = 1
        ) -> SampleMerchant {
            SampleMerchant(
                name: name, label: label, raw: raw, mcc: mcc, region: region,
                minimum: minimum, maximum: maximum, step: step, weight: 0)
        }
        switch which {
        case .openingSavings:
            return cp(nil, "TRANSFER FROM CHASE CHECKING", "ONLINE TRANSFER FROM CHK ...%%%% REF #IB^^^^^^^^")
        case .openingUK:
            return cp(nil, "FASTER PAYMENT FROM BARCLAYS", "FPS CREDIT BARCLAYS %%%%%% OPENING BALANCE")
        case .payroll:
            return cp("Northwind Traders", "NORTHWIND TRADERS PAYROLL", "NORTHWIND TRADE PAYROLL PPD ID: %%%%%%%%%%")
        case .savingsInterest:
            return cp(nil, "INTEREST PAID", "INTEREST PAYMENT %%%%%%")
        case .savingsToCash:
            return cp(nil, "TRANSFER TO APPLE CASH", "TRANSFER TO APPLE CASH REF ^^^^^^^^")
        case .cashFromSavings:
            return cp(nil, "TRANSFER FROM SAVINGS", "TRANSFER FROM SAVINGS REF ^^^^^^^^")
        case .cashCardPayment:
            return cp(nil, "APPLE CARD PAYMENT", "APPLE CARD PAYMENT %%%%%%")
        case .cardPaymentReceived:
            return cp(nil, "PAYMENT FROM APPLE CASH", "APPLE CASH PAYMENT - THANK YOU %%%%%%")
        case .cardInterest:
            return cp(nil, "INTEREST CHARGE", "INTEREST CHARGE ON PURCHASES")
        case .ukPayroll:
            return cp("Brightwell Ltd", "BRIGHTWELL LTD SALARY", "BRIGHTWELL LTD       BGC SALARY %%%%%")
        case .ukRent:
            return cp("Foxtons", "FOXTONS RENT", "FOXTONS LTD DD REF %%%%%%%")
        case .ukEnergy:
            return cp(
                "Octopus Energy", "OCTOPUS ENERGY", "OCTOPUS ENERGY DD A-%%%%%%%%", mcc: 4900,
                region: .uk, 6_500, 14_500)
        case .ukMobile:
            return cp("EE", "EE LIMITED", "EE LIMITED DD Q%%%%%%%%%", mcc: 4814, region: .uk, 2_800, 2_800)
        case .ukCouncilTax:
            return cp("Hackney Council", "LB HACKNEY CTAX", "LB HACKNEY CTAX %%%%%%%%")
        case .ukStandingOrder:
            return cp(nil, "E WRIGHT SAVINGS CLUB", "SO E WRIGHT SAVINGS CLUB %%%%")
        case .ukFee:
            return cp("Monzo", "MONZO PLUS", "MONZO PLUS MONTHLY FEE")
        case .netflix:
            return cp("Netflix", "NETFLIX", "NETFLIX.COM", mcc: 4899, 1_549, 1_549)
        case .spotify:
            return cp("Spotify", "SPOTIFY", "Spotify USA", mcc: 5815, 1_199, 1_199)
        case .iCloud:
            return cp("Apple", "APPLE.COM/BILL", "APPLE.COM/BILL 866-712-7753", mcc: 5818, 299, 299)
        case .verizon:
            return cp("Verizon", "VERIZON WIRELESS", "VZWRLSS*APOCC VISB", mcc: 4814, 8_500, 9_800)
        case .conEdison:
            return cp("Con Edison", "CON EDISON", "CON ED OF NY INTELL CK", mcc: 4900, 6_000, 21_000)
        case .atmBarclays:
            return cp(
                "Barclays", "CASH WITHDRAWAL", "LINK ATM BARCLAYS %%%% LONDON", mcc: 6011, region: .uk,
                2_000, 20_000, step: 1_000)
        case .atmHSBC:
            return cp(
                "HSBC", "CASH WITHDRAWAL", "HSBC ATM %%%%%% ISLINGTON", mcc: 6011, region: .uk,
                2_000, 20_000, step: 1_000)
        case .atmNationwide:
            return cp(
                "Nationwide", "CASH WITHDRAWAL", "NATIONWIDE ATM %%%% HACKNEY", mcc: 6011, region: .uk,
                2_000, 15_000, step: 1_000)
        }
    }

    // swiftlint:disable line_length
    /// The merchants drawn at random, by region, with weights.
    static let sampleMerchants: [SampleMerchant] = [
        // United States, USD (Apple Card and Apple Cash)
        .init(
            name: "Whole Foods Market", label: "WHOLE FOODS", raw: "WHOLEFDS BRK %%%%%", mcc: 5411, region: .us, minimum: 3_500,
            maximum: 16_500, weight: 32, open: 8, close: 22),
        .init(
            name: "Trader Joe's", label: "TRADER JOE'S", raw: "TRADER JOE S #%%% QPS", mcc: 5411, region: .us, minimum: 1_800,
            maximum: 9_500, weight: 32, open: 8, close: 22),
        .init(name: "Safeway", label: "SAFEWAY", raw: "SAFEWAY #%%%%", mcc: 5411, region: .us, minimum: 2_200, maximum: 12_000, weight: 16),
        .init(name: "Kroger", label: "KROGER", raw: "KROGER #%%%", mcc: 5411, region: .us, minimum: 2_500, maximum: 14_000, weight: 16),
        .init(
            name: "Walmart Supercenter", label: "WALMART SUPERCENTER", raw: "WAL-MART #%%%%", mcc: 5411, region: .us, minimum: 1_500,
            maximum: 18_000, weight: 12),
        .init(
            name: "7-Eleven", label: "7-ELEVEN", raw: "7-ELEVEN %%%%%", mcc: 5499, region: .us, minimum: 300, maximum: 2_500, weight: 12,
            open: 6, close: 24),
        .init(
            name: "Levain Bakery", label: "LEVAIN BAKERY", raw: "SQ *LEVAIN BAKERY", mcc: 5462, region: .us, minimum: 500, maximum: 2_400,
            weight: 4, open: 8, close: 19),
        .init(
            name: "Joe's Pizza, Broadway", label: "JOE'S PIZZA", raw: "TST* JOES PIZZA BWAY", mcc: 5812, region: .us, minimum: 800,
            maximum: 3_600, weight: 12, open: 11, close: 24),
        .init(
            name: "Olive Garden", label: "OLIVE GARDEN", raw: "OLIVE GARDEN %%%%", mcc: 5812, region: .us, minimum: 2_800, maximum: 9_500,
            weight: 8, open: 11, close: 22),
        .init(
            name: "Sweetgreen", label: "SWEETGREEN", raw: "SWEETGREEN %%% NEW YORK", mcc: 5812, region: .us, minimum: 1_200, maximum: 2_200,
            weight: 16, open: 11, close: 21),
        .init(
            name: "The Smith", label: "THE SMITH", raw: "THE SMITH - LINCOLN SQ", mcc: 5812, region: .us, minimum: 4_500, maximum: 18_000,
            weight: 8, open: 12, close: 23),
        .init(
            name: "Nobu", label: "NOBU", raw: "NOBU %%% NEW YORK", mcc: 5812, region: .us, minimum: 9_000, maximum: 42_000, weight: 4,
            open: 18, close: 23),
        .init(
            name: "McDonald's", label: "MCDONALD'S", raw: "MCDONALD'S F%%%%%", mcc: 5814, region: .us, minimum: 500, maximum: 1_800,
            weight: 20, open: 7, close: 23),
        .init(
            name: "Chipotle", label: "CHIPOTLE", raw: "CHIPOTLE %%%%", mcc: 5814, region: .us, minimum: 1_000, maximum: 2_300, weight: 20,
            open: 11, close: 22),
        .init(
            name: "Starbucks", label: "STARBUCKS", raw: "STARBUCKS STORE %%%%%", mcc: 5814, region: .us, minimum: 350, maximum: 1_450,
            weight: 32, open: 7, close: 18),
        .init(
            name: "Dunkin'", label: "DUNKIN", raw: "DUNKIN #%%%%%% Q35", mcc: 5814, region: .us, minimum: 250, maximum: 1_200, weight: 16,
            open: 7, close: 16),
        .init(
            name: "Shake Shack", label: "SHAKE SHACK", raw: "SHAKE SHACK %%% NEW YORK", mcc: 5814, region: .us, minimum: 1_200,
            maximum: 3_400, weight: 8, open: 11, close: 22),
        .init(
            name: "Blue Bottle Coffee", label: "BLUE BOTTLE COFFEE", raw: "SQ *BLUE BOTTLE COFFE", mcc: 5814, region: .us, minimum: 450,
            maximum: 1_300, weight: 12, open: 7, close: 17),
        .init(
            name: "The Dead Rabbit", label: "THE DEAD RABBIT", raw: "TST* DEAD RABBIT NYC", mcc: 5813, region: .us, minimum: 1_800,
            maximum: 9_500, weight: 8, open: 17, close: 24),
        .init(
            name: "Shell", label: "SHELL", raw: "SHELL OIL %%%%%%%%%%%", mcc: 5541, region: .us, minimum: 2_500, maximum: 7_500, weight: 12,
            open: 7, close: 22),
        .init(
            name: "ExxonMobil", label: "EXXONMOBIL", raw: "EXXONMOBIL %%%%%%%%", mcc: 5542, region: .us, minimum: 2_200, maximum: 7_000,
            weight: 8, open: 7, close: 22),
        .init(
            name: "Chevron", label: "CHEVRON", raw: "CHEVRON %%%%%%%", mcc: 5542, region: .us, minimum: 2_400, maximum: 7_200, weight: 8,
            open: 7, close: 22),
        .init(
            name: "MTA New York City Transit", label: "MTA NYCT", raw: "MTA*NYCT PAYGO", mcc: 4111, region: .us, minimum: 290,
            maximum: 3_400, weight: 24, open: 7, close: 23),
        .init(
            name: "Uber", label: "UBER", raw: "UBER   *TRIP ^^^^^", mcc: 4121, region: .us, minimum: 900, maximum: 6_500, weight: 20,
            open: 7, close: 24),
        .init(
            name: "Lyft", label: "LYFT", raw: "LYFT   *RIDE ^^^ %%%%", mcc: 4121, region: .us, minimum: 800, maximum: 5_500, weight: 12,
            open: 7, close: 24),
        .init(
            name: "Amtrak", label: "AMTRAK", raw: "AMTRAK .CO%%%%%%%%%%%%%", mcc: 4112, region: .us, minimum: 2_900, maximum: 18_900,
            weight: 4),
        .init(
            name: "SP+ Parking", label: "SP+ PARKING", raw: "SP+ PARKING %%%%", mcc: 7523, region: .us, minimum: 1_200, maximum: 4_500,
            weight: 4),
        .init(
            name: "E-ZPass", label: "E-ZPASS", raw: "E-ZPASSNY REBILL", mcc: 4784, region: .us, minimum: 2_500, maximum: 5_000, step: 500,
            weight: 4),
        .init(
            name: "United Airlines", label: "UNITED AIRLINES", raw: "UNITED %%%%%%%%%%%%%", mcc: 3000, region: .us, minimum: 8_900,
            maximum: 68_900, weight: 1, open: 6, close: 23),
        .init(
            name: "Delta Air Lines", label: "DELTA AIR LINES", raw: "DELTA AIR %%%%%%%%%%%%%", mcc: 3058, region: .us, minimum: 9_900,
            maximum: 72_900, weight: 1, open: 6, close: 23),
        .init(
            name: "American Airlines", label: "AMERICAN AIRLINES", raw: "AMERICAN AIR%%%%%%%%%%%%%", mcc: 3001, region: .us, minimum: 7_900,
            maximum: 59_900, weight: 1, open: 6, close: 23),
        .init(
            name: "Frontier Airlines", label: "FRONTIER AIRLINES", raw: "FRONTIER AI %%%%%%%%%%%%%", mcc: 4511, region: .us, minimum: 4_900,
            maximum: 25_900, weight: 1, open: 6, close: 23),
        .init(
            name: "Marriott", label: "MARRIOTT", raw: "MARRIOTT %%%% BOSTON", mcc: 3509, region: .us, minimum: 15_900, maximum: 62_000,
            weight: 1),
        .init(
            name: "Hilton", label: "HILTON HOTELS", raw: "HILTON HOTELS %%%%", mcc: 3504, region: .us, minimum: 13_900, maximum: 54_000,
            weight: 1),
        .init(
            name: "Airbnb", label: "AIRBNB", raw: "AIRBNB * HM^^^^^^^^", mcc: 7011, region: .us, minimum: 12_000, maximum: 95_000,
            weight: 1, open: 0, close: 24),
        .init(
            name: "Hertz", label: "HERTZ RENT-A-CAR", raw: "HERTZ RENT-A-CAR %%%%%%", mcc: 3357, region: .us, minimum: 8_900,
            maximum: 42_000, weight: 1),
        .init(
            name: "Steam", label: "STEAM GAMES", raw: "STEAMGAMES.COM %%%%%%%%%%", mcc: 5816, region: .us, minimum: 499, maximum: 5_999,
            weight: 4, open: 0, close: 24),
        .init(
            name: "Kindle", label: "KINDLE SVCS", raw: "Kindle Svcs*^^^^^^^^^", mcc: 5815, region: .us, minimum: 299, maximum: 1_499,
            weight: 8, open: 0, close: 24),
        .init(
            name: "App Store", label: "APPLE.COM/BILL", raw: "APPLE.COM/BILL ITUNES.COM", mcc: 5817, region: .us, minimum: 99, maximum: 999,
            weight: 8, open: 0, close: 24),
        .init(
            name: "CVS Pharmacy", label: "CVS PHARMACY", raw: "CVS/PHARMACY #%%%%%", mcc: 5912, region: .us, minimum: 600, maximum: 5_500,
            weight: 16),
        .init(
            name: "Walgreens", label: "WALGREENS", raw: "WALGREENS #%%%%%", mcc: 5912, region: .us, minimum: 500, maximum: 4_800, weight: 12
        ),
        .init(
            name: "Uniqlo", label: "UNIQLO", raw: "UNIQLO USA %%%%", mcc: 5651, region: .us, minimum: 1_990, maximum: 12_900, weight: 8,
            open: 10, close: 21),
        .init(
            name: "Gap", label: "GAP", raw: "GAP US %%%%", mcc: 5651, region: .us, minimum: 2_500, maximum: 11_000, weight: 4, open: 10,
            close: 21),
        .init(
            name: "J.Crew", label: "J.CREW", raw: "J.CREW #%%%", mcc: 5691, region: .us, minimum: 4_900, maximum: 19_800, weight: 4,
            open: 10, close: 21),
        .init(
            name: "Foot Locker", label: "FOOT LOCKER", raw: "FOOT LOCKER %%%%%", mcc: 5661, region: .us, minimum: 5_900, maximum: 18_000,
            weight: 4, open: 10, close: 21),
        .init(
            name: "Best Buy", label: "BEST BUY", raw: "BEST BUY %%%%%%%%", mcc: 5732, region: .us, minimum: 1_999, maximum: 129_999,
            weight: 1, open: 10, close: 21),
        .init(
            name: "Apple Store", label: "APPLE STORE", raw: "APPLE STORE #R%%%", mcc: 5732, region: .us, minimum: 1_900, maximum: 149_900,
            weight: 1, open: 10, close: 21),
        .init(
            name: "Amazon", label: "AMAZON", raw: "AMZN Mktp US*^^^^^^^^^", mcc: 5999, region: .us, minimum: 799, maximum: 12_900,
            weight: 32, open: 0, close: 24),
        .init(
            name: "Amazon", label: "AMAZON.COM", raw: "Amazon.com*^^^^^^^^^", mcc: 5942, region: .us, minimum: 899, maximum: 3_999,
            weight: 8, open: 0, close: 24),
        .init(
            name: "Target", label: "TARGET", raw: "TARGET        %%%%%%%%", mcc: 5310, region: .us, minimum: 1_200, maximum: 15_000,
            weight: 20),
        .init(
            name: "Costco", label: "COSTCO WHSE", raw: "COSTCO WHSE #%%%%", mcc: 5300, region: .us, minimum: 6_000, maximum: 32_000,
            weight: 8, open: 10, close: 20),
        .init(
            name: "The Home Depot", label: "THE HOME DEPOT", raw: "THE HOME DEPOT #%%%%", mcc: 5200, region: .us, minimum: 1_500,
            maximum: 25_000, weight: 4, open: 7, close: 21),
        .init(
            name: "Macy's", label: "MACY'S", raw: "MACYS .COM %%%%", mcc: 5311, region: .us, minimum: 2_500, maximum: 18_000, weight: 4,
            open: 10, close: 21),
        .init(
            name: "Sephora", label: "SEPHORA", raw: "SEPHORA %%%%", mcc: 5977, region: .us, minimum: 1_800, maximum: 12_000, weight: 4,
            open: 10, close: 21),
        .init(
            name: "Petco", label: "PETCO", raw: "PETCO %%%%", mcc: 5995, region: .us, minimum: 1_500, maximum: 9_000, weight: 4, open: 9,
            close: 21),
        .init(
            name: "AMC Theatres", label: "AMC THEATRES", raw: "AMC %%%% ONLINE", mcc: 7832, region: .us, minimum: 1_400, maximum: 4_800,
            weight: 4, open: 11, close: 23),
        .init(
            name: "Fellow Barber", label: "FELLOW BARBER", raw: "SQ *FELLOW BARBER", mcc: 7230, region: .us, minimum: 3_500, maximum: 6_500,
            step: 500, weight: 4, open: 9, close: 19),

        // United Kingdom, GBP (the Monzo account; foreign currency on the Apple Card in London)
        .init(
            name: "Tesco", label: "TESCO STORES", raw: "TESCO STORES %%%%", mcc: 5411, region: .uk, minimum: 800, maximum: 8_500,
            weight: 28, open: 7, close: 23),
        .init(
            name: "Sainsbury's", label: "SAINSBURY'S", raw: "SAINSBURYS S/MKTS", mcc: 5411, region: .uk, minimum: 900, maximum: 9_500,
            weight: 24, open: 7, close: 22),
        .init(
            name: "Waitrose", label: "WAITROSE", raw: "WAITROSE %%%%", mcc: 5411, region: .uk, minimum: 1_200, maximum: 11_000, weight: 12),
        .init(name: "Lidl", label: "LIDL GB", raw: "LIDL GB LONDON", mcc: 5411, region: .uk, minimum: 600, maximum: 5_500, weight: 12),
        .init(
            name: "M&S Simply Food", label: "M&S SIMPLY FOOD", raw: "M&S SIMPLY FOOD - %%%%", mcc: 5411, region: .uk, minimum: 500,
            maximum: 4_500, weight: 8),
        .init(
            name: "Pret A Manger", label: "PRET A MANGER", raw: "PRET A MANGER %%%%", mcc: 5814, region: .uk, minimum: 350, maximum: 1_250,
            weight: 24, open: 7, close: 17),
        .init(
            name: "Caffè Nero", label: "CAFFÈ NERO", raw: "CAFFE NERO %%%", mcc: 5814, region: .uk, minimum: 280, maximum: 890, weight: 20,
            open: 7, close: 19),
        .init(
            name: "Greggs", label: "GREGGS", raw: "GREGGS PLC %%%%", mcc: 5814, region: .uk, minimum: 150, maximum: 650, weight: 12,
            open: 7, close: 18),
        .init(
            name: "Dishoom", label: "DISHOOM", raw: "DISHOOM SHOREDITCH", mcc: 5812, region: .uk, minimum: 2_800, maximum: 9_500, weight: 8,
            open: 12, close: 23),
        .init(
            name: "Wagamama", label: "WAGAMAMA", raw: "WAGAMAMA %%%", mcc: 5812, region: .uk, minimum: 1_400, maximum: 4_500, weight: 8,
            open: 11, close: 22),
        .init(
            name: "Transport for London", label: "TFL TRAVEL CHARGE", raw: "TFL TRAVEL CH", mcc: 4111, region: .uk, minimum: 175,
            maximum: 890, weight: 32, open: 6, close: 24),
        .init(
            name: "Trainline", label: "TRAINLINE", raw: "TRAINLINE.COM", mcc: 4112, region: .uk, minimum: 1_200, maximum: 12_000, weight: 4,
            open: 0, close: 24),
        .init(
            name: "Uber", label: "UBER", raw: "UBER *TRIP HELP.UBER.COM", mcc: 4121, region: .uk, minimum: 800, maximum: 3_500, weight: 8,
            open: 7, close: 24),
        .init(name: "Boots", label: "BOOTS", raw: "BOOTS %%%%", mcc: 5912, region: .uk, minimum: 300, maximum: 3_500, weight: 12),
        .init(
            name: "Primark", label: "PRIMARK", raw: "PRIMARK %%%", mcc: 5651, region: .uk, minimum: 500, maximum: 4_500, weight: 4, open: 9,
            close: 21),
        .init(
            name: "Currys", label: "CURRYS", raw: "CURRYS %%%%", mcc: 5732, region: .uk, minimum: 1_999, maximum: 49_900, weight: 1,
            open: 9, close: 20),
        .init(
            name: "Amazon", label: "AMAZON.CO.UK", raw: "AMAZON.CO.UK*^^^^^^^^^", mcc: 5999, region: .uk, minimum: 699, maximum: 8_900,
            weight: 12, open: 0, close: 24),
        .init(
            name: "Waterstones", label: "WATERSTONES", raw: "WATERSTONES %%%", mcc: 5942, region: .uk, minimum: 799, maximum: 3_500,
            weight: 4, open: 9, close: 20),
        .init(
            name: "BP", label: "BP", raw: "BP BRIXTON HILL %%%%", mcc: 5541, region: .uk, minimum: 2_000, maximum: 8_000, weight: 4,
            open: 6, close: 23),
        .init(
            name: "Majestic Wine", label: "MAJESTIC WINE", raw: "MAJESTIC WINE %%%", mcc: 5921, region: .uk, minimum: 1_200, maximum: 6_000,
            weight: 4, open: 10, close: 20),

        // Paris, EUR (foreign currency on the Apple Card)
        .init(
            name: "Café de Flore", label: "CAFÉ DE FLORE", raw: "CAFE DE FLORE PARIS", mcc: 5812, region: .paris, minimum: 900,
            maximum: 6_500, weight: 12, open: 8, close: 23),
        .init(
            name: "Monoprix", label: "MONOPRIX", raw: "MONOPRIX %%% PARIS", mcc: 5411, region: .paris, minimum: 500, maximum: 6_500,
            weight: 12),
        .init(
            name: "RATP", label: "RATP", raw: "RATP %%%%%%%", mcc: 4111, region: .paris, minimum: 215, maximum: 3_000, weight: 12, open: 7,
            close: 24),
        .init(name: "SNCF", label: "SNCF", raw: "SNCF INTERNET", mcc: 4112, region: .paris, minimum: 2_500, maximum: 14_000, weight: 4),
        .init(
            name: "Hôtel du Petit Moulin", label: "HÔTEL DU PETIT MOULIN", raw: "HOTEL PETIT MOULIN", mcc: 7011, region: .paris,
            minimum: 18_000, maximum: 42_000, weight: 1),
        .init(
            name: "Galeries Lafayette", label: "GALERIES LAFAYETTE", raw: "GALERIES LAFAYETTE HAUSS", mcc: 5311, region: .paris,
            minimum: 2_000, maximum: 25_000, weight: 4, open: 10, close: 20),
        .init(
            name: "Pharmacie Monge", label: "PHARMACIE MONGE", raw: "PHARMACIE MONGE PARIS", mcc: 5912, region: .paris, minimum: 600,
            maximum: 4_500, weight: 4),
        .init(
            name: "Poilâne", label: "POILÂNE", raw: "POILANE CHERCHE MIDI", mcc: 5462, region: .paris, minimum: 300, maximum: 1_800,
            weight: 8, open: 7, close: 19),

        // Tokyo, JPY (no minor digits)
        .init(
            name: "FamilyMart", label: "FAMILYMART", raw: "FAMILYMART %%%%", mcc: 5499, region: .tokyo, minimum: 200, maximum: 2_200,
            weight: 16, open: 0, close: 24),
        .init(
            name: "Lawson", label: "LAWSON", raw: "LAWSON %%%%", mcc: 5499, region: .tokyo, minimum: 180, maximum: 1_800, weight: 12,
            open: 0, close: 24),
        .init(
            name: "Ichiran", label: "ICHIRAN", raw: "ICHIRAN SHIBUYA", mcc: 5812, region: .tokyo, minimum: 1_180, maximum: 2_600, step: 10,
            weight: 8, open: 10, close: 24),
        .init(
            name: "JR East", label: "JR EAST", raw: "JR EAST %%%%%%", mcc: 4112, region: .tokyo, minimum: 170, maximum: 14_000, step: 10,
            weight: 12, open: 6, close: 24),
        .init(
            name: "Uniqlo Ginza", label: "UNIQLO GINZA", raw: "UNIQLO GINZA", mcc: 5651, region: .tokyo, minimum: 1_990, maximum: 12_900,
            step: 10, weight: 4, open: 11, close: 21),
        .init(
            name: "Bic Camera", label: "BIC CAMERA", raw: "BIC CAMERA YURAKUCHO", mcc: 5732, region: .tokyo, minimum: 980, maximum: 89_800,
            step: 10, weight: 1, open: 10, close: 22),
        .init(
            name: "Park Hyatt Tokyo", label: "PARK HYATT TOKYO", raw: "PARK HYATT TOKYO", mcc: 3640, region: .tokyo, minimum: 58_000,
            maximum: 125_000, step: 100, weight: 1),

        // Toronto, CAD
        .init(
            name: "Tim Hortons", label: "TIM HORTONS", raw: "TIM HORTONS #%%%%", mcc: 5814, region: .toronto, minimum: 250, maximum: 1_400,
            weight: 16, open: 6, close: 22),
        .init(
            name: "Loblaws", label: "LOBLAWS", raw: "LOBLAWS %%%%", mcc: 5411, region: .toronto, minimum: 1_500, maximum: 9_000, weight: 8),
        .init(
            name: "TTC", label: "TTC", raw: "TTC PRESTO %%%%%%", mcc: 4111, region: .toronto, minimum: 335, maximum: 1_300, weight: 12,
            open: 6, close: 24),
        .init(
            name: "The Drake Hotel", label: "THE DRAKE HOTEL", raw: "THE DRAKE HOTEL TORONTO", mcc: 7011, region: .toronto, minimum: 22_000,
            maximum: 45_000, weight: 1),
        .init(
            name: "Shoppers Drug Mart", label: "SHOPPERS DRUG MART", raw: "SHOPPERS DRUG MART %%%%", mcc: 5912, region: .toronto,
            minimum: 600, maximum: 4_000, weight: 4),

        // Online merchants abroad, EUR (the odd foreign purchase from home)
        .init(
            name: "Booking.com", label: "BOOKING.COM", raw: "Booking.com BV Amsterdam", mcc: 4722, region: .onlineEurope, minimum: 9_000,
            maximum: 60_000, weight: 1, open: 0, close: 24),
        .init(
            name: "Zalando", label: "ZALANDO SE", raw: "ZALANDO SE BERLIN", mcc: 5651, region: .onlineEurope, minimum: 2_500,
            maximum: 12_000, weight: 4, open: 0, close: 24),
        .init(
            name: "Vinted", label: "VINTED", raw: "VINTED UAB VILNIUS", mcc: 5999, region: .onlineEurope, minimum: 500, maximum: 4_000,
            weight: 4, open: 0, close: 24),
    ]
    // swiftlint:enable line_length

    /// MCCs at which a card is pre-authorised for an amount that is later released (deleted).
    static let holdMCCs: Set<Int> = [5541, 5542, 3357, 3504, 3509, 7011]
}
