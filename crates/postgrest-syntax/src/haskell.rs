//! Small re-implementations of the Haskell `base` behaviours that leak into PostgREST's observable
//! output: `show` for characters and strings (used in parse-error texts), `Data.Char.isSpace` /
//! `isAlpha`, and `Text.Read.readMaybe` / `reads` for numbers (used for `limit`, `offset`,
//! `max-affected` and Accept `q` values).

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag_no_case, take_while, take_while1},
    character::complete::char as nchar,
    combinator::{opt, recognize},
    sequence::{pair, preceded},
};

/// `Data.Char.isSpace`: Latin-1 spaces plus the Unicode `Zs` category (not `Zl`/`Zp`/NEL).
pub(crate) fn is_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

/// `Data.Char.isAlpha` (general category `L*`). Approximated as Unicode `Alphabetic` minus
/// numerics; it differs from GHC only for combining marks carrying `Other_Alphabetic`.
pub(crate) fn is_alpha(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphabetic()
    } else {
        c.is_alphabetic() && !c.is_numeric()
    }
}

/// `Data.Char.isDigit`: ASCII digits only.
pub(crate) fn is_digit(c: char) -> bool {
    c.is_ascii_digit()
}

/// `Data.Text.strip`.
pub(crate) fn strip(s: &str) -> &str {
    s.trim_matches(is_space)
}

const ASCII_TAB: [&str; 33] = [
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR",
    "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC",
    "FS", "GS", "RS", "US", "SP",
];

/// `showLitChar c` followed by the text `next` starts with (for `protectEsc`).
fn show_lit_char(out: &mut String, c: char, next: Option<char>) {
    let code = c as u32;
    if code > 0x7f {
        out.push('\\');
        out.push_str(&code.to_string());
        if next.is_some_and(|n| n.is_ascii_digit()) {
            out.push_str("\\&");
        }
    } else if code == 0x7f {
        out.push_str("\\DEL");
    } else if c == '\\' {
        out.push_str("\\\\");
    } else if c >= ' ' {
        out.push(c);
    } else {
        match c {
            '\u{07}' => out.push_str("\\a"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0C}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{0B}' => out.push_str("\\v"),
            '\u{0E}' => {
                out.push_str("\\SO");
                if next == Some('H') {
                    out.push_str("\\&");
                }
            }
            _ => {
                out.push('\\');
                out.push_str(ASCII_TAB[code as usize]);
            }
        }
    }
}

/// Haskell `show :: Char -> String`, e.g. `'x'`, `'\''`, `'\233'`.
pub(crate) fn show_char(c: char) -> String {
    if c == '\'' {
        return "'\\''".to_owned();
    }
    let mut out = String::from("'");
    show_lit_char(&mut out, c, Some('\''));
    out.push('\'');
    out
}

/// Haskell `show :: String -> String`, e.g. `"->"`, `"\""`.
pub(crate) fn show_string(s: &str) -> String {
    let mut out = String::from("\"");
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == '"' {
            out.push_str("\\\"");
        } else {
            show_lit_char(&mut out, c, Some(chars.get(i + 1).copied().unwrap_or('"')));
        }
    }
    out.push('"');
    out
}

/// A Haskell numeric lexeme: `0x..`, `0o..` or decimal digits with an optional fraction and
/// exponent.
#[derive(Debug, Clone, PartialEq)]
enum NumLexeme<'a> {
    Based {
        radix: u32,
        digits: &'a str,
    },
    Decimal {
        int: &'a str,
        frac: Option<&'a str>,
        exp: Option<i64>,
    },
}

fn lex_based(input: &str) -> IResult<&str, NumLexeme<'_>> {
    let (rest, _) = nchar('0')(input)?;
    let (rest, radix_tag) = alt((tag_no_case("x"), tag_no_case("o"))).parse(rest)?;
    let radix = if radix_tag.eq_ignore_ascii_case("x") {
        16
    } else {
        8
    };
    let (rest, digits) = take_while1(|c: char| c.is_digit(radix))(rest)?;
    Ok((rest, NumLexeme::Based { radix, digits }))
}

