//! The project's API keys: long-lived HS256 JWTs for the anon and service_role roles.
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use secrecy::{ExposeSecret as _, SecretString};
use serde_json::json;
use subtle::ConstantTimeEq as _;

/// The Supabase CLI's local secret and keys (what `supabase status` prints), so anything written
/// for `supabase start` works unchanged. Production refuses them.
pub const DEMO_JWT_SECRET: &str = "super-secret-jwt-token-with-at-least-32-characters-long";
pub const DEMO_ANON_KEY: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";
pub const DEMO_SERVICE_ROLE_KEY: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

/// The self-hosted Docker setup's demo secret and keys (docker/.env.example). With the local
/// default secret their two keys are accepted too, as aliases of the CLI's (projects configured
/// for either local stack keep working); production refuses this secret as well.
pub const DOCKER_DEMO_JWT_SECRET: &str =
    "your-super-secret-jwt-token-with-at-least-32-characters-long";
pub const DOCKER_DEMO_ANON_KEY: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyAgCiAgICAicm9sZSI6ICJhbm9uIiwKICAgICJpc3MiOiAic3VwYWJhc2UtZGVtbyIsCiAgICAiaWF0IjogMTY0MTc2OTIwMCwKICAgICJleHAiOiAxNzk5NTM1NjAwCn0.dc_X5iR_VP_qT0zsiyj_I_OZ2T9FtRU2BBNWN8Bu4GE";
pub const DOCKER_DEMO_SERVICE_ROLE_KEY: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyAgCiAgICAicm9sZSI6ICJzZXJ2aWNlX3JvbGUiLAogICAgImlzcyI6ICJzdXBhYmFzZS1kZW1vIiwKICAgICJpYXQiOiAxNjQxNzY5MjAwLAogICAgImV4cCI6IDE3OTk1MzU2MDAKfQ.DaYlNEoUrrEn2Ig7tqibS-PHK5vgusbcbo7X36XVt4Q";

/// Secrets anyone can read in Supabase's documentation: never for production.
pub const PUBLIC_DEMO_SECRETS: [&str; 2] = [DEMO_JWT_SECRET, DOCKER_DEMO_JWT_SECRET];

/// Issued-at and expiry of keys minted for a custom secret: fixed, so the same secret always
/// gives the same keys (a frontend configured once keeps working across restarts).
const MINTED_IAT: i64 = 1_763_769_600; // 2025-11-22
const MINTED_EXP: i64 = 2_079_302_400; // 2035-11-22

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRole {
    Anon,
    ServiceRole,
}

impl KeyRole {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Anon => "anon",
            Self::ServiceRole => "service_role",
        }
    }
}

#[derive(Debug, Clone)]
pub struct ApiKeys {
    /// Public by design: the browser is given it.
    pub anon: String,
    /// Bypasses row-level security: never logged.
    pub service_role: SecretString,
    /// Other exact keys for the same roles (the Docker demo keys beside the CLI's, locally).
    pub aliases: Vec<(String, KeyRole)>,
}

impl ApiKeys {
    /// The demo keys for the demo secret, otherwise keys minted deterministically from `secret`.
    pub fn for_secret(secret: &str) -> Self {
        if secret == DEMO_JWT_SECRET {
            return Self {
                anon: DEMO_ANON_KEY.into(),
                service_role: DEMO_SERVICE_ROLE_KEY.into(),
                aliases: vec![
                    (DOCKER_DEMO_ANON_KEY.into(), KeyRole::Anon),
                    (DOCKER_DEMO_SERVICE_ROLE_KEY.into(), KeyRole::ServiceRole),
                ],
            };
        }
        Self {
            anon: mint(secret, KeyRole::Anon),
            service_role: mint(secret, KeyRole::ServiceRole).into(),
            aliases: Vec::new(),
        }
    }

    /// Which consumer a raw `apikey` value belongs to, compared in constant time.
    pub fn role_of(&self, key: &str) -> Option<KeyRole> {
        if same_key(key, &self.anon) {
            Some(KeyRole::Anon)
        } else if same_key(key, self.service_role.expose_secret()) {
            Some(KeyRole::ServiceRole)
        } else {
            self.aliases
                .iter()
                .find(|(alias, _)| same_key(key, alias))
                .map(|(_, role)| *role)
        }
    }
}

