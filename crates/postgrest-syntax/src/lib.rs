//! # PostgREST query syntax
//!
//! A pure parser for the request syntax of PostgREST v14 (as spoken by `@supabase/postgrest-js`):
//! the URL query string (`select`, filters, `and`/`or` trees, `order`, `limit`/`offset`,
//! `columns`, `on_conflict`) and the request headers `Prefer`, `Accept`, `Content-Type`,
//! `Range` and `Accept-Profile`/`Content-Profile`. No I/O, no database: strings in, a typed
//! AST (or PostgREST's exact error) out.
//!
//! ```
//! use cb_postgrest_syntax::{parse_query, Operation, QuantOperator};
//!
//! let q = parse_query("select=username,messages(id)&status=eq.ONLINE&order=username.asc&limit=2").unwrap();
//! assert_eq!(q.select.len(), 2);
//! assert!(matches!(q.filters[0].filter.operation, Operation::Quant { op: QuantOperator::Equal, .. }));
//!
//! let err = parse_query("id=noop.0").unwrap_err();
//! assert_eq!(err.code(), "PGRST100");
//! assert_eq!(err.message(), "\"failed to parse filter (noop.0)\" (line 1, column 1)");
//! assert_eq!(err.details(), Some("unexpected \"o\" expecting \"not\" or operator (eq, gt, ...)"));
//! ```
//!
//! ## Fidelity
//!
//! PostgREST's grammar is written with Haskell's `parsec`, and its parse errors (`PGRST100`)
//! expose parsec's position and expectation list verbatim. The grammar here runs on a small
//! re-implementation of parsec's semantics (consumed/empty replies, `try`, labels, error
//! merging), so that both *what parses* (including PostgREST's quirks, e.g. trailing input
//! after a complete `select` or `in.(…)` list is ignored) and *the error texts* match.
//! Positions count Unicode scalar values; a tab advances to the next multiple-of-8 column, a
//! newline starts line 2, exactly like parsec.
//!
//! ## Query string
//!
//! Splitting (`http-types`' `parseQueryReplacePlus True`): one leading `?` is dropped; pairs
//! are separated by `&` **or `;`**; a pair splits at its first `=` (no `=`: the key has no
//! value and is ignored except by `select`/`columns`/`on_conflict` look-ups and the canonical
//! string); keys and values are percent-decoded (invalid escapes stay literal), `+` becomes a
//! space, and the bytes are read as UTF-8 (invalid sequences become U+FFFD, where PostgREST
//! would fail). The key `apikey` (consumed by the API gateway) is dropped entirely.
//!
//! Classification (`last(key)` = text after the key's last `.`):
//!
//! * `select`, `columns`, `on_conflict` — whole-key matches; the **first** occurrence is used.
//! * `last(key)` ∈ {`order`, `limit`, `offset`, `and`, `or`} — structural, the rest of the key is
//!   the embed path (`actors.order`, `not.or`, `rel.not.and`). For `limit`/`offset` the **last**
//!   occurrence of a key wins; non-integer values are ignored (Haskell `read :: Integer`).
//! * everything else — a filter `embed.path.column[jsonpath]=[not.]op.value`; for RPC reads
//!   ([`QueryOptions::rpc_read`]) a value that is not an operator expression is a function
//!   argument instead.
//!
//! ## Grammar (EBNF)
//!
//! Terminals are in double quotes; `{ x }` is zero or more, `[ x ]` optional, `(* *)` comments.
//! Productions are *ordered choices with parsec semantics*: an alternative that fails after
//! consuming input is final unless marked `try`. No production requires end of input unless
//! it says `EOF`; unparsed trailing input is silently ignored (as in PostgREST).
//!
//! ```text
//! (* ---- lexical ---- *)
//! ws            = { " " | "\t" } ;
//! quoted        = '"' , { char - ( '"' | "\" ) | "\" , any-char } , '"' ;   (* \x escapes x *)
//! ident-char    = letter | digit | "_" | " " | "$" ;                      (* letter: Unicode *)
//! identifier    = ident-char , { ident-char } ;                           (* then trimmed *)
//! dash          = "-" (* not followed by ">" *) ;
//! field-name    = quoted | identifier , { dash , identifier } ;
//! delimiter     = "." ;
//!
//! (* ---- JSON paths ---- *)
//! json-path     = { ( "->>" | "->" ) , json-operand } ;
//! json-operand  = try json-index | try json-key ;
//! json-index    = [ "-" ] , digit , { digit } ,
//!                 (* followed by *) ( "->" | "::" | "." | "," | EOF ) ;    (* kept as "+N"/"-N" *)
//! json-key      = quoted | key-ident , { dash , key-ident } ;
//! key-ident     = ( char - ( "(" | "-" | ":" | "." | "," | ">" | ")" ) ) , { … } ;  (* trimmed *)
//! field         = ws , field-name , [ json-path ] , ws ;
//!
//! (* ---- select= ---- *)
//! select        = [ item , { ws , "," , ws , item } ] ;                   (* "" selects nothing *)
//! item          = try spread , "(" , select , ")"
//!               | try relation , "(" , select , ")"
//!               | field-item ;
//! spread        = ws , "..." , field-name , embed-opts , ws ;              (* then "(" ahead *)
//! relation      = ws , [ try ( field-name , alias-sep ) ] , field-name , embed-opts , ws ;
//!                                                  (* name must not be "count"; "(" ahead *)
//! embed-opts    = [ embed-opt ] , [ embed-opt ] ;           (* first hint / join type wins *)
//! embed-opt     = "!" , ( try "left" | try "inner" | try field-name (* hint *) ) ;
//! alias-sep     = ":" (* not followed by ":" *) ;
//! field-item    = ws , ( try ( "*" , item-end )
//!                      | try ( [ alias ] , "count()" , [ cast ] , item-end )
//!                      | [ alias ] , field , [ cast ] ,
//!                        [ try ( "." , aggregate , "()" ) ] , [ cast ] , item-end ) , ws ;
//! alias         = try ( field-name , alias-sep ) ;
//! cast          = "::" , identifier ;
//! aggregate     = "sum" | "avg" | "count" | try "max" | try "min" ;
//! item-end      = (* followed by *) ( ")" | "," | EOF ) ;
//!
//! (* ---- filters: key = tree-path, value = op-expr ---- *)
//! tree-path     = field-name , { delimiter , field-name } , [ json-path ] ;
//!                                       (* last name = column, the others = embed path *)
//! op-expr       = [ try ( "not" , delimiter ) ] , operation ;
//! operation     = "in" , delimiter , list                    (* after try ( "in" "." ) *)
//!               | "is" , delimiter , is-value                (* after try ( "is" "." ) *)
//!               | "isdistinct" , delimiter , value
//!               | try ( fts-op , [ try ( "(" , identifier , ")" ) ] , delimiter , value )
//!               | try ( simple-op , delimiter , value )
//!               | try ( quant-op , [ try ( "(" , ( try "any" | "all" ) , ")" ) ] , delimiter , value ) ;
//! simple-op     = "neq" | "cs" | "cd" | "ov" | "sl" | "sr" | "nxr" | "nxl" | "adj" ;
//! quant-op      = "eq" | "gte" | "gt" | "lte" | "lt" | "like" | "ilike" | "match" | "imatch" ;
//! fts-op        = "fts" | "plfts" | "phfts" | "wfts" ;
//! is-value      = "null" | "not_null" | "true" | "false" | "unknown" ;   (* each char: lower or upper case *)
//! value         = { any-char } ;                (* top level: the rest of the value, verbatim *)
//! list          = ws , "(" , ws , element , { "," , element } , ws , ")" , ws ;
//! element       = try ( quoted (* not followed by a char other than "," or ")" *) )
//!               | { char - ( "," | ")" ) } ;                         (* not trimmed *)
//!
//! (* ---- and= / or= : the key's operator is prepended to the value ---- *)
//! logic-key     = field-name , { delimiter , field-name } ;
//!                        (* last = "and"/"or"; any "not" segment negates; others = embed path *)
//! logic-tree    = try ( field , delimiter , logic-op-expr )                 (* a filter *)
//!               | [ try ( "not" , delimiter ) ] , ( try "and" | "or" ) ,
//!                 ws , "(" , ws , logic-tree , { ws , "," , ws , logic-tree } , ws , ")" , ws ;
//! logic-op-expr = op-expr (* with value = logic-value *) ;
//! logic-value   = try ( quoted (* not followed by a char other than "," or ")" *) )
//!               | try ( "{" , { char - ( "{" | "}" ) } , "}" )
//!               | { char - ( "," | ")" ) } ;
//!
//! (* ---- order= ---- *)
//! order         = order-term , { "," , order-term } ;
//! order-term    = ws , ( try ( field-name , "(" , field , ")" , order-tail )
//!                      | field , order-tail ) , ws ;
//! order-tail    = [ try ( delimiter , "asc" ) | try ( delimiter , "desc" ) ] ,
//!                 [ try ( delimiter , "nullsfirst" ) | try ( delimiter , "nullslast" ) ] ,
//!                 (* followed by *) ( "," | EOF ) ;
//!
//! (* ---- columns= / on_conflict= ---- *)
//! columns       = field-name , { ws , "," , ws , field-name } ;
//! ```
//!
//! `limit`/`offset` values are Haskell integer literals (`10`, ` 10 `, `-1`, `(5)`, `0x10`);
//! anything else is ignored. Nesting of `select` embeds and of logic trees is limited to
//! [`QueryOptions::max_depth`] (default [`DEFAULT_MAX_DEPTH`]); deeper input fails with
//! `PGRST100` (details `maximum nesting depth of 32 exceeded`) — a deliberate addition,
//! PostgREST has no limit.
//!
//! Quirks reproduced on purpose (they are what PostgREST v14 does): trailing input after a
//! complete `select`, `in.(…)` list, `is.` value or logic tree is ignored (`select=id)x`,
//! `is.nullfoo`); a `select` whose first item cannot start yields *no* columns
//! (`select=,id`); `!left`/`!inner` are matched as prefixes, so a hint such as `!leftist`
//! fails; a JSON index directly before `)` is read as a key (`rel(col->0)` → key `"0"`);
//! `or=id.eq.1` is a filter on the column `orid`; filter keys ignore anything after the path
//! (`col::text=eq.1` filters `col`); `limit=0&offset=3` is a `PGRST103`.
//!
//! Known deviations: bytes that are not UTF-8 become U+FFFD (PostgREST fails the request);
//! `letter` is Unicode `Alphabetic` minus numerics (GHC's `isAlpha` also excludes combining
//! marks, e.g. Devanagari vowel signs, which PostgREST therefore rejects in unquoted names);
//! `limit`/`offset` values beyond `i128` are ignored; a malformed `limit`/`offset` *key*
//! (e.g. `.limit=1`) fails `parse_query`, whereas PostgREST only fails on reads, at planning.
//!
//! ## Performance
//!
//! Parsec's error bookkeeping is only needed when a parameter fails, so each parameter is first
//! parsed with message collection off (control flow never depends on messages) and re-parsed
//! only on failure. A typical postgrest-js query parses in a few tens of microseconds;
//! everything is linear in the input size.
//!
//! ## Headers
//!
//! * [`parse_prefer`] — `Prefer` (all headers, comma-separated, first value of each family
//!   wins; unknown ones are collected for `handling=strict` → `PGRST122`).
//! * [`parse_accept`] / [`decode_media_type`] / [`parse_content_type`] — media types with
//!   q-value ordering; [`media_type_error`] builds `PGRST107`.
//! * [`parse_range_header`] and [`ParsedQuery::resolve_ranges`] — `Range: 0-9` combined with
//!   `limit`/`offset` (`PGRST103`, `PGRST114`). `Range-Unit` is ignored, as by PostgREST.
//! * [`negotiate_schema`] — `Accept-Profile` / `Content-Profile` (`PGRST106`).

