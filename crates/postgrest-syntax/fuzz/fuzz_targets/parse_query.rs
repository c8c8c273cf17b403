//! Fuzz target: arbitrary bytes as a query string (and as header values) must never panic, and
//! every failure must be a well-formed PGRST100.
#![no_main]

use cb_postgrest_syntax::{
    QueryOptions, decode_media_type, parse_accept, parse_prefer, parse_query_with,
    parse_range_header,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    for rpc_read in [false, true] {
        let opts = QueryOptions {
            rpc_read,
            ..QueryOptions::default()
        };
        match parse_query_with(&input, &opts) {
            Ok(q) => {
                let _ = q.resolve_ranges("GET", Some(&input));
                let _ = q.resolve_ranges("PUT", None);
            }
            Err(e) => {
                assert_eq!(e.code(), "PGRST100");
                assert!(e.message().starts_with("\"failed to parse "));
            }
        }
    }
    let _ = parse_prefer([input.as_ref()], true, |_| true);
    let _ = parse_accept(Some(&input));
    let _ = decode_media_type(&input);
    let _ = parse_range_header(&input);
});
