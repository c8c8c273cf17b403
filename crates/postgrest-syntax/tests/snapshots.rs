//! Snapshot tests of the AST for real query strings: everything postgrest-js emits
//! (postgrest-wire.md §2.3), the worked examples (§9) and edge cases.

mod common;

use cb_postgrest_syntax::QueryOptions;
use common::{encode_pairs, render_all};

fn enc(cases: &[&[(&str, &str)]]) -> Vec<String> {
    cases.iter().map(|pairs| encode_pairs(pairs)).collect()
}

fn raw(cases: &[&str]) -> Vec<String> {
    cases.iter().map(|s| (*s).to_owned()).collect()
}

/// §2.3: one query per filter builder of postgrest-js, encoded as the client sends it.
#[test]
fn postgrest_js_filter_builders() {
    let cases = enc(&[
        &[("select", "*"), ("id", "eq.1")],
        &[("id", "neq.1")],
        &[("id", "gt.1")],
        &[("id", "gte.1")],
        &[("id", "lt.1")],
        &[("id", "lte.1")],
        &[("username", "like.%supa%")],
        &[("username", "like.*supa*")],
        &[("username", "ilike.*SUPA*")],
        &[("username", "like(all).{%supa%,%bot%}")],
        &[("username", "like(any).{%supa%,%kiwi%}")],
        &[("username", "ilike(all).{%SUPA%,%BOT%}")],
        &[("username", "ilike(any).{%SUPA%,%KIWI%}")],
        &[("username", "match.^s.*")],
        &[("username", "imatch.^S.*")],
        &[("data", "is.null")],
        &[("data", "is.true")],
        &[("data", "is.false")],
        &[("status", "isdistinct.ONLINE")],
        &[("username", "in.(supabot,kiwicopple)")],
        &[("username", "in.(\"a,b\",c)")],
        &[("username", "in.(\"a(b\",\"c)d\")")],
        &[("username", "not.in.(supabot,kiwicopple)")],
        &[("id", "in.(1,2,3)")],
        &[("age_range", "cs.[1,2)")],
        &[("tags", "cs.{a,b}")],
        &[("data", "cs.{\"foo\":{\"bar\":\"baz\"}}")],
        &[("age_range", "cd.[1,2)")],
        &[("tags", "cd.{a,b,c}")],
        &[("data", "cd.{\"a\":1,\"b\":[1,2]}")],
        &[("period", "ov.[2000-01-01 12:45, 2000-01-01 13:15)")],
        &[("tags", "ov.{a,b}")],
        &[("age_range", "sr.[2,25)")],
        &[("age_range", "nxl.[2,25)")],
        &[("age_range", "sl.[2,25)")],
        &[("age_range", "nxr.[2,25)")],
        &[("age_range", "adj.[2,25)")],
        &[("catchphrase", "fts.'fat' & 'cat'")],
        &[("catchphrase", "fts(english).'fat' & 'cat'")],
        &[("catchphrase", "plfts(english).fat cat")],
        &[("catchphrase", "phfts(english).fat cat")],
        &[("catchphrase", "wfts(english).\"fat cat\" or -dog")],
        &[("username", "eq.supabot"), ("status", "eq.ONLINE")],
        &[("id", "not.is.null")],
        &[("id", "not.in.(1,2)")],
        &[("status", "not.eq.OFFLINE")],
        &[("catchphrase", "not.fts(english).cat")],
        &[("or", "(id.eq.1,username.eq.supabot)")],
        &[
            ("select", "*,messages(*)"),
            ("messages.or", "(channel_id.eq.2,message.eq.Hello World 👋)"),
        ],
        &[("select", "*,users(*)"), ("users.username", "eq.supabot")],
        &[("data->a->>b", "eq.x")],
        &[("data->foo->bar", "eq.\"baz\"")],
        &[("data->>0", "eq.1")],
        &[("name", "eq.null")],
        &[("name", "eq.true")],
        &[("name", "eq.\"quoted\"")],
        &[("name", "eq.a,b.c(d)")],
        &[("name", "eq.")],
    ]);
    insta::assert_snapshot!(render_all(&cases, &QueryOptions::default()));
}