fn mint(secret: &str, role: KeyRole) -> String {
    let claims = json!({ "role": role.as_str(), "iss": "claimbridge", "iat": MINTED_IAT, "exp": MINTED_EXP });
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .expect("HS256 signing of a JSON object cannot fail")
}

/// The same key, compared in constant time once the lengths match (a length is no secret).
fn same_key(a: &str, b: &str) -> bool {
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::JwtVerifier;

    /// The role claim of a key that `secret`'s verifier takes (a refused key fails the test).
    fn verified_role(secret: &str, key: &str) -> Option<String> {
        let claims = JwtVerifier::new(secret).verify(key).unwrap();
        claims.role().map(str::to_owned)
    }

    /// Whether `secret`'s verifier refuses the key.
    fn refused(secret: &str, key: &str) -> bool {
        JwtVerifier::new(secret).verify(key).is_err()
    }

    /// `keys` take `anon` as the anon key and `service_role` as the service role's.
    #[track_caller]
    fn assert_recognised(keys: &ApiKeys, anon: &str, service_role: &str) {
        assert_eq!(keys.role_of(anon), Some(KeyRole::Anon));
        assert_eq!(keys.role_of(service_role), Some(KeyRole::ServiceRole));
    }

    #[test]
    fn demo_secret_gives_the_supabase_demo_keys() {
        let keys = ApiKeys::for_secret(DEMO_JWT_SECRET);
        assert_eq!(
            verified_role(DEMO_JWT_SECRET, &keys.anon).as_deref(),
            Some("anon")
        );
        assert_eq!(
            verified_role(DEMO_JWT_SECRET, keys.service_role.expose_secret()).as_deref(),
            Some("service_role")
        );
    }

    #[test]
    fn the_docker_demo_keys_are_aliases_of_the_local_ones() {
        let keys = ApiKeys::for_secret(DEMO_JWT_SECRET);
        assert_recognised(&keys, DOCKER_DEMO_ANON_KEY, DOCKER_DEMO_SERVICE_ROLE_KEY);
        // Every verifier of the default secret takes them (Storage's and the functions' too).
        assert_eq!(
            verified_role(DEMO_JWT_SECRET, DOCKER_DEMO_SERVICE_ROLE_KEY).as_deref(),
            Some("service_role")
        );
        let other_docker_token = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &json!({"role": "service_role", "sub": "x"}),
            &EncodingKey::from_secret(DOCKER_DEMO_JWT_SECRET.as_bytes()),
        )
        .unwrap();
        assert!(
            refused(DEMO_JWT_SECRET, &other_docker_token),
            "only the two keys, not any token signed with the Docker secret"
        );
        assert!(refused(
            "a-production-secret-that-is-long-enough-0123456789",
            DOCKER_DEMO_ANON_KEY
        ));
        let custom = ApiKeys::for_secret("a-production-secret-that-is-long-enough-0123456789");
        assert_eq!(custom.role_of(DOCKER_DEMO_ANON_KEY), None);
    }

    #[test]
    fn minted_keys_are_stable_and_signed_with_the_secret() {
        let secret = "a-production-secret-that-is-long-enough-0123456789";
        let keys = ApiKeys::for_secret(secret);
        assert_eq!(keys.anon, ApiKeys::for_secret(secret).anon);
        assert_ne!(keys.anon, DEMO_ANON_KEY);
        assert_eq!(
            verified_role(secret, keys.service_role.expose_secret()).as_deref(),
            Some("service_role")
        );
        assert!(refused(DEMO_JWT_SECRET, &keys.anon));
    }

    #[test]
    fn role_of_recognises_only_the_exact_keys() {
        let keys = ApiKeys::for_secret(DEMO_JWT_SECRET);
        assert_recognised(&keys, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY);
        assert_eq!(
            keys.role_of(&DEMO_ANON_KEY[..DEMO_ANON_KEY.len() - 1]),
            None
        );
        assert_eq!(keys.role_of(""), None);
    }
}
