use super::*;

fn relation(name: &str, is_view: bool, pk: &[&str]) -> (Qi, Table) {
    let qi = Qi::new("api", name);
    let table = Table {
        qi: qi.clone(),
        description: None,
        is_view,
        row_security: false,
        insertable: true,
        updatable: true,
        deletable: true,
        pk: pk.iter().map(|c| (*c).to_owned()).collect(),
        columns: Vec::new(),
        computed: HashMap::new(),
    };
    (qi, table)
}

fn view_key(table: &str, view: &str, kind: KeyKind, columns: &[(&str, &[&str])]) -> ViewKey {
    ViewKey {
        table: Qi::new("private", table),
        view: Qi::new("api", view),
        constraint: "messages_username_fkey".into(),
        kind,
        columns: columns
            .iter()
            .map(|(t, v)| ((*t).to_owned(), v.iter().map(|c| (*c).to_owned()).collect()))
            .collect(),
    }
}

fn pairs(columns: &[(&str, &str)]) -> Vec<(String, String)> {
    columns
        .iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

/// Tables in a private schema, views over them in the exposed one (the usual layout).
#[test]
fn views_stand_in_for_the_tables_whose_keys_they_show() {
    let mut tables: HashMap<Qi, Table> = [
        relation("chat", true, &[]),
        relation("people", true, &[]),
        relation("pair", true, &[]),
    ]
    .into_iter()
    .collect();
    let fks = [ForeignKey {
        table: Qi::new("private", "messages"),
        foreign_table: Qi::new("private", "users"),
        constraint: "messages_username_fkey".into(),
        columns: pairs(&[("username", "username")]),
        one_to_one: false,
    }];
    let mut keys = vec![
        view_key(
            "messages",
            "chat",
            KeyKind::Foreign,
            &[("username", &["author"])],
        ),
        view_key(
            "messages",
            "pair",
            KeyKind::Foreign,
            &[("username", &["a", "b"])],
        ),
        view_key(
            "users",
            "people",
            KeyKind::ForeignReferenced,
            &[("username", &["handle"])],
        ),
        view_key(
            "users",
            "people",
            KeyKind::Primary,
            &[("username", &["handle", "alias"])],
        ),
    ];
    keys[3].constraint = "users_pkey".into();
    add_view_primary_keys(&mut tables, &keys);
    assert_eq!(tables[&Qi::new("api", "people")].pk, ["handle"]);
    assert!(tables[&Qi::new("api", "chat")].pk.is_empty());

    let rels = build(&fks, &keys, &[], &tables);
    // (target, column pairs, to-one) of each relationship from `origin`.
    type Summary = Vec<(String, Vec<(String, String)>, bool)>;
    let summary = |origin: &str| -> Summary {
        rels.get(&Qi::new("api", origin))
            .into_iter()
            .flatten()
            .map(|r| {
                (
                    r.foreign_table.name.clone(),
                    r.columns().to_vec(),
                    r.is_to_one(),
                )
            })
            .collect()
    };
    // Only the views are exposed: the private tables' own relationships are not kept, the
    // ones through views are, both ways, view to view.
    assert_eq!(
        summary("chat"),
        [("people".to_owned(), pairs(&[("author", "handle")]), true)]
    );
    assert_eq!(
        summary("people"),
        [
            ("chat".to_owned(), pairs(&[("handle", "author")]), false),
            ("pair".to_owned(), pairs(&[("handle", "a")]), false),
            ("pair".to_owned(), pairs(&[("handle", "b")]), false),
        ]
    );
    assert_eq!(
        summary("pair"),
        [
            ("people".to_owned(), pairs(&[("a", "handle")]), true),
            ("people".to_owned(), pairs(&[("b", "handle")]), true),
        ]
    );
    assert!(!rels.contains_key(&Qi::new("private", "messages")));
}
