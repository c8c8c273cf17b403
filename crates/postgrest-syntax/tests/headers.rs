//! Headers: `Prefer`, `Accept` / `Content-Type`, profiles, `Range` with `limit`/`offset`.

mod common;

use cb_postgrest_syntax::{
    MediaType, NonnegRange, PlanFormat, PlanOption, PreferCount, PreferHandling, PreferMissing,
    PreferResolution, PreferReturn, PreferTransaction, content_range, decode_media_type,
    media_type_error, negotiate_schema, parse_accept, parse_content_type, parse_prefer,
    parse_query, parse_range_header,
};
use common::render_error;

fn tz(name: &str) -> bool {
    name == "America/Los_Angeles"
}

// ---- Prefer (examples from PostgREST's Preferences.hs) ------------------------------------

#[test]
fn prefer_single_header_many_values() {
    let p = parse_prefer(
        [
            "resolution=ignore-duplicates, count=exact, timezone=America/Los_Angeles, max-affected=100",
        ],
        true,
        tz,
    );
    assert_eq!(p.resolution, Some(PreferResolution::IgnoreDuplicates));
    assert_eq!(p.representation, None);
    assert_eq!(p.count, Some(PreferCount::Exact));
    assert_eq!(p.timezone.as_deref(), Some("America/Los_Angeles"));
    assert_eq!(p.max_affected, Some(100));
    assert!(p.invalid.is_empty());
}

#[test]
fn prefer_multiple_headers() {
    let p = parse_prefer(
        [
            "resolution=ignore-duplicates",
            "count=exact",
            "missing=null",
            "handling=lenient",
            "invalid",
            "max-affected=5999",
        ],
        true,
        tz,
    );
    assert_eq!(p.resolution, Some(PreferResolution::IgnoreDuplicates));
    assert_eq!(p.count, Some(PreferCount::Exact));
    assert_eq!(p.missing, Some(PreferMissing::ApplyNulls));
    assert_eq!(p.handling, Some(PreferHandling::Lenient));
    assert_eq!(p.max_affected, Some(5999));
    assert_eq!(p.invalid, vec!["invalid".to_owned()]);
    assert!(
        p.check_strict().is_ok(),
        "lenient handling ignores invalid preferences"
    );
}

#[test]
fn prefer_first_occurrence_wins() {
    assert_eq!(
        parse_prefer(["tx=commit, tx=rollback"], true, tz).transaction,
        Some(PreferTransaction::Commit)
    );
    let p = parse_prefer(
        [
            "resolution=ignore-duplicates",
            "resolution=merge-duplicates",
        ],
        true,
        tz,
    );
    assert_eq!(p.resolution, Some(PreferResolution::IgnoreDuplicates));
    let p = parse_prefer(["return=minimal, return=representation"], true, tz);
    assert_eq!(p.representation, Some(PreferReturn::Minimal));
}

#[test]
fn prefer_spacing_and_strict() {
    let p = parse_prefer(
        [
            "count=exact,    tx=commit   ,return=representation , missing=default, handling=strict, anything",
        ],
        true,
        tz,
    );
    assert_eq!(p.representation, Some(PreferReturn::Representation));
    assert_eq!(p.count, Some(PreferCount::Exact));
    assert_eq!(p.transaction, Some(PreferTransaction::Commit));
    assert_eq!(p.missing, Some(PreferMissing::ApplyDefaults));
    assert_eq!(p.handling, Some(PreferHandling::Strict));
    assert_eq!(p.invalid, vec!["anything".to_owned()]);
    let e = p.check_strict().unwrap_err();
    assert_eq!(
        render_error(&e),
        r#"400 {"code":"PGRST122","details":"Invalid preferences: anything","hint":null,"message":"Invalid preferences given with handling=strict"}"#
    );
}

