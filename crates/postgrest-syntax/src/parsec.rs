//! A minimal re-implementation of the semantics of Haskell's `parsec` library (version 3.1),
//! which PostgREST's query grammar is written in.
//!
//! PostgREST reports parse failures verbatim (`PGRST100`): the *position* and the *message list*
//! ("unexpected "x" expecting ...") are part of the wire contract. They depend on parsec's exact
//! model — consumed vs. empty replies, `try`, label replacement, error merging by position and
//! the stable sort of messages — none of which a nom error type can express. So the query grammar
//! runs on this small core, which mirrors parsec's continuation semantics one combinator at a
//! time; nom is used for the simpler header grammars whose errors are never shown.
//!
//! It stays one file (over 500 lines) because its parts are one model: the error type, its
//! merging rules and every combinator that builds, merges or relabels errors must agree on
//! consumed-vs-empty replies, and each combinator is a line-by-line port of its parsec source;
//! split apart, a reader could no longer check one against the other in one place.

use std::borrow::Cow;
use std::cmp::Ordering;

use crate::haskell::{self, show_char, show_string};

/// The text of a message, rendered only when an error is shown (failing alternatives are
/// frequent; formatting them eagerly would dominate parsing time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Txt {
    /// Verbatim text.
    Lit(&'static str),
    /// Haskell `show` of a string literal (`"->"` with quotes).
    ShowStr(&'static str),
    /// Haskell `show [c]` (a one-character string, double-quoted).
    ShowSingle(char),
    /// Haskell `show c` (a character, single-quoted).
    ShowChar(char),
    /// Computed text.
    Owned(String),
}

impl Txt {
    fn render(&self) -> Cow<'_, str> {
        match self {
            Txt::Lit(s) => Cow::Borrowed(s),
            Txt::ShowStr(s) => Cow::Owned(show_string(s)),
            Txt::ShowSingle(c) => Cow::Owned(show_string(c.encode_utf8(&mut [0; 4]))),
            Txt::ShowChar(c) => Cow::Owned(show_char(*c)),
            Txt::Owned(s) => Cow::Borrowed(s),
        }
    }
}

/// A parsec `SourcePos` (the source name is rendered separately).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pos {
    pub(crate) line: u32,
    pub(crate) col: u32,
}

impl Pos {
    const START: Pos = Pos { line: 1, col: 1 };

    /// `updatePosChar`.
    fn advance(self, c: char) -> Pos {
        match c {
            '\n' => Pos {
                line: self.line + 1,
                col: 1,
            },
            '\t' => Pos {
                line: self.line,
                col: self.col + 8 - ((self.col - 1) % 8),
            },
            _ => Pos {
                line: self.line,
                col: self.col + 1,
            },
        }
    }

    fn compare(self, other: Pos) -> Ordering {
        self.line.cmp(&other.line).then(self.col.cmp(&other.col))
    }
}

/// parsec's `Message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Msg {
    SysUnExpect(Txt),
    UnExpect(Txt),
    Expect(Txt),
    Message(Txt),
}

impl Msg {
    fn rank(&self) -> u8 {
        match self {
            Msg::SysUnExpect(_) => 0,
            Msg::UnExpect(_) => 1,
            Msg::Expect(_) => 2,
            Msg::Message(_) => 3,
        }
    }

    fn text(&self) -> &Txt {
        match self {
            Msg::SysUnExpect(s) | Msg::UnExpect(s) | Msg::Expect(s) | Msg::Message(s) => s,
        }
    }
}

/// parsec's `ParseError`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PErr {
    pub(crate) pos: Pos,
    msgs: Vec<Msg>,
    /// Created while messages are not collected (see [`run`]): a meaningful error whose
    /// messages were dropped.
    quiet: bool,
}

impl PErr {
    fn unknown(pos: Pos) -> PErr {
        PErr {
            pos,
            msgs: Vec::new(),
            quiet: false,
        }
    }

