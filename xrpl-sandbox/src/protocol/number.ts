/**
 * Decimal floating point with rippled's `Number`/`STAmount` shape: a 16-digit mantissa and a
 * base-10 exponent, with an explicit rounding mode per operation (rippled sets the mode with
 * NumberRoundModeGuard; here it is an argument).
 */
export type RoundingMode = 'nearest' | 'towardZero' | 'downward' | 'upward';

const DIGITS = 16;
const MIN_MANTISSA = 10n ** 15n;
const MAX_MANTISSA = 10n ** 16n - 1n;
/** Beyond this exponent gap the smaller addend only influences rounding. */
const MAX_ALIGN = 40;

const pow10Cache: bigint[] = [];
function pow10(n: number): bigint {
  let cached = pow10Cache[n];
  if (cached === undefined) {
    cached = 10n ** BigInt(n);
    pow10Cache[n] = cached;
  }
  return cached;
}

function digitCount(value: bigint): number {
  return value.toString().length;
}

function isqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = BigInt(Math.floor(Math.sqrt(Number(value))));
  if (x === 0n) x = 1n;
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) {
      if (x * x > value) {
        x -= 1n;
        continue;
      }
      if ((x + 1n) * (x + 1n) <= value) {
        x += 1n;
        continue;
      }
      return x;
    }
    x = y;
  }
}

function shouldRoundUp(quotient: bigint, remainder: bigint, divisor: bigint, sticky: boolean, mode: RoundingMode, negative: boolean): boolean {
  if (remainder === 0n && !sticky) return false;
  switch (mode) {
    case 'towardZero':
      return false;
    case 'upward':
      return !negative;
    case 'downward':
      return negative;
    case 'nearest': {
      const twice = remainder * 2n;
      if (twice > divisor) return true;
      if (twice < divisor) return false;
      return sticky || quotient % 2n === 1n;
    }
  }
}

export class Num {
  static readonly zero = new Num(0n, 0);
  static readonly one = Num.fromBigInt(1n);

  private constructor(
    /** Signed; |mantissa| is in [1e15, 1e16) unless the value is zero. */
    readonly mantissa: bigint,
    readonly exponent: number,
  ) {}

  /** Rounds mantissa * 10^exponent (plus a sticky "something was cut off" bit) to 16 digits. */
  static normalize(mantissa: bigint, exponent: number, mode: RoundingMode = 'nearest', sticky = false): Num {
    if (mantissa === 0n) return Num.zero;
    const negative = mantissa < 0n;
    let magnitude = negative ? -mantissa : mantissa;
    let exp = exponent;
    const digits = digitCount(magnitude);
    if (digits > DIGITS) {
      const drop = digits - DIGITS;
      const divisor = pow10(drop);
      let quotient = magnitude / divisor;
      const remainder = magnitude % divisor;
      if (shouldRoundUp(quotient, remainder, divisor, sticky, mode, negative)) quotient += 1n;
      exp += drop;
      if (quotient > MAX_MANTISSA) {
        quotient /= 10n;
        exp += 1;
      }
      magnitude = quotient;
    } else if (digits < DIGITS) {
      const shift = DIGITS - digits;
      magnitude *= pow10(shift);
      exp -= shift;
      if (sticky && (mode === 'upward' ? !negative : mode === 'downward' ? negative : false)) magnitude += 1n;
    } else if (sticky && (mode === 'upward' ? !negative : mode === 'downward' ? negative : false)) {
      magnitude += 1n;
      if (magnitude > MAX_MANTISSA) {
        magnitude /= 10n;
        exp += 1;
      }
    }
    return new Num(negative ? -magnitude : magnitude, exp);
  }

  static fromBigInt(value: bigint, mode: RoundingMode = 'nearest'): Num {
    return Num.normalize(value, 0, mode);
  }

