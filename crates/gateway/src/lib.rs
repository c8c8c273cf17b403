//! The gateway layer every API route passes through, playing the part Kong plays in front of
//! Supabase: API-key checks with Kong's exact answers, CORS as Kong's cors plugin does it, and
//! verification of the JWTs that carry the caller's role (HS256 with the project secret, ES256 and
//! RS256 with the signing keys).
mod apikey;
mod caller;
mod claims;
mod client_ip;
mod cors;
mod jwt;
mod keys;
mod resolve;

pub use apikey::{API_KEY_OPEN_PATHS, ApiKeyLayer, RequireApiKey};
pub use caller::{Caller, RoleClaim, bearer_token, caller_from_claims, headers_json};
pub use claims::{ClaimProblem, Claims, JwtError, contains_nul, unix_now};
pub use client_ip::TrustedProxies;
pub use cors::{Cors, CorsLayer, EXPOSED_HEADERS};
pub use jwt::{JwtVerifier, VerificationKey};
pub use keys::{
    ApiKeys, DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY, DOCKER_DEMO_ANON_KEY,
    DOCKER_DEMO_JWT_SECRET, DOCKER_DEMO_SERVICE_ROLE_KEY, KeyRole, PUBLIC_DEMO_SECRETS,
};
pub use resolve::{CallerRules, resolve_caller};
