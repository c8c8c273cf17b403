//! Staff accounts as /auth/v1 leaves them in the database (an auth user, a signed-in session,
//! and for staff a `private.staff_members` row), and the access tokens GoTrue issues them.
use cb_db::sqlx;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::{Caller, TestDatabase, mint_jwt, now};

/// A signed-in person: a staff member with `role`, or (`role` None) someone with an account who is
/// not staff.
#[derive(Debug, Clone)]
pub struct Account {
    pub id: Uuid,
    pub email: String,
    /// The session their token names (a row of auth.sessions).
    pub session_id: Uuid,
    pub role: Option<&'static str>,
}

impl Account {
    /// The claims of the access token GoTrue issues them, with the `staff_role` claim the custom
    /// access token hook adds for staff.
    pub fn claims(&self) -> Value {
        let mut claims = json!({
            "aud": "authenticated", "role": "authenticated", "sub": self.id, "email": self.email,
            "phone": "", "aal": "aal1", "session_id": self.session_id, "is_anonymous": false,
            "amr": [{"method": "password", "timestamp": now()}],
            "app_metadata": {"provider": "email", "providers": ["email"]}, "user_metadata": {},
        });
        if let Some(role) = self.role {
            claims["staff_role"] = json!(role);
        }
        claims
    }

    /// Their claims with `changes` merged in at the top level (a forged or stale claim).
    pub fn claims_with(&self, changes: Value) -> Value {
        let mut claims = self.claims();
        if let (Some(claims), Value::Object(changes)) = (claims.as_object_mut(), changes) {
            claims.extend(changes);
        }
        claims
    }

    /// Their access token.
    pub fn jwt(&self) -> String {
        mint_jwt("authenticated", self.claims())
    }

    /// Their requests, as the database sees them.
    pub fn caller(&self) -> Caller {
        Caller::new("authenticated", self.claims())
    }
}

/// Adds an auth user named `display_name` (their email: `<first name>@staff.example`, lower
/// case) with one session, and, with `role`, makes them an active staff member.
pub async fn add_account(
    db: &TestDatabase,
    role: Option<&'static str>,
    display_name: &str,
) -> Account {
    let id = Uuid::new_v4();
    let session_id = Uuid::new_v4();
    let first = display_name
        .split_whitespace()
        .next()
        .unwrap_or("someone")
        .to_lowercase();
    let email = format!("{first}.{}@staff.example", &id.simple().to_string()[..6]);
    sqlx::query(
        "insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                                 last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '',
                 now(), now(), '{\"provider\": \"email\", \"providers\": [\"email\"]}',
                 jsonb_build_object('display_name', $3::text), now(), now())",
    )
    .bind(id)
    .bind(&email)
    .bind(display_name)
    .execute(&db.pool)
    .await
    .expect("add the auth user");
    add_session(db, id, session_id).await;
    if let Some(role) = role {
        sqlx::query(
            "insert into private.staff_members (user_id, role, invited_at) values ($1, $2, now())",
        )
        .bind(id)
        .bind(role)
        .execute(&db.pool)
        .await
        .expect("add the staff member");
    }
    Account {
        id,
        email,
        session_id,
        role,
    }
}

/// An active staff member with `role`.
pub async fn add_staff(db: &TestDatabase, role: &'static str, display_name: &str) -> Account {
    add_account(db, Some(role), display_name).await
}

/// Staff as an owner invites them: an owner, an editor and two authors.
#[derive(Debug)]
pub struct StaffTeam {
    pub owner: Account,
    pub editor: Account,
    pub author: Account,
    pub other_author: Account,
}

impl StaffTeam {
    pub async fn new(db: &TestDatabase) -> Self {
        Self {
            owner: add_staff(db, "owner", "Olive Owner").await,
            editor: add_staff(db, "editor", "Eden Editor").await,
            author: add_staff(db, "author", "Avery Author").await,
            other_author: add_staff(db, "author", "Blake Author").await,
        }
    }
}

/// Another session of `user` (a second device), as GoTrue records a sign-in.
pub async fn add_session(db: &TestDatabase, user: Uuid, session_id: Uuid) {
    sqlx::query(
        "insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
         values ($1, $2, now(), now(), 'aal1', 'Mozilla/5.0 (test)', '192.0.2.10')",
    )
    .bind(session_id)
    .bind(user)
    .execute(&db.pool)
    .await
    .expect("add the session");
}
