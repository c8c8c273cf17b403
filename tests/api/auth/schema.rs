//! Rows move between this server and a Supabase project: the auth tables have GoTrue's columns
//! (name, type, nullability; `gotrue-columns.txt` is what supabase/auth's migrations make, read
//! off a database they were applied to), and a user row written the way GoTrue and Supabase's
//! own seeds write it (a `$2a$` bcrypt hash, no identity row) signs in here.
use cb_tests::{password_sign_in, spawn_app};
use serde_json::{Value, json};

#[tokio::test]
async fn the_auth_tables_have_gotrues_columns() {
    let app = spawn_app().await;
    let ours: Vec<Value> = app
        .db
        .json_rows(
            "select table_name, column_name,
                    case when data_type = 'USER-DEFINED' then udt_name else data_type end as type,
                    is_nullable
               from information_schema.columns
              where table_schema = 'auth'
              order by table_name, column_name",
        )
        .await;
    let ours: Vec<String> = ours
        .iter()
        .map(|row| {
            ["table_name", "column_name", "type", "is_nullable"]
                .map(|key| row[key].as_str().unwrap_or_default().to_string())
                .join("|")
        })
        .collect();
    let gotrue: Vec<String> = include_str!("gotrue-columns.txt")
        .lines()
        .filter(|line| !line.is_empty())
        .map(str::to_string)
        .collect();
    assert_eq!(ours, gotrue);
}

#[tokio::test]
async fn a_user_row_written_as_supabase_writes_it_signs_in() {
    let app = spawn_app().await;
    let hash = bcrypt::hash("dumped-password-1", 4)
        .unwrap()
        .replacen("$2b$", "$2a$", 1);
    app.db
        .execute(&format!(
            "insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
                                     email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                                     created_at, updated_at, confirmation_token, email_change,
                                     email_change_token_new, recovery_token)
             values ('00000000-0000-0000-0000-000000000000', '6b9e0c1a-6d1e-4a58-9f0e-3c1b2a4d5e6f',
                     'authenticated', 'authenticated', 'restored@acme-dme.test', '{hash}', now(),
                     '{{\"provider\":\"email\",\"providers\":[\"email\"]}}', '{{}}', now(), now(),
                     '', '', '', '')"
        ))
        .await;
    let session = password_sign_in(&app, "restored@acme-dme.test", "dumped-password-1").await;
    assert_eq!(
        session["user"]["id"],
        "6b9e0c1a-6d1e-4a58-9f0e-3c1b2a4d5e6f"
    );
    assert_eq!(session["user"]["identities"], json!([]));
    // What this server wrote is GoTrue's shape too: its hash is bcrypt, as Supabase reads it.
    let stored: String = app
        .db
        .scalar("select encrypted_password from auth.users where email = 'restored@acme-dme.test'")
        .await;
    assert!(stored.starts_with("$2"));
}
