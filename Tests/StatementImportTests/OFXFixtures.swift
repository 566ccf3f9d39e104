/// Synthetic OFX statements with the quirks real banks' files have.
enum OFXFixtures {
    static let header1 = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE

        """

    /// A card statement, SGML without a single leaf end tag, the whole body on one line; noon
    /// GMT dates; a payment positive; LEDGERBAL the debt, AVAILBAL the credit still available.
    static let cardOneLine =
        header1 + "\n"
        + "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20250301120000[0:GMT]<LANGUAGE>ENG"
        + "<FI><ORG>Fruit Card<FID>11111</FI></SONRS></SIGNONMSGSRSV1><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>0<STATUS><CODE>0"
        + "<SEVERITY>INFO</STATUS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>card-9</CCACCTFROM><BANKTRANLIST>"
        + "<DTSTART>20250201120000[0:GMT]<DTEND>20250228120000[0:GMT]"
        + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250228120000[0:GMT]<TRNAMT>-7.25<FITID>f-1<NAME>CORNER BAKERY</STMTTRN>"
        + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250228120000[0:GMT]<TRNAMT>-2.00<FITID>f-2<NAME>CORNER BAKERY</STMTTRN>"
        + "<STMTTRN><TRNTYPE>PAYMENT<DTPOSTED>20250227120000[0:GMT]<TRNAMT>1500.00<FITID>f-3"
        + "<NAME>ACH DEPOSIT INTERNET TRANSFER FROM ACCOUNT ENDING IN 4321</STMTTRN>"
        + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250210120000[0:GMT]<TRNAMT>-61.40<FITID>f-4<NAME>NORTHSIDE GROCER</STMTTRN>"
        + "</BANKTRANLIST><LEDGERBAL><BALAMT>-812.35<DTASOF>20250228120000[0:GMT]</LEDGERBAL>"
        + "<AVAILBAL><BALAMT>4187.65<DTASOF>20250228120000[0:GMT]</AVAILBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\n"

    /// Some leaves closed and some not, one closed by its parent's end tag; date-only values;
    /// a row with neither NAME nor MEMO; `&nbsp;`; a CURRENCY aggregate inside a row.
    static let cardMixedTags =
        header1 + "\n"
        + "<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>0<CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>c2</CCACCTFROM><BANKTRANLIST>"
        + "<DTSTART>20190501</DTSTART><DTEND>20190531</DTEND>"
        + "<STMTTRN><TRNTYPE>PAYMENT</TRNTYPE><DTPOSTED>20190510</DTPOSTED><TRNAMT>-12.30</TRNAMT><FITID>AAA-1</STMTTRN>"
        + "<STMTTRN><TRNTYPE>PAYMENT</TRNTYPE><DTPOSTED>20190512</DTPOSTED><TRNAMT>-20.00</TRNAMT><FITID>AAA-2"
        + "<MEMO>Overseas Payment&nbsp;&amp; Co<CURRENCY><CURRATE>1.1153<CURSYM>EUR</CURRENCY></STMTTRN>"
        + "<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20190520</DTPOSTED><TRNAMT>500.00</TRNAMT><FITID>AAA-3<MEMO>PAYMENT RECEIVED"
        + "</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>-99.00<DTASOF>20190531</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS>"
        + "</CREDITCARDMSGSRSV1></OFX>\n"

    /// No blank line after the header, no `</BANKTRANLIST>`, blank lines and tabs in the body,
    /// local midnight three hours west of GMT, no AVAILBAL, and no final newline.
    static let cardUnclosedList = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE
        <OFX>
        \t<CREDITCARDMSGSRSV1>
        \t\t<CCSTMTTRNRS>
        \t\t\t<TRNUID>1001

        \t\t\t<CCSTMTRS>
        \t\t\t\t<CURDEF>BRL
        \t\t\t\t<CCACCTFROM>
        \t\t\t\t\t<ACCTID>0000-UUID
        \t\t\t\t</CCACCTFROM>
        \t\t\t\t<BANKTRANLIST>
        \t\t\t\t\t<DTSTART>20240224000000[-3:GMT]
        \t\t\t\t\t<DTEND>20240326000000[-3:GMT]
        \t\t\t\t\t<STMTTRN>
        \t\t\t\t\t\t<TRNTYPE>DEBIT
        \t\t\t\t\t\t<DTPOSTED>20240323000000[-3:GMT]
        \t\t\t\t\t\t<TRNAMT>-13.00
        \t\t\t\t\t\t<FITID>u-1
        \t\t\t\t\t\t<MEMO>-memo-
        \t\t\t\t\t</STMTTRN>

        \t\t\t\t\t<STMTTRN>
        \t\t\t\t\t\t<TRNTYPE>DEBIT
        \t\t\t\t\t\t<DTPOSTED>20240322000000[-3:GMT]
        \t\t\t\t\t\t<TRNAMT>-9.02
        \t\t\t\t\t\t<FITID>u-2
        \t\t\t\t\t\t<MEMO>-memo-
        \t\t\t\t\t</STMTTRN>
        \t\t\t\t<LEDGERBAL>
        \t\t\t\t\t<BALAMT>-22.02
        \t\t\t\t\t<DTASOF>20240325000000[-3:GMT]
        \t\t\t\t</LEDGERBAL>
        \t\t\t</CCSTMTRS>
        \t\t</CCSTMTTRNRS>
        \t</CREDITCARDMSGSRSV1>
        </OFX>
        """