/// §9 worked examples (query strings exactly as on the wire).
#[test]
fn worked_examples() {
    let cases = raw(&[
        "select=username%2Cmessages%28id%29&status=eq.ONLINE&order=username.asc&limit=2",
        "select=*",
        "select=*&offset=0&limit=2",
        "columns=%22message%22%2C%22username%22%2C%22channel_id%22&select=*",
        "on_conflict=username&select=*",
        "message=eq.foo",
        "select=status&or=%28status.eq.OFFLINE%2Cusername.eq.supabot%29",
        "select=*&username=in.%28%22a%2Cb%22%2Cc%29",
        "catchphrase=fts%28english%29.%27fat%27+%26+%27cat%27",
        "select=%22column+whitespace%22%2Cid",
    ]);
    insta::assert_snapshot!(render_all(&cases, &QueryOptions::default()));
}

/// §9 example 8 and RPC reads: non-operator values become function arguments.
#[test]
fn rpc_reads() {
    let cases = raw(&[
        "name_param=supabot",
        "name_param=eq.supabot",
        "a=1&b=%7B1%2C2%2C3%7D&select=*&order=x",
        "embed.arg=value",
        "arr=in.abc",
    ]);
    insta::assert_snapshot!(render_all(
        &cases,
        &QueryOptions {
            rpc_read: true,
            ..QueryOptions::default()
        }
    ));
}

#[test]
fn select_grammar() {
    let cases = enc(&[
        &[("select", "*")],
        &[("select", "")],
        &[("select", "id,name")],
        &[("select", " id , name ")],
        &[("select", "alias:name")],
        &[("select", "id::text")],
        &[("select", "alias:id::text")],
        &[("select", "data->a->>b")],
        &[("select", "data->0->>1")],
        &[("select", "data->-1")],
        &[("select", "myInt:settings->foo->>int::integer")],
        &[("select", "data->!@#$%^&*_d->>!@#$%^&*_e::integer")],
        &[("select", "data->\"a.b\"->>\"c,d\"")],
        &[("select", "messages(*)")],
        &[("select", "messages()")],
        &[("select", "username,messages(id,channels(slug))")],
        &[("select", "alias:messages(id)")],
        &[("select", "users!inner(*)")],
        &[("select", "users!left(*)")],
        &[("select", "users!messages_user_fkey(*)")],
        &[("select", "users!first_user!inner(*)")],
        &[("select", "alias:users!inner!first_user(*)")],
        &[("select", "users!leftist(*)")],
        &[("select", "...users(username,status)")],
        &[("select", "id,...users!inner(username)")],
        &[("select", "...users!hint!left(*)")],
        &[("select", "count()")],
        &[("select", "count()::text")],
        &[("select", "total:count()")],
        &[("select", "id.sum()")],
        &[("select", "id.avg()::int")],
        &[("select", "amount::numeric.max()::text")],
        &[("select", "x:id.min(),y:id.count()")],
        &[("select", "channel_id,count(),msg:message.max()")],
        &[("select", "messages(count)")],
        &[("select", "messages(count())")],
        &[("select", "\"column whitespace\",id")],
        &[("select", "\"a\\\"b\",\"c\\\\d\"")],
        &[("select", "\"with,comma\":id")],
        &[("select", "my-col,a-b-c")],
        &[("select", "col name with spaces")],
        &[("select", "ünïcödé,日本語")],
        &[("select", "$dollar,_under")],
        &[("select", "id)trailing garbage")],
        &[("select", "*,client(*,nested(*))")],
        &[("select", "*,...client(*),other(*)")],
    ]);
    insta::assert_snapshot!(render_all(&cases, &QueryOptions::default()));
}

#[test]
fn filter_edge_cases() {
    let cases = enc(&[
        &[("id", "eq(any).{1,2}")],
        &[("id", "gt(all).{1,2}")],
        &[("id", "not.eq(all).{1,2}")],
        &[("name", "is.NULL")],
        &[("name", "is.Not_Null")],
        &[("name", "is.unknown")],
        &[("name", "is.nullfoo")],
        &[("name", "in.()")],
        &[("name", "in.( a, b ,c )")],
        &[("name", "in.(\"Quote:\\\"\",\"Backslash:\\\\\")")],
        &[("name", "in.(1,2)trailing")],
        &[("name", "in.(a,\"b\"c)")],
        &[("name", "isdistinct.null")],
        &[("name", "like.a%b")],
        &[("name", "eq.with spaces")],
        &[("name", "eq.👋")],
        &[("tbl.col", "eq.1")],
        &[("a.b.c", "eq.1")],
        &[("\"information.cpe\"", "like.*MS*")],
        &[("col::text", "eq.1")],
        &[("actors", "is.null")],
        &[("actors", "not.is.null")],
        &[("data->>-1", "eq.1")],
        &[("id", "eq.1"), ("id", "lt.5")],
        &[("select", "*"), ("apikey", "secret"), ("id", "eq.1")],
    ]);
    let mut cases = cases;
    cases.push("?id=eq.1".into());
    cases.push("id=eq.1;name=eq.x".into());
    cases.push("id=eq.a+b%2Bc".into());
    cases.push("id=eq.%zz%4".into());
    cases.push("id=eq.%FF".into());
    cases.push("select&id=eq.1".into());
    cases.push("id&name=".into());
    cases.push("&&id=eq.1&".into());
    insta::assert_snapshot!(render_all(&cases, &QueryOptions::default()));
}

