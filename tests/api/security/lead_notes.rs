//! The notes thread of a lead (public.lead_notes), over /rest/v1 as the admin app sends it:
//! editors read it, owners (the passcode among them) add to it, nobody else does either; a note
//! is written in its writer's name and dated by the server, whatever the request says; it is
//! never changed or deleted through the API; an empty or over-long note is refused in
//! PostgREST's error format; each note is in the activity log; and the old single internal
//! note of each lead became its first note.
use cb_tests::{Exchange as _, StaffTeam, TestApp, add_staff, admin_jwt, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

const CONTACT_LEAD: &str = "1ead0000-0000-4000-8000-000000000001";
const WHITEPAPER_LEAD: &str = "1ead0000-0000-4000-8000-000000000002";

/// A contact lead and a whitepaper lead, as the relay and the form store them.
async fn with_leads(app: &TestApp) {
    app.db
        .execute(&format!(
            "insert into leads (id, source, email, payload) values ('{CONTACT_LEAD}', 'contact', 'ops@supplier.example', '{{}}');
             insert into whitepaper_submissions (id, company_name, first_name, email, phone)
               values ('{WHITEPAPER_LEAD}', 'CareLine', 'Ada', 'ada@careline.example', '555')"
        ))
        .await;
}

/// Adds a note as `token` (None: anon), asking for the stored row back.
async fn add_note(app: &TestApp, token: Option<&str>, note: Value) -> (u16, Value) {
    let request = match token {
        Some(token) => app.with_token(Method::POST, "/rest/v1/lead_notes", token),
        None => app.anon(Method::POST, "/rest/v1/lead_notes"),
    };
    request
        .header("Prefer", "return=representation")
        .json(&note)
        .status_json()
        .await
}

/// The notes `token` (None: anon) reads, oldest first.
async fn read_notes(app: &TestApp, token: Option<&str>) -> (u16, Value) {
    let path = "/rest/v1/lead_notes?select=body,author_name&order=created_at,id";
    match token {
        Some(token) => app.with_token(Method::GET, path, token),
        None => app.anon(Method::GET, path),
    }
    .status_json()
    .await
}

/// Asserts a PostgREST error answer: its status, code and message, with all four fields.
fn assert_error(answer: &(u16, Value), status: u16, code: &str, message: &str) {
    let (got, body) = answer;
    assert_eq!(*got, status, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["message"], message, "{body}");
    for field in ["details", "hint"] {
        assert!(body.get(field).is_some(), "no {field} in {body}");
    }
}

#[tokio::test]
async fn editors_read_the_thread_owners_and_the_passcode_add_to_it_nobody_else_does_either() {
    let app = spawn_app().await;
    with_leads(&app).await;
    let team = StaffTeam::new(&app.db).await;
    let note = |body: &str| json!({"lead_id": CONTACT_LEAD, "body": body});

    // Owners add, in their name.
    let (status, rows) =
        add_note(&app, Some(&team.owner.jwt()), note("Called, wants a demo")).await;
    assert_eq!(status, 201, "{rows}");
    assert_eq!(rows[0]["author_id"], json!(team.owner.id));
    assert_eq!(rows[0]["author_name"], "Olive Owner");
    assert_eq!(rows[0]["whitepaper_submission_id"], Value::Null);
    // The passcode is nobody's account: no author id, named as the activity log names it.
    let (status, rows) = add_note(
        &app,
        Some(&admin_jwt()),
        json!({"whitepaper_submission_id": WHITEPAPER_LEAD, "body": "  Sent the guide\n"}),
    )
    .await;
    assert_eq!(status, 201, "{rows}");
    assert_eq!(
        (
            &rows[0]["author_id"],
            &rows[0]["author_name"],
            &rows[0]["body"]
        ),
        (&Value::Null, &json!("Passcode"), &json!("Sent the guide"))
    );

    // Editors read every note, and add none.
    let (status, notes) = read_notes(&app, Some(&team.editor.jwt())).await;
    assert_eq!(status, 200);
    assert_eq!(
        notes,
        json!([
            {"body": "Called, wants a demo", "author_name": "Olive Owner"},
            {"body": "Sent the guide", "author_name": "Passcode"},
        ])
    );
    assert_error(
        &add_note(&app, Some(&team.editor.jwt()), note("Editor's note")).await,
        403,
        "42501",
        "new row violates row-level security policy for table \"lead_notes\"",
    );

    // Authors and anon see nothing and add nothing.
    assert_eq!(
        read_notes(&app, Some(&team.author.jwt())).await,
        (200, json!([]))
    );
    assert_eq!(
        add_note(&app, Some(&team.author.jwt()), note("Author's note"))
            .await
            .0,
        403
    );
    assert_error(
        &read_notes(&app, None).await,
        401,
        "42501",
        "permission denied for table lead_notes",
    );
    assert_eq!(add_note(&app, None, note("Anonymous note")).await.0, 401);
    assert_eq!(
        app.db.count("select count(*) from lead_notes").await,
        2,
        "only the owner's and the passcode's notes were stored"
    );
}

#[tokio::test]
async fn a_note_is_written_in_the_writers_name_and_never_changed_or_deleted() {
    let app = spawn_app().await;
    with_leads(&app).await;
    let team = StaffTeam::new(&app.db).await;
    let owner = team.owner.jwt();

    // Neither the author nor the time can be given: the columns are not the caller's to write.
    for forged in [
        json!({"lead_id": CONTACT_LEAD, "body": "Framed", "author_id": team.editor.id}),
        json!({"lead_id": CONTACT_LEAD, "body": "Framed", "author_name": "Eden Editor"}),
        json!({"lead_id": CONTACT_LEAD, "body": "Backdated", "created_at": "2020-01-01T00:00:00Z"}),
    ] {
        assert_error(
            &add_note(&app, Some(&owner), forged.clone()).await,
            403,
            "42501",
            "permission denied for table lead_notes",
        );
    }

    let (status, rows) = add_note(
        &app,
        Some(&owner),
        json!({"lead_id": CONTACT_LEAD, "body": "Demo booked"}),
    )
    .await;
    assert_eq!(status, 201, "{rows}");
    let id = rows[0]["id"].as_str().unwrap().to_owned();
    let path = format!("/rest/v1/lead_notes?id=eq.{id}");
    // A note stays as written: not even an owner edits or deletes it.
    for request in [
        app.with_token(Method::PATCH, &path, &owner)
            .json(&json!({"body": "Rewritten"})),
        app.with_token(Method::DELETE, &path, &owner),
    ] {
        let (status, answer) = request.status_json().await;
        assert_eq!(
            (status, &answer["code"]),
            (403, &json!("42501")),
            "{answer}"
        );
    }
    assert_eq!(
        app.db
            .json_rows("select body, author_id, author_name, created_at > now() - interval '1 minute' as now from lead_notes")
            .await,
        [json!({"body": "Demo booked", "author_id": team.owner.id, "author_name": "Olive Owner", "now": true})]
    );
}

#[tokio::test]
async fn an_empty_or_over_long_note_or_one_on_no_single_lead_is_refused_in_postgrest_format() {
    let app = spawn_app().await;
    with_leads(&app).await;
    let owner = add_staff(&app.db, "owner", "Olive Owner").await.jwt();

    let answer = add_note(
        &app,
        Some(&owner),
        json!({"lead_id": CONTACT_LEAD, "body": "x".repeat(5001)}),
    )
    .await;
    assert_error(
        &answer,
        400,
        "23514",
        "The note is 5001 characters long; at most 5000 are kept",
    );
    assert_eq!(answer.1["hint"], "Shorten the note, or split it in two");
    assert_error(
        &add_note(
            &app,
            Some(&owner),
            json!({"lead_id": CONTACT_LEAD, "body": " \n\t "}),
        )
        .await,
        400,
        "23514",
        "A note needs some text",
    );
    for (note, why) in [
        (
            json!({"lead_id": CONTACT_LEAD, "whitepaper_submission_id": WHITEPAPER_LEAD, "body": "Both"}),
            "two leads",
        ),
        (json!({"body": "Neither"}), "no lead"),
    ] {
        let (status, body) = add_note(&app, Some(&owner), note).await;
        assert_eq!(
            (status, &body["code"]),
            (400, &json!("23514")),
            "{why}: {body}"
        );
    }
    // A lead that does not exist.
    let (status, body) = add_note(
        &app,
        Some(&owner),
        json!({"lead_id": "1ead0000-0000-4000-8000-0000000000ff", "body": "Ghost"}),
    )
    .await;
    assert_eq!((status, &body["code"]), (409, &json!("23503")), "{body}");
    // Exactly 5000 characters is kept.
    let (status, _) = add_note(
        &app,
        Some(&owner),
        json!({"lead_id": CONTACT_LEAD, "body": "x".repeat(5000)}),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(app.db.count("select count(*) from lead_notes").await, 1);
}

#[tokio::test]
async fn each_note_is_in_the_activity_log_and_a_deleted_lead_takes_its_notes() {
    let app = spawn_app().await;
    with_leads(&app).await;
    let owner = add_staff(&app.db, "owner", "Olive Owner").await;
    for note in [
        json!({"lead_id": CONTACT_LEAD, "body": "Called"}),
        json!({"whitepaper_submission_id": WHITEPAPER_LEAD, "body": "Emailed"}),
    ] {
        assert_eq!(add_note(&app, Some(&owner.jwt()), note).await.0, 201);
    }
    assert_eq!(
        app.db
            .json_rows(
                "select entity, entity_id, summary, actor_name, details ->> 'characters' as characters
                   from admin_activity where action = 'lead_note' order by id"
            )
            .await,
        [
            json!({"entity": "contact_lead", "entity_id": CONTACT_LEAD, "summary": "ops@supplier.example: note added",
                   "actor_name": "Olive Owner", "characters": "6"}),
            json!({"entity": "whitepaper_lead", "entity_id": WHITEPAPER_LEAD, "summary": "ada@careline.example: note added",
                   "actor_name": "Olive Owner", "characters": "7"}),
        ]
    );
    app.db
        .execute(&format!("delete from leads where id = '{CONTACT_LEAD}'"))
        .await;
    assert_eq!(
        app.db.json_rows("select body from lead_notes").await,
        [json!({"body": "Emailed"})]
    );
}

#[tokio::test]
async fn the_old_internal_note_of_each_lead_became_its_first_note_once() {
    let app = spawn_app().await;
    // Leads whose note was saved in the single box before the thread existed, and one without.
    app.db
        .execute(&format!(
            "insert into leads (id, source, email, payload, internal_note, updated_at)
               values ('{CONTACT_LEAD}', 'contact', 'ops@supplier.example', '{{}}', ' Call back Tuesday ', '2026-11-30 10:00+00'),
                      (gen_random_uuid(), 'contact', 'quiet@supplier.example', '{{}}', '', now());
             insert into whitepaper_submissions (id, company_name, first_name, email, phone, internal_note, updated_at)
               values ('{WHITEPAPER_LEAD}', 'CareLine', 'Ada', 'ada@careline.example', '555', 'Wants a demo', '2026-12-01 09:30+00')"
        ))
        .await;
    let migration = cb_db::migrations()
        .find(|m| m.name == "20261206000100_lead_notes.sql")
        .expect("the lead notes migration");
    // Applied to these rows, then again (a re-run adds nothing).
    for _ in 0..2 {
        app.db.execute(migration.sql).await;
    }
    assert_eq!(
        app.db
            .json_rows(
                "select lead_id, whitepaper_submission_id, body, author_id, author_name,
                        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as created_at
                   from lead_notes order by created_at"
            )
            .await,
        [
            json!({"lead_id": CONTACT_LEAD, "whitepaper_submission_id": null, "body": "Call back Tuesday",
                   "author_id": null, "author_name": null, "created_at": "2026-11-30 10:00"}),
            json!({"lead_id": null, "whitepaper_submission_id": WHITEPAPER_LEAD, "body": "Wants a demo",
                   "author_id": null, "author_name": null, "created_at": "2026-12-01 09:30"}),
        ]
    );
    // The column keeps what it held; editors read the carried-over notes as any other.
    assert_eq!(
        app.db
            .count("select count(*) from leads where internal_note = ' Call back Tuesday '")
            .await,
        1
    );
    let editor = add_staff(&app.db, "editor", "Eden Editor").await;
    assert_eq!(
        read_notes(&app, Some(&editor.jwt())).await,
        (
            200,
            json!([
                {"body": "Call back Tuesday", "author_name": null},
                {"body": "Wants a demo", "author_name": null},
            ])
        )
    );
    // Nothing a migration does is logged as someone's activity.
    assert_eq!(
        app.db
            .count("select count(*) from admin_activity where action = 'lead_note'")
            .await,
        0
    );
}