    /// A new error with one message (or a quiet one when the context does not collect).
    fn new(cx: &Cx<'_>, pos: Pos, msg: Msg) -> PErr {
        if cx.collect {
            PErr {
                pos,
                msgs: vec![msg],
                quiet: false,
            }
        } else {
            PErr {
                pos,
                msgs: Vec::new(),
                quiet: true,
            }
        }
    }

    fn is_unknown(&self) -> bool {
        self.msgs.is_empty() && !self.quiet
    }

    /// `setErrorMessage (Expect msg)`.
    fn set_expect(&mut self, msg: Txt) {
        if self.quiet {
            return;
        }
        self.msgs.retain(|m| !matches!(m, Msg::Expect(_)));
        self.msgs.insert(0, Msg::Expect(msg));
    }

    /// `showErrorMessages "or" "unknown parse error" "expecting" "unexpected" "end of input"`
    /// over `errorMessages`, with newlines turned into spaces and the result stripped (what
    /// PostgREST puts in `details`).
    pub(crate) fn render(&self) -> String {
        if self.msgs.is_empty() {
            return "unknown parse error".to_owned();
        }
        let mut msgs: Vec<&Msg> = self.msgs.iter().collect();
        msgs.sort_by_key(|m| m.rank()); // stable, like Data.List.sort on parsec's Ord instance
        let rendered: Vec<(u8, Cow<'_, str>)> =
            msgs.iter().map(|m| (m.rank(), m.text().render())).collect();
        let of_rank = |r: u8| {
            rendered
                .iter()
                .filter(|(k, _)| *k == r)
                .map(|(_, t)| t.as_ref())
                .collect::<Vec<_>>()
        };
        let sys = of_rank(0);
        let unexp = of_rank(1);
        let expect = of_rank(2);
        let other = of_rank(3);

        let show_sys = if !unexp.is_empty() || sys.is_empty() {
            String::new()
        } else if sys[0].is_empty() {
            "unexpected end of input".to_owned()
        } else {
            format!("unexpected {}", sys[0])
        };
        let parts = [
            show_sys,
            show_many("unexpected", &unexp),
            show_many("expecting", &expect),
            show_many("", &other),
        ];
        let mut out = String::new();
        for p in clean(parts.iter().map(String::as_str)) {
            out.push('\n');
            out.push_str(p);
        }
        haskell::strip(&out.replace('\n', " ")).to_owned()
    }
}

/// `nub . filter (not . null)`.
fn clean<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for s in items {
        if !s.is_empty() && !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

fn show_many(pre: &str, msgs: &[&str]) -> String {
    let ms = clean(msgs.iter().copied());
    if ms.is_empty() {
        return String::new();
    }
    let body = match ms.as_slice() {
        [m] => (*m).to_owned(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
        [] => String::new(),
    };
    if pre.is_empty() {
        body
    } else {
        format!("{pre} {body}")
    }
}

/// `mergeError`.
fn merge(e1: PErr, e2: PErr) -> PErr {
    if e2.is_unknown() && !e1.is_unknown() {
        return e1;
    }
    if e1.is_unknown() && !e2.is_unknown() {
        return e2;
    }
    match e1.pos.compare(e2.pos) {
        Ordering::Equal => {
            let mut e = e1;
            e.msgs.extend(e2.msgs);
            e.quiet |= e2.quiet;
            e
        }
        Ordering::Greater => e1,
        Ordering::Less => e2,
    }
}

/// The error merge done by `>>=` when the second parser does not consume.
fn bind_merge(e1: PErr, e2: PErr) -> PErr {
    if e1.is_unknown() { e2 } else { merge(e1, e2) }
}

/// Parser state: index into the input and parsec source position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct St {
    i: usize,
    pos: Pos,
}

impl St {
    pub(crate) const START: St = St {
        i: 0,
        pos: Pos::START,
    };
}

/// Successful reply (`Ok a state err`, consumed or empty).
#[derive(Debug, Clone)]
pub(crate) struct Okay<T> {
    pub(crate) v: T,
    pub(crate) st: St,
    err: PErr,
    consumed: bool,
}

/// Failed reply (`Error err`, consumed or empty).
#[derive(Debug, Clone)]
pub(crate) struct Fail {
    pub(crate) err: PErr,
    consumed: bool,
}

pub(crate) type PR<T> = Result<Okay<T>, Fail>;

/// Parsing context: the input, the current nesting depth and a sticky fatal error (nesting
/// limit exceeded) that no `try` may turn into a recoverable failure.
pub(crate) struct Cx<'a> {
    input: &'a [char],
    depth: u32,
    max_depth: u32,
    fatal: bool,
    /// Whether error messages are recorded (they never influence control flow).
    collect: bool,
    /// Whether grammar fast paths may be taken (see [`Cx::fast_paths`]).
    fast: bool,
}

impl<'a> Cx<'a> {
    fn new(input: &'a [char], max_depth: u32, collect: bool, fast: bool) -> Self {
        Cx {
            input,
            depth: 0,
            max_depth,
            fatal: false,
            collect,
            fast,
        }
    }