#[test]
fn logic_trees() {
    let cases = enc(&[
        &[("or", "(a.eq.1,and(b.gt.2,c.is.null))")],
        &[("and", "(a.eq.1,b.eq.2)")],
        &[("not.or", "(a.eq.1,b.eq.2)")],
        &[("not.and", "(a.eq.1,not.or(b.eq.2,c.eq.3))")],
        &[
            ("select", "*,actors(*)"),
            ("actors.or", "(id.eq.1,id.eq.2)"),
        ],
        &[
            ("select", "*,actors(*)"),
            ("actors.not.and", "(id.eq.1,id.eq.2)"),
        ],
        &[(
            "or",
            "(age_range.adj.\"[18,21)\",tags.cs.{a,b},id.in.(1,2))",
        )],
        &[("or", "(name.eq.\"a,b\",name.eq.\"c)d\")")],
        &[("or", "(name.eq.\"a\"b)")],
        &[("or", "(data->>a.eq.1,data->b.gt.2)")],
        &[("or", "(actors.not.is.null,directors.not.is.null)")],
        &[("or", "(name.like(any).{a*,b*},id.not.eq(all).{1,2})")],
        &[("or", "(fts.fts(english).cat,x.isdistinct.1)")],
        &[(
            "and",
            "( and ( id.in.( 1, 2, 3 ) , id.eq.3 ) , or ( id.eq.2 , id.eq.3 ) )",
        )],
        &[("or", "(id.eq.1)trailing")],
        &[("or", "(a.eq.)")],
        &[("or", "(a.eq.1,b.eq.2)"), ("or", "(c.eq.3,d.eq.4)")],
    ]);
    insta::assert_snapshot!(render_all(&cases, &QueryOptions::default()));
}

#[test]
fn order_limit_offset() {
    let cases = enc(&[
        &[("order", "id")],
        &[("order", "id.desc")],
        &[("order", "id.desc.nullslast,name")],
        &[("order", "id.asc.nullsfirst")],
        &[("order", "id.nullsfirst")],
        &[("order", "data->>age.desc")],
        &[("order", "json_col->0.desc")],
        &[("order", "clients(name).desc")],
        &[("order", "name,clients(name),id")],
        &[("order", " id , name.desc ")],
        &[("select", "*,actors(*)"), ("actors.order", "name.desc")],
        &[
            ("select", "*,roles(*,actors(*))"),
            ("roles.actors.order", "name"),
        ],
        &[("limit", "10")],
        &[("limit", "10"), ("offset", "5")],
        &[("offset", "5")],
        &[("limit", "0")],
        &[("limit", "-1")],
        &[("limit", "abc")],
        &[("limit", "1"), ("limit", "2")],
        &[("limit", " 7 ")],
        &[("limit", "0x10")],
        &[("offset", "-4")],
        &[
            ("select", "*,actors(*)"),
            ("actors.limit", "2"),
            ("actors.offset", "1"),
        ],
        &[("select", "*,actors(*)"), ("actors.offset", "3")],
        &[("limit", "")],
    ]);
    insta::assert_snapshot!(render_all(&cases, &QueryOptions::default()));
}

#[test]
fn write_params() {
    let cases = enc(&[
        &[("columns", "\"message\",\"username\",\"channel_id\"")],
        &[("columns", "b,a,b")],
        &[("columns", "a , b")],
        &[("on_conflict", "username")],
        &[("on_conflict", "a,b")],
        &[("on_conflict", "\"weird,name\",x")],
        &[("columns", "a"), ("columns", "b")],
    ]);
    insta::assert_snapshot!(render_all(&cases, &QueryOptions::default()));
}