#[test]
fn prefer_postgrest_js_shapes() {
    // What postgrest-js sends (Headers.append joins with ", ").
    let p = parse_prefer(
        ["resolution=merge-duplicates, count=exact, return=representation"],
        false,
        tz,
    );
    assert_eq!(p.resolution, Some(PreferResolution::MergeDuplicates));
    assert_eq!(p.count, Some(PreferCount::Exact));
    assert_eq!(p.representation, Some(PreferReturn::Representation));
    assert_eq!(
        p.applied_header().as_deref(),
        Some("resolution=merge-duplicates, return=representation, count=exact")
    );
    // .maxAffected(n)
    let p = parse_prefer(["handling=strict, max-affected=5"], false, tz);
    assert_eq!(p.max_affected, Some(5));
    assert!(p.check_strict().is_ok());
    assert_eq!(
        p.applied_header().as_deref(),
        Some("handling=strict, max-affected=5")
    );
    // .rollback() without override permission: accepted, ignored, not invalid.
    let p = parse_prefer(["tx=rollback"], false, tz);
    assert_eq!(p.transaction, None);
    assert!(p.invalid.is_empty());
    assert_eq!(
        parse_prefer(["tx=rollback"], true, tz).transaction,
        Some(PreferTransaction::Rollback)
    );
}

#[test]
fn prefer_edge_cases() {
    // Unknown timezone: ignored, and counted as invalid.
    let p = parse_prefer(["timezone=Mars/Olympus, handling=strict"], true, tz);
    assert_eq!(p.timezone, None);
    assert_eq!(p.invalid, vec!["timezone=Mars/Olympus".to_owned()]);
    assert_eq!(
        p.check_strict().unwrap_err().details(),
        Some("Invalid preferences: timezone=Mars/Olympus")
    );
    // Only the first max-affected counts; an unreadable one gives None but is not invalid.
    let p = parse_prefer(["max-affected=abc, max-affected=5"], true, tz);
    assert_eq!(p.max_affected, None);
    assert!(p.invalid.is_empty());
    // Case-sensitive values; v12's params=single-object is unknown in v14.
    let p = parse_prefer(
        ["Return=Minimal, params=single-object, count=exact,"],
        true,
        tz,
    );
    assert_eq!(p.representation, None);
    assert_eq!(
        p.invalid,
        vec![
            "Return=Minimal".to_owned(),
            "params=single-object".to_owned(),
            String::new()
        ]
    );
    assert_eq!(
        parse_prefer(Vec::<&str>::new(), true, tz),
        Default::default()
    );
    assert_eq!(
        parse_prefer(["max-affected= 7 "], true, tz).max_affected,
        Some(7)
    );
}

// ---- Accept / Content-Type ---------------------------------------------------------------

#[test]
fn accept_negotiation_inputs() {
    for (accept, negotiated) in [
        (None, vec![MediaType::Any]),
        (Some("*/*"), vec![MediaType::Any]),
        (Some("application/json"), vec![MediaType::ApplicationJson]),
        (
            Some("application/vnd.pgrst.object+json"),
            vec![MediaType::VndSingularJson { strip_nulls: false }],
        ),
        (
            Some("application/vnd.pgrst.object"),
            vec![MediaType::VndSingularJson { strip_nulls: false }],
        ),
        (Some("text/csv"), vec![MediaType::TextCsv]),
        (Some("application/geo+json"), vec![MediaType::GeoJson]),
        (
            Some("application/vnd.pgrst.array+json;nulls=stripped"),
            vec![MediaType::VndArrayJsonStrip],
        ),
        (
            Some("application/vnd.pgrst.object+json;nulls=stripped"),
            vec![MediaType::VndSingularJson { strip_nulls: true }],
        ),
        (
            Some("text/csv;q=0.5, application/json"),
            vec![MediaType::ApplicationJson, MediaType::TextCsv],
        ),
        (
            Some("text/html, */*;q=0.8, application/xhtml+xml"),
            vec![
                MediaType::Other("text/html".into()),
                MediaType::Other("application/xhtml+xml".into()),
                MediaType::Any,
            ],
        ),
        (
            Some("text/csv;q=0, application/json;q=0.1"),
            vec![MediaType::ApplicationJson, MediaType::TextCsv],
        ),
    ] {
        assert_eq!(parse_accept(accept), negotiated, "{accept:?}");
    }
}