fn lex_decimal(input: &str) -> IResult<&str, NumLexeme<'_>> {
    let digits = |i| take_while1(|c: char| c.is_ascii_digit())(i);
    let (rest, int) = digits(input)?;
    let (rest, frac) = opt(preceded(nchar('.'), digits)).parse(rest)?;
    let (rest, exp) = opt(preceded(
        alt((nchar('e'), nchar('E'))),
        recognize(pair(opt(alt((nchar('+'), nchar('-')))), digits)),
    ))
    .parse(rest)?;
    let exp = exp.map(|e| e.parse::<i64>().unwrap_or(i64::MAX));
    Ok((rest, NumLexeme::Decimal { int, frac, exp }))
}

fn lex_number(input: &str) -> IResult<&str, NumLexeme<'_>> {
    alt((lex_based, lex_decimal)).parse(input)
}

fn skip_spaces(input: &str) -> &str {
    input.trim_start_matches(is_space)
}

/// The radix and digits of an integral lexeme (fractions/exponents are not integers).
fn integral_digits<'a>(lex: &NumLexeme<'a>) -> Option<(u32, &'a str)> {
    match lex {
        NumLexeme::Based { radix, digits } => Some((*radix, *digits)),
        NumLexeme::Decimal {
            int,
            frac: None,
            exp: None,
        } => Some((10, *int)),
        NumLexeme::Decimal { .. } => None,
    }
}

/// Value of an integral lexeme, as `numberToInteger`.
fn lexeme_to_i128(lex: &NumLexeme<'_>) -> Option<i128> {
    let (radix, digits) = integral_digits(lex)?;
    let mut acc: i128 = 0;
    for c in digits.chars() {
        let d = i128::from(c.to_digit(radix)?);
        acc = acc.checked_mul(i128::from(radix))?.checked_add(d)?;
    }
    Some(acc)
}

/// Parses `readNumber`'s shape: optional parentheses around an optionally negated lexeme.
/// Returns the rest of the input after the number (and its closing parentheses).
fn read_number<'a, T>(
    input: &'a str,
    convert: &dyn Fn(&NumLexeme<'a>) -> Option<T>,
    negate: &dyn Fn(T) -> T,
) -> Option<(T, &'a str)> {
    let s = skip_spaces(input);
    if let Some(inner) = s.strip_prefix('(') {
        let (v, rest) = read_number(inner, convert, negate)?;
        let rest = skip_spaces(rest).strip_prefix(')')?;
        return Some((v, rest));
    }
    let (s, negative) = match s.strip_prefix('-') {
        // A lone "-" is a symbol lexeme only when not followed by other symbol characters.
        Some(r) if !r.starts_with(|c: char| "!#$%&*+./<=>?@\\^|-~:".contains(c)) => {
            (skip_spaces(r), true)
        }
        _ => (s, false),
    };
    let (rest, lex) = lex_number(s).ok()?;
    let v = convert(&lex)?;
    Some((if negative { negate(v) } else { v }, rest))
}

/// [`read_number`] when nothing but spaces follows the number (`readMaybe`).
fn read_whole_number<'a, T>(
    input: &'a str,
    convert: &dyn Fn(&NumLexeme<'a>) -> Option<T>,
    negate: &dyn Fn(T) -> T,
) -> Option<T> {
    let (v, rest) = read_number(input, convert, negate)?;
    skip_spaces(rest).is_empty().then_some(v)
}

/// `readMaybe :: String -> Maybe Integer`, limited to the `i128` range (larger values are treated
/// as unparseable).
pub(crate) fn read_integer(input: &str) -> Option<i128> {
    read_whole_number(input, &lexeme_to_i128, &|v: i128| -v)
}

/// `readMaybe :: String -> Maybe Int64` (values wrap modulo 2^64 like `fromInteger`).
pub(crate) fn read_int64(input: &str) -> Option<i64> {
    let wrap = |lex: &NumLexeme<'_>| -> Option<i64> {
        let (radix, digits) = integral_digits(lex)?;
        let mut acc: u64 = 0;
        for c in digits.chars() {
            acc = acc
                .wrapping_mul(u64::from(radix))
                .wrapping_add(u64::from(c.to_digit(radix)?));
        }
        Some(acc as i64)
    };
    read_whole_number(input, &wrap, &|v: i64| v.wrapping_neg())
}