  static fromNumber(value: number): Num {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    if (Number.isInteger(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER) return Num.fromBigInt(BigInt(value));
    const parsed = Num.parse(value.toExponential(17));
    if (parsed === undefined) throw new RangeError(`Cannot represent ${value}`);
    return parsed;
  }

  /** Parses "123", "-1.5", "1e-3", "1234567890123456e5". Returns undefined for malformed text. */
  static parse(text: string, mode: RoundingMode = 'nearest'): Num | undefined {
    const match = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
    if (!match) return undefined;
    const [, sign, intPart = '', fracPart = '', expPart] = match;
    if (intPart === '' && fracPart === '') return undefined;
    const digits = (intPart + fracPart).replace(/^0+/, '');
    if (digits === '') return Num.zero;
    const exponent = (expPart === undefined ? 0 : Number(expPart)) - fracPart.length;
    const mantissa = BigInt(digits);
    return Num.normalize(sign === '-' ? -mantissa : mantissa, exponent, mode);
  }

  isZero(): boolean {
    return this.mantissa === 0n;
  }

  signum(): -1 | 0 | 1 {
    return this.mantissa === 0n ? 0 : this.mantissa < 0n ? -1 : 1;
  }

  negate(): Num {
    return this.mantissa === 0n ? this : new Num(-this.mantissa, this.exponent);
  }

  abs(): Num {
    return this.mantissa < 0n ? this.negate() : this;
  }

  add(other: Num, mode: RoundingMode = 'nearest'): Num {
    if (other.isZero()) return this;
    if (this.isZero()) return other;
    const [big, small] = this.exponent >= other.exponent ? [this, other] : [other, this];
    const gap = big.exponent - small.exponent;
    if (gap > MAX_ALIGN) {
      // The small addend is far below the last digit: keep only its sign for rounding.
      const scaled = big.mantissa * pow10(3);
      const nudge = small.mantissa < 0n ? -1n : 1n;
      return Num.normalize(scaled * 10n + nudge, big.exponent - 4, mode);
    }
    const sum = big.mantissa * pow10(gap) + small.mantissa;
    return Num.normalize(sum, small.exponent, mode);
  }

  sub(other: Num, mode: RoundingMode = 'nearest'): Num {
    return this.add(other.negate(), mode);
  }

  mul(other: Num, mode: RoundingMode = 'nearest'): Num {
    if (this.isZero() || other.isZero()) return Num.zero;
    return Num.normalize(this.mantissa * other.mantissa, this.exponent + other.exponent, mode);
  }

  div(other: Num, mode: RoundingMode = 'nearest'): Num {
    if (other.isZero()) throw new RangeError('Division by zero');
    if (this.isZero()) return Num.zero;
    const scale = 20;
    const numerator = this.mantissa * pow10(scale);
    const quotient = numerator / other.mantissa;
    const sticky = numerator % other.mantissa !== 0n;
    return Num.normalize(quotient, this.exponent - scale - other.exponent, mode, sticky);
  }

  sqrt(mode: RoundingMode = 'nearest'): Num {
    if (this.mantissa < 0n) throw new RangeError('Square root of a negative number');
    if (this.isZero()) return Num.zero;
    // Scale to an even exponent with at least 36 digits so the root has 18.
    let shift = 20;
    if ((this.exponent - shift) % 2 !== 0) shift += 1;
    const scaled = this.mantissa * pow10(shift);
    const root = isqrt(scaled);
    return Num.normalize(root, (this.exponent - shift) / 2, mode, root * root !== scaled);
  }

  compare(other: Num): -1 | 0 | 1 {
    const a = this.signum();
    const b = other.signum();
    if (a !== b) return a < b ? -1 : 1;
    if (a === 0) return 0;
    let magnitude: -1 | 0 | 1;
    if (this.exponent !== other.exponent) magnitude = this.exponent > other.exponent ? 1 : -1;
    else {
      const x = this.mantissa < 0n ? -this.mantissa : this.mantissa;
      const y = other.mantissa < 0n ? -other.mantissa : other.mantissa;
      magnitude = x === y ? 0 : x > y ? 1 : -1;
    }
    return a > 0 ? magnitude : (-magnitude as -1 | 0 | 1);
  }

  lt(other: Num): boolean {
    return this.compare(other) < 0;
  }
  lte(other: Num): boolean {
    return this.compare(other) <= 0;
  }
  gt(other: Num): boolean {
    return this.compare(other) > 0;
  }
  gte(other: Num): boolean {
    return this.compare(other) >= 0;
  }
  eq(other: Num): boolean {
    return this.compare(other) === 0;
  }

  static min(a: Num, b: Num): Num {
    return a.lte(b) ? a : b;
  }
  static max(a: Num, b: Num): Num {
    return a.gte(b) ? a : b;
  }

  /** Converts to an integer (e.g. XRP drops) with the given rounding. */
  toBigInt(mode: RoundingMode = 'nearest'): bigint {
    if (this.isZero()) return 0n;
    if (this.exponent >= 0) return this.mantissa * pow10(this.exponent);
    const divisor = pow10(-this.exponent);
    const negative = this.mantissa < 0n;
    const magnitude = negative ? -this.mantissa : this.mantissa;
    let quotient = magnitude / divisor;
    if (shouldRoundUp(quotient, magnitude % divisor, divisor, false, mode, negative)) quotient += 1n;
    return negative ? -quotient : quotient;
  }

  toNumber(): number {
    return Number(this.toText());
  }

  /** STAmount::getText for issued currencies. */
  toText(): string {
    if (this.isZero()) return '0';
    const negative = this.mantissa < 0n;
    const raw = (negative ? -this.mantissa : this.mantissa).toString();
    const sign = negative ? '-' : '';
    const offset = this.exponent;
    if (offset !== 0 && (offset < -25 || offset > -5)) return `${sign}${raw}e${offset}`;
    const padded = '0'.repeat(27) + raw + '0'.repeat(23);
    const split = offset + 43;
    const integer = padded.slice(0, split).replace(/^0+/, '');
    const fraction = padded.slice(split).replace(/0+$/, '');
    return sign + (integer === '' ? '0' : integer) + (fraction === '' ? '' : `.${fraction}`);
  }

  toString(): string {
    return this.toText();
  }
}

export { MIN_MANTISSA, MAX_MANTISSA };