#[test]
fn explain_media_types() {
    // postgrest-js .explain(): note the trailing ';' and '|'-joined options.
    let mt = decode_media_type(
        "application/vnd.pgrst.plan+json; for=\"application/vnd.pgrst.object+json\"; options=analyze|verbose|buffers;",
    );
    assert_eq!(
        mt,
        MediaType::VndPlan {
            for_media: Box::new(MediaType::VndSingularJson { strip_nulls: false }),
            format: PlanFormat::Json,
            options: vec![
                PlanOption::Analyze,
                PlanOption::Verbose,
                PlanOption::Buffers
            ],
        }
    );
    assert_eq!(
        mt.to_mime(),
        "application/vnd.pgrst.plan+json; for=\"application/vnd.pgrst.object+json\"; options=analyze|verbose|buffers"
    );
    let accept = parse_accept(Some(
        "application/vnd.pgrst.plan+text; for=\"application/json\"; options=;",
    ));
    assert_eq!(
        accept,
        vec![MediaType::VndPlan {
            for_media: Box::new(MediaType::ApplicationJson),
            format: PlanFormat::Text,
            options: vec![]
        }]
    );
    assert_eq!(
        accept[0].content_type(),
        "application/vnd.pgrst.plan+text; for=\"application/json\"; charset=utf-8"
    );
}

#[test]
fn content_types_and_406() {
    assert_eq!(parse_content_type(None), MediaType::ApplicationJson);
    assert_eq!(
        parse_content_type(Some("application/json; charset=utf-8")),
        MediaType::ApplicationJson
    );
    assert_eq!(parse_content_type(Some("text/csv")), MediaType::TextCsv);
    assert_eq!(
        parse_content_type(Some("application/x-www-form-urlencoded")),
        MediaType::UrlEncoded
    );
    assert_eq!(
        parse_content_type(Some("application/octet-stream")),
        MediaType::OctetStream
    );
    assert_eq!(
        MediaType::ApplicationJson.content_type(),
        "application/json; charset=utf-8"
    );
    assert_eq!(
        MediaType::OctetStream.content_type(),
        "application/octet-stream"
    );
    assert_eq!(
        MediaType::VndArrayJsonStrip.content_type(),
        "application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8"
    );
    let e = media_type_error(&parse_accept(Some("text/html")));
    assert_eq!(
        render_error(&e),
        r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: text/html"}"#
    );
}

// ---- profiles -----------------------------------------------------------------------------

#[test]
fn profiles() {
    let schemas = vec!["public".to_owned(), "extra".to_owned()];
    assert_eq!(
        negotiate_schema("GET", None, None, &schemas).unwrap(),
        ("public".to_owned(), true)
    );
    assert_eq!(
        negotiate_schema("GET", Some("extra"), Some("nope"), &schemas).unwrap(),
        ("extra".to_owned(), true)
    );
    assert_eq!(
        negotiate_schema("POST", Some("nope"), Some("extra"), &schemas).unwrap(),
        ("extra".to_owned(), true)
    );
    let one = vec!["public".to_owned()];
    assert_eq!(
        negotiate_schema("DELETE", None, None, &one).unwrap(),
        ("public".to_owned(), false)
    );
    let e = negotiate_schema("PATCH", None, Some("private"), &schemas).unwrap_err();
    assert_eq!(
        render_error(&e),
        r#"406 {"code":"PGRST106","details":null,"hint":"Only the following schemas are exposed: public, extra","message":"Invalid schema: private"}"#
    );
}

// ---- Range / limit / offset ---------------------------------------------------------------