mod ast;
mod error;
mod grammar;
mod haskell;
mod media;
mod parsec;
mod prefer;
mod profile;
mod query;
mod range;
mod urlencoded;

pub use ast::{
    AggregateFunction, Embed, EmbedPath, Field, Filter, FtsOperator, IsValue, JoinType,
    JsonOperand, JsonOperation, LogicOperator, LogicTree, Operation, OrderDirection, OrderNulls,
    OrderTerm, QuantOperator, Quantifier, SelectItem, SelectedField, SimpleOperator,
};
pub use error::{ErrorCode, SyntaxError};
pub use media::{
    MediaType, PlanFormat, PlanOption, accept_entries, decode_media_type, media_type_error,
    parse_accept, parse_content_type,
};
pub use prefer::{
    PreferCount, PreferHandling, PreferMissing, PreferResolution, PreferReturn, PreferTransaction,
    Preferences, parse_prefer,
};
pub use profile::{negotiate_schema, uses_content_profile};
pub use query::{
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_FILTERS, DEFAULT_MAX_SELECT_ITEMS, ParsedQuery, QueryOptions,
    ScopedFilter, ScopedLogic, ScopedOrder, parse_query, parse_query_with,
};
pub use range::{NonnegRange, RangeParam, ResolvedRanges, content_range, parse_range_header};