    /// OFX 2 XML with CRLF line ends, CDATA with runs of spaces, CHECKNUM 0, a NAME cut at 32
    /// characters whose whole text is the MEMO, DTUSER beside DTPOSTED, and a zone `[-8:PST]`.
    static let bankXML =
        """
        <?xml version="1.0" encoding="US-ASCII"?>
        <?OFX OFXHEADER="200" VERSION="200" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        <OFX>
          <BANKMSGSRSV1>
            <STMTTRNRS>
              <TRNUID>1</TRNUID>
              <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
              <STMTRS>
                <CURDEF>AUD</CURDEF>
                <BANKACCTFROM><BANKID>BANK</BANKID><ACCTID>123</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
                <BANKTRANLIST>
                  <DTSTART>20131201</DTSTART><DTEND>20131215</DTEND>
                  <STMTTRN>
                    <TRNTYPE>DEBIT</TRNTYPE>
                    <DTPOSTED>20131215</DTPOSTED>
                    <TRNAMT>-16.85</TRNAMT>
                    <FITID>1</FITID>
                    <CHECKNUM>0</CHECKNUM>
                    <NAME><![CDATA[EFTPOS WDL CORNER  STORE  ]]></NAME>
                    <MEMO><![CDATA[EFTPOS WDL CORNER  STORE   GEELONG]]></MEMO>
                  </STMTTRN>
                  <STMTTRN>
                    <TRNTYPE>CREDIT</TRNTYPE>
                    <DTPOSTED>20131210120000.000[-8:PST]</DTPOSTED>
                    <DTUSER>20131209</DTUSER>
                    <TRNAMT>+0,01</TRNAMT>
                    <FITID>2</FITID>
                    <NAME>INTEREST EARNED FOR PERIOD OF 1</NAME>
                    <MEMO>INTEREST EARNED FOR PERIOD OF 11/01/2013 THROUGH 11/30/2013</MEMO>
                  </STMTTRN>
                </BANKTRANLIST>
                <LEDGERBAL><BALAMT>1234.12</BALAMT><DTASOF>20131215</DTASOF></LEDGERBAL>
                <AVAILBAL><BALAMT>1200.00</BALAMT><DTASOF>20131215</DTASOF></AVAILBAL>
              </STMTRS>
            </STMTTRNRS>
          </BANKMSGSRSV1>
        </OFX>
        """.replacingOccurrences(of: "\n", with: "\r\n")

    /// An XML header over an SGML body (no leaf end tags), with two spaces after `?>`, and the
    /// Intuit tags of a QFX file.
    static let xmlHeaderSGMLBody = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <?OFX OFXHEADER="200" VERSION="203" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\u{20}\u{20}
        <OFX>
        <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20170510192849<LANGUAGE>ENG
        <INTU.BID>51123<INTU.USERID>977</SONRS></SIGNONMSGSRSV1>
        <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <CCSTMTRS><CURDEF>AUD<CCACCTFROM><ACCTID>4000</CCACCTFROM>
        <BANKTRANLIST><DTSTART>20170311<DTEND>20170509
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20170508000000<DTUSER>20170508000000<TRNAMT>-5.50<FITID>201705080001<MEMO>SOME MEMO</STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>-123.45<DTASOF>20170510192849</LEDGERBAL>
        <AVAILBAL><BALAMT>123.45<DTASOF>20170510192849</AVAILBAL>
        </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>

        """

    /// A bank statement whose body holds `rows` (each a whole `<STMTTRN>` aggregate).
    static func bank(_ rows: String, currency: String = "USD") -> String {
        header1 + "\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>\(currency)<BANKACCTFROM><ACCTID>1</BANKACCTFROM>\n<BANKTRANLIST>\n"
            + rows + "\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
    }
}