/// Every case of the header's parser (the crate's unit tests had their own copy of some).
#[test]
fn range_header_parsing() {
    for (header, range) in [
        ("0-9", NonnegRange::between(0, 9)),
        ("5-", NonnegRange::from_offset(5)),
        ("10-", NonnegRange::from_offset(10)),
        ("items=0-9", NonnegRange::ALL),
        ("-5", NonnegRange::ALL),
        (" 0-9", NonnegRange::ALL),
        ("", NonnegRange::ALL),
    ] {
        assert_eq!(parse_range_header(header), range, "{header:?}");
    }
    for backwards in ["9-0", "5-2"] {
        assert!(parse_range_header(backwards).is_empty(), "{backwards:?}");
    }
}

#[test]
fn resolve_ranges_like_get_ranges() {
    let top = |q: &str, method: &str, range: Option<&str>| {
        parse_query(q)
            .unwrap()
            .resolve_ranges(method, range)
            .map(|r| r.top_level)
    };
    assert_eq!(top("", "GET", None), Ok(NonnegRange::ALL));
    assert_eq!(
        top("limit=10&offset=5", "GET", None),
        Ok(NonnegRange::between(5, 14))
    );
    assert_eq!(
        top("offset=0&limit=2", "GET", None),
        Ok(NonnegRange::between(0, 1))
    );
    assert_eq!(top("", "GET", Some("0-9")), Ok(NonnegRange::between(0, 9)));
    assert_eq!(
        top("limit=5", "GET", Some("2-20")),
        Ok(NonnegRange::between(2, 4))
    );
    assert_eq!(
        top("", "HEAD", Some("0-9")),
        Ok(NonnegRange::ALL),
        "Range is honoured on GET only"
    );
    assert_eq!(top("limit=0", "GET", None), Ok(NonnegRange::LIMIT_ZERO));
    assert_eq!(
        top("limit=0", "GET", Some("0-9")),
        Ok(NonnegRange::LIMIT_ZERO)
    );
    assert_eq!(
        top("offset=-4", "GET", None),
        Ok(NonnegRange::ALL),
        "negative offset is a no-op"
    );

    let err = |q: &str, method: &str, range: Option<&str>| {
        render_error(&top(q, method, range).unwrap_err())
    };
    assert_eq!(
        err("limit=-1", "GET", None),
        r#"416 {"code":"PGRST103","details":"Limit should be greater than or equal to zero.","hint":null,"message":"Requested range not satisfiable"}"#
    );
    assert_eq!(
        err("", "GET", Some("9-0")),
        r#"416 {"code":"PGRST103","details":"The lower boundary must be lower than or equal to the upper boundary in the Range header.","hint":null,"message":"Requested range not satisfiable"}"#
    );
    assert_eq!(
        err("limit=1", "PUT", None),
        r#"400 {"code":"PGRST114","details":null,"hint":null,"message":"limit/offset querystring parameters are not allowed for PUT"}"#
    );
    assert!(
        top("limit=0&offset=3", "GET", None).is_err(),
        "PostgREST quirk: only [0,-1] is the limit-zero range"
    );

    let resolved = parse_query("select=*,actors(*)&actors.limit=2&actors.offset=1&limit=3")
        .unwrap()
        .resolve_ranges("GET", Some("1-"))
        .unwrap();
    assert_eq!(resolved.top_level, NonnegRange::between(1, 2));
    let actors = resolved
        .ranges
        .iter()
        .find(|r| r.embed_path == ["actors"])
        .unwrap();
    assert_eq!(
        (actors.range.offset(), actors.range.limit()),
        (Some(1), Some(2))
    );
}

#[test]
fn content_range_values() {
    assert_eq!(content_range(0, 1, None), "0-1/*");
    assert_eq!(content_range(0, 4, Some(5)), "0-4/5");
    assert_eq!(content_range(0, -1, Some(0)), "*/0");
    assert_eq!(content_range(0, 9, Some(57)), "0-9/57");
    assert_eq!(content_range(100, 99, Some(15)), "*/15");
}
