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

extension DecimalNumber {
    /// Whether the number written as `text` (JSON's grammar), whose nearest Double is `value`, lies within
    /// `range` by its exact decimal value. The Double alone cannot tell: 1000000.00000000000000000001 and
    /// 0.49999999999999999999 round to the bounds 1000000 and 0.5 themselves. The bounds must be Doubles
    /// whose shortest form is their exact value (0.5, 100, 1000000).
    ///
    /// Rounding never crosses a bound it can land on, so a value strictly inside (or outside) is decided by
    /// the Double; only a value that rounds to a bound has its digits compared with the bound's.
    static func isWithin(_ range: ClosedRange<Double>, _ value: Double, writtenAs text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.contains(value) else { return false }
        guard value == range.lowerBound || value == range.upperBound else { return true }
        guard let written = Digits(text), let bound = Array(value.description.utf8).withUnsafeBufferPointer(Digits.init) else {
            return false
        }
        return value == range.upperBound ? !(bound < written) : !(written < bound)
    }

    /// The Float nearest to the number written as `text`, whose nearest Double is `value`: `Float(value)`,
    /// unless `value` lies exactly halfway between two Floats, where the rounding to a Double may have
    /// decided the tie and the text must (`Float(String)`). Elsewhere the two roundings agree: a halfway
    /// point is a Double, so the text and its Double lie on the same side of every one. Reading a stroke's
    /// coordinates this way makes no String for each.
    static func float(_ value: Double, writtenAs text: UnsafeBufferPointer<UInt8>) -> Float? {
        let rounded = Float(value)
        if rounded.isFinite, Double(rounded) == value { return rounded }
        let neighbour = Double(rounded) < value ? rounded.nextUp : rounded.nextDown
        if rounded.isFinite, neighbour.isFinite, (Double(rounded) + Double(neighbour)) / 2 != value { return rounded }
        return Float(String(decoding: text, as: UTF8.self))
    }

    /// A number's exact value as written: its sign, its significant digits (no leading or trailing zeros)
    /// and the power of ten of the first, so that 1e6, 1000000 and 1000000.000 are equal and
    /// 1000000.00000000000000000001 is larger. Zero has no digits.
    private struct Digits: Equatable {
        let negative: Bool
        let significant: [UInt8]
        let exponent: Int

        init?(_ text: UnsafeBufferPointer<UInt8>) {
            var index = 0
            negative = text.first == .minus
            if negative { index += 1 }
            var digits: [UInt8] = []
            var integerDigits = 0, leadingFractionZeros = 0, seenPeriod = false
            while index < text.count {
                let byte = text[index]
                if byte == .period, !seenPeriod {
                    seenPeriod = true
                } else if byte >= .digitZero, byte <= .digitNine {
                    if digits.isEmpty, byte == .digitZero {
                        if seenPeriod { leadingFractionZeros += 1 }
                    } else {
                        digits.append(byte)
                        if !seenPeriod { integerDigits += 1 }
                    }
                } else {
                    break
                }
                index += 1
            }
            var written = 0
            if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                let negativeExponent = index < text.count && text[index] == .minus
                if index < text.count, text[index] == .minus || text[index] == .plus { index += 1 }
                while index < text.count, text[index] >= .digitZero, text[index] <= .digitNine {
                    // Beyond a billion the exponent only has to stay beyond every bound's.
                    written = min(written * 10 + Int(text[index] - .digitZero), 1_000_000_000)
                    index += 1
                }
                if negativeExponent { written = -written }
            }
            guard index == text.count else { return nil }
            while digits.last == .digitZero { digits.removeLast() }
            significant = digits
            exponent = digits.isEmpty ? 0 : (integerDigits > 0 ? integerDigits : -leadingFractionZeros) + written
        }

        /// Whether `a` is less than `b`, exactly.
        static func < (a: Digits, b: Digits) -> Bool {
            let aNegative = a.negative && !a.significant.isEmpty, bNegative = b.negative && !b.significant.isEmpty
            guard aNegative == bNegative else { return aNegative }
            return aNegative ? isSmaller(b, than: a) : isSmaller(a, than: b)
        }

        /// Whether `a`'s magnitude is less than `b`'s: by the place of the first digit, then digit by digit.
        private static func isSmaller(_ a: Digits, than b: Digits) -> Bool {
            if a.significant.isEmpty || b.significant.isEmpty { return a.significant.isEmpty && !b.significant.isEmpty }
            if a.exponent != b.exponent { return a.exponent < b.exponent }
            return a.significant.lexicographicallyPrecedes(b.significant)
        }
    }
}