/// `reads :: ReadS Double`, first result only (trailing input allowed), as used by wai-extra's
/// `parseHttpAccept` for `q` values.
pub(crate) fn reads_double(input: &str) -> Option<f64> {
    let to_f64 = |lex: &NumLexeme<'_>| -> Option<f64> {
        match lex {
            NumLexeme::Based { .. } => lexeme_to_i128(lex).map(|v| v as f64),
            NumLexeme::Decimal { int, frac, exp } => {
                let mut text = (*int).to_owned();
                if let Some(f) = frac {
                    text.push('.');
                    text.push_str(f);
                }
                if let Some(e) = exp {
                    text.push('e');
                    text.push_str(&e.to_string());
                }
                text.parse::<f64>().ok()
            }
        }
    };
    let s = skip_spaces(input);
    let ident: IResult<&str, &str> =
        take_while(|c: char| c.is_alphanumeric() || c == '_' || c == '\'')(s);
    if let Ok((_, word)) = ident {
        match word {
            "NaN" => return Some(f64::NAN),
            "Infinity" => return Some(f64::INFINITY),
            _ => {}
        }
    }
    if let Some(r) = s.strip_prefix('-') {
        let r = skip_spaces(r);
        if r.starts_with("Infinity") {
            return Some(f64::NEG_INFINITY);
        }
        if r.starts_with("NaN") {
            return Some(f64::NAN);
        }
    }
    read_number(input, &to_f64, &|v: f64| -v).map(|(v, _)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_like_haskell() {
        for (c, shown) in [
            ('x', "'x'"),
            ('\'', "'\\''"),
            ('"', "'\"'"),
            ('é', "'\\233'"),
            ('\n', "'\\n'"),
            ('\u{1}', "'\\SOH'"),
        ] {
            assert_eq!(show_char(c), shown, "show_char({c:?})");
        }
        for (text, shown) in [
            ("->>", "\"->>\""),
            ("\"", "\"\\\"\""),
            ("\\", "\"\\\\\""),
            ("é1", "\"\\233\\&1\""),
            ("\u{E}H", "\"\\SO\\&H\""),
            ("\u{7f}", "\"\\DEL\""),
        ] {
            assert_eq!(show_string(text), shown, "show_string({text:?})");
        }
    }

    #[test]
    fn reads_integers_like_haskell() {
        assert_eq!(read_integer("10"), Some(10));
        assert_eq!(read_integer(" 10 "), Some(10));
        assert_eq!(read_integer("-4"), Some(-4));
        assert_eq!(read_integer("- 4"), Some(-4));
        assert_eq!(read_integer("(5)"), Some(5));
        assert_eq!(read_integer("(-5)"), Some(-5));
        assert_eq!(read_integer("0x10"), Some(16));
        assert_eq!(read_integer("0o10"), Some(8));
        assert_eq!(read_integer("007"), Some(7));
        assert_eq!(read_integer("+4"), None);
        assert_eq!(read_integer("1.0"), None);
        assert_eq!(read_integer("1e3"), None);
        assert_eq!(read_integer("5abc"), None);
        assert_eq!(read_integer(""), None);
        assert_eq!(read_integer("abc"), None);
        assert_eq!(read_integer("--4"), None);
        assert_eq!(read_int64("18446744073709551617"), Some(1));
        assert_eq!(read_int64("-1"), Some(-1));
    }

    #[test]
    fn reads_doubles_like_haskell() {
        assert_eq!(reads_double("0.5"), Some(0.5));
        assert_eq!(reads_double("1"), Some(1.0));
        assert_eq!(reads_double("0.8xyz"), Some(0.8));
        assert_eq!(reads_double(".5"), None);
        assert_eq!(reads_double("abc"), None);
        assert_eq!(reads_double("1e-1"), Some(0.1));
    }
}