    /// The input from `st` on.
    pub(crate) fn rest(&self, st: St) -> &'a [char] {
        &self.input[st.i..]
    }

    /// Whether the grammar may recognise a common, simple construct directly instead of through
    /// its combinators. Only while messages are not collected: a fast path must give the same
    /// value and state as the combinators, but not their error bookkeeping, so a failing input
    /// is always parsed again without fast paths (see [`run`]).
    pub(crate) fn fast_paths(&self) -> bool {
        self.fast && !self.collect
    }

    /// Runs `p` one nesting level deeper; past the limit fails fatally at `st`.
    pub(crate) fn nested<T>(&mut self, st: St, p: impl FnOnce(&mut Cx<'a>, St) -> PR<T>) -> PR<T> {
        if self.fatal || self.depth >= self.max_depth {
            self.fatal = true;
            let msg = format!("maximum nesting depth of {} exceeded", self.max_depth);
            return Err(Fail {
                err: PErr::new(self, st.pos, Msg::Message(Txt::Owned(msg))),
                consumed: true,
            });
        }
        self.depth += 1;
        let r = p(self, st);
        self.depth -= 1;
        r
    }
}

/// Sequencing (`>>=` / `*>` / `<*`): threads state and merges errors like parsec's bind.
pub(crate) struct Seq {
    pub(crate) st: St,
    err: PErr,
    consumed: bool,
}

impl Seq {
    pub(crate) fn new(st: St) -> Seq {
        Seq {
            st,
            err: PErr::unknown(st.pos),
            consumed: false,
        }
    }

    pub(crate) fn step<T>(&mut self, r: PR<T>) -> Result<T, Fail> {
        match r {
            Ok(o) => {
                if o.consumed {
                    self.consumed = true;
                    self.err = o.err;
                } else {
                    let prev = std::mem::replace(&mut self.err, PErr::unknown(o.st.pos));
                    self.err = bind_merge(prev, o.err);
                }
                self.st = o.st;
                Ok(o.v)
            }
            Err(f) if f.consumed => Err(f),
            Err(f) => Err(Fail {
                err: bind_merge(self.err.clone(), f.err),
                consumed: self.consumed,
            }),
        }
    }

