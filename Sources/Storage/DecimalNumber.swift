/// The Double nearest to a number in JSON's grammar (ties to even, as `Double(String)` gives it),
/// read from its bytes without making a String, exactly, with 128-bit integers: the digits as a whole
/// number m, the value m × 10^e rounded once. It answers when m has at most 19 significant digits and
/// e is within ±19 — every coordinate a drawing holds — and leaves the rest (nil) to `Double(String)`.
///
/// Why: opening a large drawing spent a third of its time in `strtod`, which takes its slow path
/// (multiple precision) for the 17 digits a coordinate such as 412.53123474121094 needs.
enum DecimalNumber {
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text.first == .minus
        if negative { index += 1 }
        var mantissa: UInt64 = 0, digits = 0, exponent = 0
        func digit(_ byte: UInt8) -> Bool {
            guard byte >= .digitZero, byte <= .digitNine else { return false }
            if mantissa != 0 || byte != .digitZero {
                digits += 1
                mantissa = mantissa &* 10 &+ UInt64(byte - .digitZero)
            }
            return true
        }
        while index < text.count, digit(text[index]) { index += 1 }
        if index < text.count, text[index] == .period {
            index += 1
            while index < text.count, digit(text[index]) {
                index += 1
                exponent -= 1
            }
        }
        guard digits <= 19 else { return nil }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let negativeExponent = index < text.count && text[index] == .minus
            if index < text.count, text[index] == .minus || text[index] == .plus { index += 1 }
            var written = 0
            while index < text.count, text[index] >= .digitZero, text[index] <= .digitNine {
                written = written * 10 + Int(text[index] - .digitZero)
                guard written <= 1_000 else { return nil }
                index += 1
            }
            exponent += negativeExponent ? -written : written
        }
        guard index == text.count, exponent >= -19, exponent <= 19 else { return nil }
        guard mantissa != 0 else { return negative ? -0.0 : 0.0 }
        let magnitude: Double
        if exponent >= 0 {
            let product = mantissa.multipliedFullWidth(by: powersOfTen[exponent])
            magnitude = rounded(high: product.high, low: product.low, sticky: false, exponent: 0)
        } else {
            // m / 10^k: m shifted left so that the quotient has 63 or 64 bits; the remainder says
            // whether anything is left below them.
            let divisor = powersOfTen[-exponent]
            let shift = 63 + (64 - divisor.leadingZeroBitCount) - (64 - mantissa.leadingZeroBitCount)
            let numerator = shift >= 64 ? (high: mantissa << (shift - 64), low: UInt64(0))
                : (high: shift == 0 ? 0 : mantissa >> (64 - shift), low: mantissa << shift)
            let (quotient, remainder) = divisor.dividingFullWidth(numerator)
            magnitude = rounded(high: 0, low: quotient, sticky: remainder != 0, exponent: -shift)
        }
        return negative ? -magnitude : magnitude
    }

    /// (high·2⁶⁴ + low + a little more when `sticky`) × 2^exponent, rounded to 53 bits, ties to even.
    private static func rounded(high: UInt64, low: UInt64, sticky: Bool, exponent: Int) -> Double {
        var top: UInt64, sticky = sticky, exponent = exponent
        if high != 0 {
            let extra = 64 - high.leadingZeroBitCount
            top = high << (64 - extra) | low >> extra
            sticky = sticky || low & (UInt64(1) << extra &- 1) != 0
            exponent += extra
        } else {
            let zeros = low.leadingZeroBitCount
            top = low << zeros
            exponent -= zeros
        }
        var significand = top >> 11
        let rest = top & 0x7FF
        if rest > 0x400 || (rest == 0x400 && (sticky || significand & 1 == 1)) {
            significand += 1
            if significand == 1 << 53 {
                significand >>= 1
                exponent += 1
            }
        }
        return Double(sign: .plus, exponent: exponent + 11, significand: Double(significand))
    }

    private static let powersOfTen: [UInt64] = (0...19).reduce(into: []) { powers, n in powers.append(n == 0 ? 1 : powers[n - 1] * 10) }
}
