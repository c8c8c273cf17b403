//! SQL snapshots per query string: what the engine sends for representative requests, on a
//! small schema built in memory (users, messages, channels, tags through a junction).
use std::collections::HashMap;

use bytes::Bytes;
use cb_postgrest_syntax::parse_prefer;
use http::HeaderMap;

use super::{CountMode, Handler, main_read, main_write};
use crate::api_request::{self, Action, ParseSettings};
use crate::plan::read::ReadKind;
use crate::plan::{ReadContext, mutate_plan, read_plan};
use crate::schema_cache::relationships::{ComputedRel, ForeignKey, build};
use crate::schema_cache::{Column, Qi, SchemaCache, Table};

fn column(name: &str, ty: &str) -> Column {
    Column {
        name: name.into(),
        description: None,
        nullable: true,
        cast_type: ty.into(),
        data_type: ty.into(),
        nominal_type: ty.into(),
        base_type: ty.into(),
        max_length: None,
        default: (name == "id").then(|| "nextval('public.seq'::regclass)".into()),
        enum_values: Vec::new(),
    }
}

fn table(name: &str, pk: &[&str], columns: &[(&str, &str)]) -> (Qi, Table) {
    let qi = Qi::new("public", name);
    (
        qi.clone(),
        Table {
            qi,
            description: None,
            is_view: false,
            row_security: false,
            insertable: true,
            updatable: true,
            deletable: true,
            pk: pk.iter().map(|s| s.to_string()).collect(),
            columns: columns.iter().map(|(n, t)| column(n, t)).collect(),
            computed: HashMap::new(),
        },
    )
}

fn cache() -> SchemaCache {
    let tables: HashMap<Qi, Table> = [
        table(
            "users",
            &["username"],
            &[
                ("username", "text"),
                ("status", "public.user_status"),
                ("data", "jsonb"),
                ("age_range", "int4range"),
            ],
        ),
        table("channels", &["id"], &[("id", "bigint"), ("slug", "text")]),
        table(
            "messages",
            &["id"],
            &[
                ("id", "bigint"),
                ("message", "text"),
                ("username", "text"),
                ("channel_id", "bigint"),
            ],
        ),
        table("tags", &["id"], &[("id", "integer"), ("name", "text")]),
        table(
            "message_tags",
            &["message_id", "tag_id"],
            &[("message_id", "bigint"), ("tag_id", "integer")],
        ),
    ]
    .into_iter()
    .collect();
    let fk = |t: &str, ft: &str, c: &str, fc: &str| ForeignKey {
        table: Qi::new("public", t),
        foreign_table: Qi::new("public", ft),
        constraint: format!("{t}_{c}_fkey"),
        columns: vec![(c.into(), fc.into())],
        one_to_one: false,
    };
    let fks = vec![
        fk("messages", "users", "username", "username"),
        fk("messages", "channels", "channel_id", "id"),
        fk("message_tags", "messages", "message_id", "id"),
        fk("message_tags", "tags", "tag_id", "id"),
    ];
    let computed = [ComputedRel {
        function: Qi::new("public", "latest_messages"),
        table: Qi::new("public", "users"),
        foreign_table: Qi::new("public", "messages"),
        to_one: false,
    }];
    let relationships = build(&fks, &[], &computed, &tables);
    SchemaCache {
        schemas: vec!["public".into()],
        tables,
        relationships,
        roles: [("anon".to_string(), None)].into_iter().collect(),
        ..SchemaCache::default()
    }
}