    pub(crate) fn done<T>(self, v: T) -> PR<T> {
        Ok(Okay {
            v,
            st: self.st,
            err: self.err,
            consumed: self.consumed,
        })
    }
}

/// Maps the value of a reply.
pub(crate) fn map<T, U>(r: PR<T>, f: impl FnOnce(T) -> U) -> PR<U> {
    r.map(|o| Okay {
        v: f(o.v),
        st: o.st,
        err: o.err,
        consumed: o.consumed,
    })
}

/// `return x` / `pure x`.
pub(crate) fn pure<T>(st: St, v: T) -> PR<T> {
    Ok(Okay {
        v,
        st,
        err: PErr::unknown(st.pos),
        consumed: false,
    })
}

/// `mzero` (e.g. a failed `guard`).
pub(crate) fn zero<T>(st: St) -> PR<T> {
    Err(Fail {
        err: PErr::unknown(st.pos),
        consumed: false,
    })
}

/// `unexpected msg`.
fn unexpected<T>(cx: &Cx<'_>, st: St, msg: Txt) -> PR<T> {
    Err(Fail {
        err: PErr::new(cx, st.pos, Msg::UnExpect(msg)),
        consumed: false,
    })
}

/// `p <|> q`.
pub(crate) fn alt<'a, T>(
    cx: &mut Cx<'a>,
    st: St,
    p: impl FnOnce(&mut Cx<'a>, St) -> PR<T>,
    q: impl FnOnce(&mut Cx<'a>, St) -> PR<T>,
) -> PR<T> {
    match p(cx, st) {
        Err(f) if !f.consumed => match q(cx, st) {
            Ok(o) if !o.consumed => Ok(Okay {
                err: merge(f.err, o.err),
                ..o
            }),
            Err(g) if !g.consumed => Err(Fail {
                err: merge(f.err, g.err),
                consumed: false,
            }),
            other => other,
        },
        other => other,
    }
}

/// `try p`.
pub(crate) fn attempt<T>(cx: &Cx<'_>, r: PR<T>) -> PR<T> {
    match r {
        Err(f) if f.consumed && !cx.fatal => Err(Fail {
            err: f.err,
            consumed: false,
        }),
        other => other,
    }
}

/// `p <?> msg`.
pub(crate) fn label<T>(r: PR<T>, msg: &'static str) -> PR<T> {
    label_txt(r, Txt::Lit(msg))
}

fn label_txt<T>(r: PR<T>, msg: Txt) -> PR<T> {
    match r {
        Ok(mut o) if !o.consumed => {
            if !o.err.is_unknown() {
                o.err.set_expect(msg);
            }
            Ok(o)
        }
        Err(mut f) if !f.consumed => {
            f.err.set_expect(msg);
            Err(f)
        }
        other => other,
    }
}

/// `lookAhead p` (given `p`'s reply from `st`).
pub(crate) fn look_ahead<T>(st: St, r: PR<T>) -> PR<T> {
    r.map(|o| Okay {
        v: o.v,
        st,
        err: PErr::unknown(st.pos),
        consumed: false,
    })
}

/// `many p`.
pub(crate) fn many<'a, T>(
    cx: &mut Cx<'a>,
    st: St,
    mut p: impl FnMut(&mut Cx<'a>, St) -> PR<T>,
) -> PR<Vec<T>> {
    let mut xs = Vec::new();
    let mut cur = st;
    let mut consumed = false;
    loop {
        match p(cx, cur) {
            Ok(o) if o.consumed => {
                xs.push(o.v);
                cur = o.st;
                consumed = true;
            }
            // parsec raises an exception for a `many` over a parser accepting the empty string;
            // no production of the grammar does that, so just stop.
            Ok(o) => {
                return Ok(Okay {
                    v: xs,
                    st: cur,
                    err: o.err,
                    consumed,
                });
            }
            Err(f) if f.consumed => return Err(f),
            Err(f) => {
                return Ok(Okay {
                    v: xs,
                    st: cur,
                    err: f.err,
                    consumed,
                });
            }
        }
    }
}

/// `many1 p`.
pub(crate) fn many1<'a, T>(
    cx: &mut Cx<'a>,
    st: St,
    mut p: impl FnMut(&mut Cx<'a>, St) -> PR<T>,
) -> PR<Vec<T>> {
    let mut q = Seq::new(st);
    let x = q.step(p(cx, q.st))?;
    let mut xs = q.step(many(cx, q.st, p))?;
    xs.insert(0, x);
    q.done(xs)
}

/// `p `sepBy1` sep`.
pub(crate) fn sep_by1<'a, T, S>(
    cx: &mut Cx<'a>,
    st: St,
    mut p: impl FnMut(&mut Cx<'a>, St) -> PR<T>,
    mut sep: impl FnMut(&mut Cx<'a>, St) -> PR<S>,
) -> PR<Vec<T>> {
    let mut q = Seq::new(st);
    let x = q.step(p(cx, q.st))?;
    let mut xs = q.step(many(cx, q.st, |cx, st| {
        let mut q = Seq::new(st);
        q.step(sep(cx, q.st))?;
        let v = q.step(p(cx, q.st))?;
        q.done(v)
    }))?;
    xs.insert(0, x);
    q.done(xs)
}

/// `p `sepBy` sep`.
pub(crate) fn sep_by<'a, T, S>(
    cx: &mut Cx<'a>,
    st: St,
    p: impl FnMut(&mut Cx<'a>, St) -> PR<T>,
    sep: impl FnMut(&mut Cx<'a>, St) -> PR<S>,
) -> PR<Vec<T>> {
    alt(
        cx,
        st,
        |cx, st| sep_by1(cx, st, p, sep),
        |_, st| pure(st, Vec::new()),
    )
}

/// `many p` for a single-character parser `p` that accepts exactly the characters satisfying
/// `accepts` (consuming one) and fails without consuming otherwise. The run is scanned
/// directly; `p` is only invoked at the stopping point, to produce parsec's exact error.
pub(crate) fn many_chars<'a>(
    cx: &mut Cx<'a>,
    st: St,
    accepts: impl Fn(char) -> bool,
    p: impl FnOnce(&mut Cx<'a>, St) -> PR<char>,
) -> PR<String> {
    let mut cur = st;
    let mut out = String::new();
    while let Some(&c) = cx.input.get(cur.i) {
        if !accepts(c) {
            break;
        }
        out.push(c);
        cur = St {
            i: cur.i + 1,
            pos: cur.pos.advance(c),
        };
    }
    let consumed = cur.i > st.i;
    match p(cx, cur) {
        Err(f) if !f.consumed => Ok(Okay {
            v: out,
            st: cur,
            err: f.err,
            consumed,
        }),
        // Unreachable when `accepts` matches `p`; keep parsec's behaviour for a consumed error.
        Err(f) => Err(f),
        Ok(o) => Ok(Okay {
            v: out,
            st: cur,
            err: o.err,
            consumed,
        }),
    }
}

/// `many1 p` for a single-character parser, see [`many_chars`].
pub(crate) fn many1_chars<'a>(
    cx: &mut Cx<'a>,
    st: St,
    accepts: impl Fn(char) -> bool,
    p: impl FnOnce(&mut Cx<'a>, St) -> PR<char>,
) -> PR<String> {
    match many_chars(cx, st, accepts, p) {
        Ok(o) if !o.consumed => Err(Fail {
            err: o.err,
            consumed: false,
        }),
        other => other,
    }
}

/// `optionMaybe p`.
pub(crate) fn option_maybe<'a, T>(
    cx: &mut Cx<'a>,
    st: St,
    p: impl FnOnce(&mut Cx<'a>, St) -> PR<T>,
) -> PR<Option<T>> {
    alt(
        cx,
        st,
        |cx, st| map(p(cx, st), Some),
        |_, st| pure(st, None),
    )
}

/// `option x p`.
pub(crate) fn option<'a, T>(
    cx: &mut Cx<'a>,
    st: St,
    x: T,
    p: impl FnOnce(&mut Cx<'a>, St) -> PR<T>,
) -> PR<T> {
    alt(cx, st, p, |_, st| pure(st, x))
}

/// `tokenPrim` over characters; `advance` says whether the position moves (it does not for
/// `anyToken`).
fn token(
    cx: &Cx<'_>,
    st: St,
    show: fn(char) -> Txt,
    advance: bool,
    pred: impl Fn(char) -> bool,
) -> PR<char> {
    match cx.input.get(st.i) {
        None => Err(Fail {
            err: PErr::new(cx, st.pos, Msg::SysUnExpect(Txt::Lit(""))),
            consumed: false,
        }),
        Some(&c) if pred(c) => {
            let pos = if advance { st.pos.advance(c) } else { st.pos };
            Ok(Okay {
                v: c,
                st: St { i: st.i + 1, pos },
                err: PErr::unknown(pos),
                consumed: true,
            })
        }
        Some(&c) => Err(Fail {
            err: PErr::new(cx, st.pos, Msg::SysUnExpect(show(c))),
            consumed: false,
        }),
    }
}

fn show_single(c: char) -> Txt {
    Txt::ShowSingle(c)
}

/// `satisfy`.
pub(crate) fn satisfy(cx: &Cx<'_>, st: St, pred: impl Fn(char) -> bool) -> PR<char> {
    token(cx, st, show_single, true, pred)
}

/// `char c`.
pub(crate) fn chr(cx: &Cx<'_>, st: St, c: char) -> PR<char> {
    label_txt(satisfy(cx, st, |x| x == c), Txt::ShowSingle(c))
}

/// `oneOf cs`.
pub(crate) fn one_of(cx: &Cx<'_>, st: St, cs: &str) -> PR<char> {
    satisfy(cx, st, |c| cs.contains(c))
}

/// `noneOf cs`.
pub(crate) fn none_of(cx: &Cx<'_>, st: St, cs: &str) -> PR<char> {
    satisfy(cx, st, |c| !cs.contains(c))
}

/// `anyChar`.
pub(crate) fn any_char(cx: &Cx<'_>, st: St) -> PR<char> {
    satisfy(cx, st, |_| true)
}

/// `letter`.
pub(crate) fn letter(cx: &Cx<'_>, st: St) -> PR<char> {
    label(satisfy(cx, st, haskell::is_alpha), "letter")
}

/// `digit`.
pub(crate) fn digit(cx: &Cx<'_>, st: St) -> PR<char> {
    label(satisfy(cx, st, haskell::is_digit), "digit")
}

/// `string s` (parsec's `tokens`: a mismatch after the first character is a *consumed* error
/// reported at the start position).
pub(crate) fn string(cx: &Cx<'_>, st: St, s: &'static str) -> PR<String> {
    let mut i = st.i;
    let mut pos = st.pos;
    for (n, want) in s.chars().enumerate() {
        let consumed = n > 0;
        match cx.input.get(i) {
            None => {
                let mut err = PErr::new(cx, st.pos, Msg::SysUnExpect(Txt::Lit("")));
                err.set_expect(Txt::ShowStr(s));
                return Err(Fail { err, consumed });
            }
            Some(&c) if c == want => {
                i += 1;
                pos = pos.advance(c);
            }
            Some(&c) => {
                let mut err = PErr::new(cx, st.pos, Msg::SysUnExpect(Txt::ShowSingle(c)));
                err.set_expect(Txt::ShowStr(s));
                return Err(Fail { err, consumed });
            }
        }
    }
    if s.is_empty() {
        return pure(st, String::new());
    }
    Ok(Okay {
        v: s.to_owned(),
        st: St { i, pos },
        err: PErr::unknown(pos),
        consumed: true,
    })
}

/// `notFollowedBy p` for a character parser (the offending character is shown with `show`).
pub(crate) fn not_followed_by<'a>(
    cx: &mut Cx<'a>,
    st: St,
    p: impl FnOnce(&mut Cx<'a>, St) -> PR<char>,
) -> PR<()> {
    let inner = |cx: &mut Cx<'a>, st: St| -> PR<()> {
        let r = p(cx, st);
        let r = attempt(cx, r);
        let mut q = Seq::new(st);
        let c = q.step(r)?;
        q.step(unexpected::<()>(cx, q.st, Txt::ShowChar(c)))?;
        q.done(())
    };
    let r = alt(cx, st, inner, |_, st| pure(st, ()));
    attempt(cx, r)
}

/// `eof`.
pub(crate) fn eof(cx: &mut Cx<'_>, st: St) -> PR<()> {
    let r = not_followed_by(cx, st, |cx, st| {
        token(cx, st, Txt::ShowChar, false, |_| true)
    });
    label(r, "end of input")
}

/// The parsec error of a failed run: `(message, details)` as PostgREST renders them, for a
/// parser run with source name `name`.
pub(crate) fn render_failure(name: &str, err: &PErr) -> (String, String) {
    let message = format!(
        "\"{}\" (line {}, column {})",
        name, err.pos.line, err.pos.col
    );
    (message, err.render())
}

/// A consumed success over the `len` characters at `st`, for a grammar fast path (see
/// [`Cx::fast_paths`]).
pub(crate) fn scanned<T>(cx: &Cx<'_>, st: St, len: usize, v: T) -> PR<T> {
    let end = st.i + len;
    let pos = cx.input[st.i..end]
        .iter()
        .fold(st.pos, |pos, &c| pos.advance(c));
    Ok(Okay {
        v,
        st: St { i: end, pos },
        err: PErr::unknown(pos),
        consumed: len > 0,
    })
}

/// Runs a parser over a whole input (`P.parse p name input`; no implicit `eof`).
///
/// Control flow never depends on error messages, so the parser first runs without recording
/// them (and with the grammar's fast paths); only a failing input is parsed a second time to
/// build parsec's exact error.
pub(crate) fn run<T>(
    input: &str,
    max_depth: u32,
    p: impl Fn(&mut Cx<'_>, St) -> PR<T>,
) -> Result<T, PErr> {
    run_with(input, max_depth, true, p)
}

/// [`run`], with the grammar's fast paths on or off (tests compare the two).
pub(crate) fn run_with<T>(
    input: &str,
    max_depth: u32,
    fast: bool,
    p: impl Fn(&mut Cx<'_>, St) -> PR<T>,
) -> Result<T, PErr> {
    let chars: Vec<char> = input.chars().collect();
    if let Ok(o) = p(&mut Cx::new(&chars, max_depth, false, fast), St::START) {
        return Ok(o.v);
    }
    match p(&mut Cx::new(&chars, max_depth, true, false), St::START) {
        Ok(o) => Ok(o.v),
        Err(f) => Err(f.err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_err<T: std::fmt::Debug>(input: &str, p: impl Fn(&mut Cx<'_>, St) -> PR<T>) -> String {
        let e = run(input, 32, p).unwrap_err();
        format!("({},{}) {}", e.pos.line, e.pos.col, e.render())
    }

    #[test]
    fn string_mismatch_reports_start_position() {
        assert_eq!(
            run_err("nox", |cx, st| string(cx, st, "not")),
            "(1,1) unexpected \"x\" expecting \"not\""
        );
        assert_eq!(
            run_err("", |cx, st| string(cx, st, "not")),
            "(1,1) unexpected end of input expecting \"not\""
        );
    }

    #[test]
    fn eof_reports_unexpected_char() {
        assert_eq!(
            run_err("x", eof),
            "(1,1) unexpected 'x' expecting end of input"
        );
    }

    #[test]
    fn tabs_advance_to_next_tab_stop() {
        let got = run_err("\tx", |cx, st| {
            let mut q = Seq::new(st);
            q.step(many1(cx, q.st, |cx, st| chr(cx, st, '\t')))?;
            q.step(chr(cx, q.st, 'y'))?;
            q.done(())
        });
        assert_eq!(got, "(1,9) unexpected \"x\" expecting \"\\t\" or \"y\"");
    }
}