fn request(
    method: &str,
    path: &str,
    query: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> api_request::ApiRequest {
    let mut map = HeaderMap::new();
    for (k, v) in headers {
        map.insert(
            http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
            v.parse().unwrap(),
        );
    }
    let prefs = parse_prefer(
        map.get_all("prefer").iter().filter_map(|v| v.to_str().ok()),
        true,
        |_| true,
    );
    api_request::parse(
        method,
        path,
        query,
        &map,
        &Bytes::from(body.to_owned()),
        prefs,
        &ParseSettings {
            schemas: &["public".to_string()],
            tx_allow_override: true,
            max_select_items: cb_postgrest_syntax::DEFAULT_MAX_SELECT_ITEMS,
            max_filters: cb_postgrest_syntax::DEFAULT_MAX_FILTERS,
        },
    )
    .unwrap()
}

fn read_sql(query: &str, count: CountMode, handler: &Handler) -> String {
    let cache = cache();
    let req = request("GET", "/users", query, &[], "");
    let Action::RelationRead { name, .. } = &req.action else {
        unreachable!()
    };
    let ctx = ReadContext {
        cache: &cache,
        schema: "public",
        max_rows: None,
        aggregates_enabled: false,
        kind: ReadKind::Read,
        root_columns: None,
    };
    let plan = read_plan(&ctx, &Qi::new("public", name.as_str()), &req).unwrap();
    let sql = main_read(&plan, count, handler);
    format!("{}\n-- params: {:?}", sql.text, sql.params)
}

#[test]
fn reads() {
    let json = Handler::Json { strip_nulls: false };
    insta::assert_snapshot!(
        "simple_filter_order_limit",
        read_sql(
            "select=username&status=eq.ONLINE&order=username.asc&limit=2",
            CountMode::None,
            &json
        )
    );
    insta::assert_snapshot!(
        "operators",
        read_sql(
            "username=in.(a,\"b,c\")&age_range=adj.[1,5)&data->>age=gt.20&data->foo=cs.{\"a\":1}&or=(status.eq.OFFLINE,not.and(username.like.*bot,status.is.null))",
            CountMode::Exact,
            &json
        )
    );
    insta::assert_snapshot!(
        "embeds",
        read_sql(
            "select=username,messages(id,channels(slug),tags(name))&messages.order=id.desc&messages.limit=1",
            CountMode::None,
            &json
        )
    );
    insta::assert_snapshot!(
        "computed_embed",
        read_sql(
            "select=username,latest_messages!inner(id,channels(slug))&latest_messages.id=gt.1",
            CountMode::None,
            &json
        )
    );
    insta::assert_snapshot!(
        "inner_and_null_embed",
        read_sql(
            "select=username,messages!inner(id)&messages.channel_id=eq.1",
            CountMode::Exact,
            &Handler::Singular { strip_nulls: false }
        )
    );
    insta::assert_snapshot!(
        "csv_with_cast_and_alias",
        read_sql(
            "select=name:username,status::text&username=fts(english).cat",
            CountMode::None,
            &Handler::Csv
        )
    );
}

#[test]
fn writes() {
    let cache = cache();
    let ctx = ReadContext {
        cache: &cache,
        schema: "public",
        max_rows: None,
        aggregates_enabled: false,
        kind: ReadKind::Mutation,
        root_columns: None,
    };
    let cases = [
        (
            "insert",
            "POST",
            "select=id,users(username)",
            vec![("prefer", "return=representation")],
            r#"{"message":"hi","username":"a","channel_id":1}"#,
        ),
        (
            "bulk_upsert_defaults",
            "POST",
            "columns=id,message&on_conflict=id",
            vec![("prefer", "resolution=merge-duplicates, missing=default")],
            r#"[{"id":1,"message":"x"}]"#,
        ),
        ("update", "PATCH", "id=eq.1", vec![], r#"{"message":"y"}"#),
        (
            "delete",
            "DELETE",
            "channel_id=eq.2&select=id",
            vec![("prefer", "return=representation")],
            "",
        ),
        ("put", "PUT", "id=eq.5", vec![], r#"{"id":5,"message":"z"}"#),
    ];
    for (name, method, query, headers, body) in cases {
        let req = request(method, "/messages", query, &headers, body);
        let Action::RelationMut { mutation, .. } = req.action else {
            unreachable!()
        };
        let qi = Qi::new("public", "messages");
        let read = read_plan(&ctx, &qi, &req).unwrap();
        let plan = mutate_plan(&ctx, mutation, cache.table(&qi).unwrap(), &req, &read).unwrap();
        let handler = if req.prefs.representation
            == Some(cb_postgrest_syntax::PreferReturn::Representation)
        {
            Handler::Json { strip_nulls: false }
        } else {
            Handler::NoAgg
        };
        let sql = main_write(&read, &plan, req.payload.as_ref(), &handler, false);
        insta::assert_snapshot!(name, format!("{}\n-- params: {:?}", sql.text, sql.params));
    }
}
